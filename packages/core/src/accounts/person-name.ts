import { z } from 'zod';

/** The longest name stored anywhere (profile, sign-up, waitlist), counted after normalising. */
export const PERSON_NAME_MAX_LENGTH = 100;

export const PERSON_NAME_MESSAGES = {
  tooLong: `Name must be at most ${PERSON_NAME_MAX_LENGTH} characters`,
  notText: 'Please enter your name as text',
  invisible: 'Please enter a name with letters in it',
  controlCharacters: 'Names cannot contain line breaks, tabs or other control characters',
  directionCharacters: 'Names cannot contain characters that change the direction of text',
} as const;

/* Lone UTF-16 surrogates: not text, and PostgreSQL cannot store them. */
const LONE_SURROGATES = /\p{Cs}/u;
/*
 * Control characters (C0, DEL, C1), which include NUL, tabs and line breaks, plus the line and
 * paragraph separators.
 */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u;
/*
 * Bidirectional controls: marks, embeddings, overrides and isolates. A name carrying them can
 * reorder what is displayed around it ("evil" shown as "live") on the boards.
 */
const DIRECTION_CHARACTERS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/*
 * What cannot be seen: whitespace, format characters (zero-width space, joiners, soft hyphen…),
 * variation selectors, combining marks with nothing to sit on, and the Hangul and Braille blanks.
 * A name made only of these is empty to a reader.
 */
const INVISIBLE_CHARACTERS = /[\s\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]|\p{M}/gu;

/**
 * Why a short free-text answer (not a name) is refused: the same control and direction
 * characters as a name, or undefined when it can be stored.
 */
export function shortTextProblem(text: string): string | undefined {
  if (LONE_SURROGATES.test(text)) return 'Please enter text';
  if (CONTROL_CHARACTERS.test(text.trim()))
    return 'Please enter a single line without tabs or control characters';
  if (DIRECTION_CHARACTERS.test(text))
    return 'Please remove the characters that change the direction of text';
  return undefined;
}

/** NFC, trimmed, every run of whitespace (of any script) one ordinary space. */
export function normalisePersonName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

/** How long a name may be and how a longer one is refused: a person's name unless told otherwise. */
export interface NameLength {
  maxLength: number;
  tooLong: string;
}

const PERSON_NAME_LENGTH: NameLength = {
  maxLength: PERSON_NAME_MAX_LENGTH,
  tooLong: PERSON_NAME_MESSAGES.tooLong,
};

/**
 * Why a name is refused, or undefined when its normalised form can be stored. Characters are
 * checked before normalising, which would otherwise turn a line break or tab into a space.
 */
export function personNameProblem(name: string, length: NameLength = PERSON_NAME_LENGTH): string | undefined {
  if (LONE_SURROGATES.test(name)) return PERSON_NAME_MESSAGES.notText;
  const trimmed = name.trim();
  if (CONTROL_CHARACTERS.test(trimmed)) return PERSON_NAME_MESSAGES.controlCharacters;
  if (DIRECTION_CHARACTERS.test(trimmed)) return PERSON_NAME_MESSAGES.directionCharacters;
  const normalised = normalisePersonName(name);
  if (normalised.replace(INVISIBLE_CHARACTERS, '') === '') return PERSON_NAME_MESSAGES.invisible;
  if ([...normalised].length > length.maxLength) return length.tooLong;
  return undefined;
}

/**
 * A person's name, wherever one is stored: refused with a message a person can act on, else
 * normalised. `required` is the message for a missing or blank name (each form words it);
 * `allowEmpty` keeps an empty string empty (better-auth's sign-up, which has no name field).
 * Other names people read on the boards (a league's) follow the same rules with their own
 * `length`.
 */
export function personNameSchema(options: { required: string; allowEmpty?: boolean; length?: NameLength }) {
  const length = options.length ?? PERSON_NAME_LENGTH;
  return (
    z
      .string({
        error: (issue) => (issue.input === undefined ? options.required : PERSON_NAME_MESSAGES.notText),
      })
      // A cheap bound before any work on the text; the real one is counted after normalising.
      .max(length.maxLength * 4, length.tooLong)
      .superRefine((raw, context) => {
        if (raw === '' && options.allowEmpty) return;
        if (raw.trim() === '') {
          context.addIssue({ code: 'custom', message: options.required });
          return;
        }
        const problem = personNameProblem(raw, length);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      })
      .transform(normalisePersonName)
  );
}
