import { describe, expect, it } from 'vitest';
import { waitlistInputSchema } from '../waitlist/waitlist.schemas.ts';
import { PERSON_NAME_MESSAGES, personNameSchema } from './person-name.ts';
import { onboardingInputSchema, updateProfileInputSchema } from './profile.schemas.ts';

const name = personNameSchema({ required: 'Name is required' });

function problem(input: unknown): string | undefined {
  const result = name.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('a person name', () => {
  it.each([
    ['  Jordan   Fan  ', 'Jordan Fan'],
    ['Jordan\u00A0\u2003Fan', 'Jordan Fan'],
    // NFD "é" (e + combining acute) is stored composed.
    ['Jose\u0301 Mourinho', 'José Mourinho'],
    ['İlkay Gündoğan', 'İlkay Gündoğan'],
    ['محمد صلاح', 'محمد صلاح'],
    ['Son Heung-min 손흥민', 'Son Heung-min 손흥민'],
    ["Conor O'Neill", "Conor O'Neill"],
    // A zero-width joiner inside an emoji sequence is part of real text.
    ['Fan 👨‍👩‍👧', 'Fan 👨‍👩‍👧'],
  ])('normalises %j to %j', (input, expected) => {
    expect(name.parse(input)).toBe(expected);
  });

  it.each([
    ['a line feed', 'Jordan\nFan', PERSON_NAME_MESSAGES.controlCharacters],
    ['a carriage return', 'Jordan\r\nFan', PERSON_NAME_MESSAGES.controlCharacters],
    ['a tab', 'Jordan\tFan', PERSON_NAME_MESSAGES.controlCharacters],
    ['a NUL', 'Jordan\u0000Fan', PERSON_NAME_MESSAGES.controlCharacters],
    ['a C1 control', 'Jordan\u0085Fan', PERSON_NAME_MESSAGES.controlCharacters],
    ['a line separator', 'Jordan\u2028Fan', PERSON_NAME_MESSAGES.controlCharacters],
    ['a right-to-left override', '\u202Elive', PERSON_NAME_MESSAGES.directionCharacters],
    ['a left-to-right embedding', 'a\u202Ab', PERSON_NAME_MESSAGES.directionCharacters],
    ['a first-strong isolate', 'a\u2068b\u2069', PERSON_NAME_MESSAGES.directionCharacters],
    ['a right-to-left mark', 'evil\u200F', PERSON_NAME_MESSAGES.directionCharacters],
    ['an Arabic letter mark', 'a\u061Cb', PERSON_NAME_MESSAGES.directionCharacters],
    ['only zero-width spaces', '\u200B\u200B', PERSON_NAME_MESSAGES.invisible],
    ['only joiners and a soft hyphen', '\u200D\u200C\u00AD', PERSON_NAME_MESSAGES.invisible],
    ['only a Hangul filler', '\u3164', PERSON_NAME_MESSAGES.invisible],
    ['only combining marks', '\u0301\u0301', PERSON_NAME_MESSAGES.invisible],
    ['a lone surrogate', 'Jordan\uD800', PERSON_NAME_MESSAGES.notText],
    ['101 characters', 'a'.repeat(101), PERSON_NAME_MESSAGES.tooLong],
    ['a million characters', 'a'.repeat(1_000_000), PERSON_NAME_MESSAGES.tooLong],
    ['only spaces', '   ', 'Name is required'],
    ['an empty string', '', 'Name is required'],
    ['nothing', undefined, 'Name is required'],
    ['null', null, PERSON_NAME_MESSAGES.notText],
    ['an object', { first: 'Jordan' }, PERSON_NAME_MESSAGES.notText],
    ['an array', ['Jordan'], PERSON_NAME_MESSAGES.notText],
  ])('refuses %s', (_case, input, message) => {
    expect(problem(input)).toBe(message);
  });

  it('counts the length after collapsing spaces and in characters, not UTF-16 units', () => {
    expect(problem(`${'a'.repeat(50)}${' '.repeat(40)}${'b'.repeat(49)}`)).toBeUndefined();
    expect(problem('😀'.repeat(100))).toBeUndefined();
    expect(problem('😀'.repeat(101))).toBe(PERSON_NAME_MESSAGES.tooLong);
  });

  it('keeps an empty name empty only where the form allows it', () => {
    const optional = personNameSchema({ required: 'Name is required', allowEmpty: true });
    expect(optional.parse('')).toBe('');
    expect(optional.safeParse(' ').success).toBe(false);
    expect(optional.safeParse('\u202Eevil').success).toBe(false);
  });

  it('is the name of onboarding, settings and the waitlist', () => {
    const onboarding = onboardingInputSchema.safeParse({
      fullName: 'evil\u202E',
      dob: '1990-01-01',
      country: 'United Kingdom',
      favouriteClub: 'Brighton',
      howDidYouHear: 'friend',
    });
    expect(onboarding.error?.issues[0]?.message).toBe(PERSON_NAME_MESSAGES.directionCharacters);
    expect(updateProfileInputSchema.parse({ fullName: ' Jordan  Fan ', dob: '1990-01-01' }).fullName).toBe(
      'Jordan Fan',
    );
    const waitlist = waitlistInputSchema.safeParse({ fullName: 'a'.repeat(101), email: 'fan@example.com' });
    expect(waitlist.error?.issues[0]?.message).toBe('Name must be at most 100 characters');
    expect(waitlistInputSchema.safeParse({ email: 'fan@example.com' }).error?.issues[0]?.message).toBe(
      'Full name is required',
    );
  });

  it('keeps the free-text "how did you hear" answer to one clean line', () => {
    const base = {
      fullName: 'Jordan Fan',
      dob: '1990-01-01',
      country: 'United Kingdom',
      favouriteClub: 'Brighton',
      howDidYouHear: 'other',
    };
    expect(
      onboardingInputSchema.parse({ ...base, howDidYouHearOther: '  a   podcast ' }).howDidYouHearOther,
    ).toBe('a podcast');
    expect(onboardingInputSchema.safeParse({ ...base, howDidYouHearOther: 'a\npodcast' }).success).toBe(
      false,
    );
    expect(onboardingInputSchema.safeParse({ ...base, howDidYouHearOther: '\u202Epodcast' }).success).toBe(
      false,
    );
  });
});
