import {
  type CreateLeagueInput,
  DEFAULT_LEAGUE_JOIN_MODE,
  DEFAULT_LEAGUE_MAX_MEMBERS,
  formatLeagueDateTime,
  JOIN_MODE_LABELS,
  LEAGUE_JOIN_MODES,
  LEAGUE_MAX_MEMBER_OPTIONS,
  LEAGUE_MESSAGES,
  type LeagueJoinMode,
  type LeagueMaxMembers,
  leagueNameSchema,
  UNLIMITED_MEMBERS,
} from '@hit21/core';

/** What the create form holds while the player types. */
export interface CreateLeagueValues {
  name: string;
  maxMembers: LeagueMaxMembers;
  joinMode: LeagueJoinMode;
  /** A `datetime-local` value in the reader's time zone ("2026-12-01T18:30"), or '' for none. */
  joinDeadline: string;
}

export type CreateLeagueField = 'name' | 'joinDeadline';
export type CreateLeagueErrors = Partial<Record<CreateLeagueField, string>>;

export const INITIAL_CREATE_LEAGUE_VALUES: CreateLeagueValues = {
  name: '',
  maxMembers: DEFAULT_LEAGUE_MAX_MEMBERS,
  joinMode: DEFAULT_LEAGUE_JOIN_MODE,
  joinDeadline: '',
};

export const MAX_MEMBER_SELECT_OPTIONS = LEAGUE_MAX_MEMBER_OPTIONS.map((option) => ({
  value: String(option),
  label: option === UNLIMITED_MEMBERS ? 'Unlimited' : String(option),
}));

/** The join modes as the create form offers them, each with what it means for a newcomer. */
export const JOIN_MODE_CHOICES: readonly { value: LeagueJoinMode; label: string; explanation: string }[] =
  LEAGUE_JOIN_MODES.map((mode) => ({
    value: mode,
    label: JOIN_MODE_LABELS[mode],
    explanation: {
      open: 'Anyone with the code joins straight away.',
      invite_only: 'Anyone with the code can ask; you approve each request.',
      locked: 'Nobody new can join until you change it.',
    }[mode],
  }));

export function parseMaxMembers(value: string): LeagueMaxMembers {
  const number = Number(value);
  return (LEAGUE_MAX_MEMBER_OPTIONS as readonly number[]).includes(number)
    ? (number as LeagueMaxMembers)
    : DEFAULT_LEAGUE_MAX_MEMBERS;
}

/** A moment as a `datetime-local` value in the reader's time zone, to the minute. */
export function toDateTimeLocalValue(instant: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}T${pad(instant.getHours())}:${pad(instant.getMinutes())}`;
}

/** A `datetime-local` value read in the reader's time zone; null when empty or unreadable. */
export function parseDateTimeLocalValue(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) return null;
  // Without an offset, a date-time string is local time (ECMAScript Date parsing).
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** "Joins close on 1 Dec 2026 at 18:30 (your time)", or null without a deadline. */
export function describeDeadline(value: string, timeZone?: string): string | null {
  const instant = parseDateTimeLocalValue(value);
  if (!instant) return null;
  const { date, time } = formatLeagueDateTime(instant, timeZone);
  return `Joins close on ${date} at ${time} (your time).`;
}

/**
 * The form's values checked as the server will check them, and turned into the request: the
 * name trimmed, the deadline sent as a UTC instant (or null).
 */
export function toCreateLeagueInput(
  values: CreateLeagueValues,
  now: Date,
): { input: CreateLeagueInput; errors?: undefined } | { input?: undefined; errors: CreateLeagueErrors } {
  const errors: CreateLeagueErrors = {};
  const name = leagueNameSchema.safeParse(values.name);
  if (!name.success) errors.name = name.error.issues[0]?.message ?? LEAGUE_MESSAGES.nameRequired;

  let joinDeadline: string | null = null;
  if (values.joinDeadline !== '') {
    const instant = parseDateTimeLocalValue(values.joinDeadline);
    if (!instant) errors.joinDeadline = 'Please enter a valid date and time';
    else if (instant.getTime() <= now.getTime()) errors.joinDeadline = LEAGUE_MESSAGES.deadlineInPast;
    else joinDeadline = instant.toISOString();
  }

  if (!name.success || errors.joinDeadline) return { errors };
  return {
    input: { name: name.data, maxMembers: values.maxMembers, joinMode: values.joinMode, joinDeadline },
  };
}
