import {
  changeLeagueAdminInputSchema,
  formatLeagueDateTime,
  LEAGUE_MESSAGES,
  type LeagueJoinMode,
  type LeagueMember,
  leagueNameSchema,
  type UpdateLeagueInput,
} from '@hit21/core';

/*
 * The league admin screens' pure rules: the deadline between the stored UTC instant and the
 * reader's local `datetime-local` box, the settings form's checks, the hand-over e-mail, and
 * the words a member row shows. The server checks all of it again.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** "YYYY-MM-DDTHH:mm" in the reader's time zone, the value a `datetime-local` box holds. */
export function toDateTimeLocalValue(instant: Date): string {
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}T${pad(
    instant.getHours(),
  )}:${pad(instant.getMinutes())}`;
}

/** The stored deadline (UTC ISO or null) as the box shows it: local time, '' for none. */
export function deadlineInputValue(joinDeadline: string | null): string {
  return joinDeadline ? toDateTimeLocalValue(new Date(joinDeadline)) : '';
}

/**
 * The box's local date-time as a UTC ISO instant, null when empty, undefined when it is not a
 * date-time. (A date-time without an offset is read as local time.)
 */
export function deadlineFromInput(value: string): string | null | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(trimmed)) return undefined;
  const instant = new Date(trimmed);
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
}

export type DeadlineBanner = { kind: 'none' } | { kind: 'upcoming' | 'passed'; date: string; time: string };

/** Whether the league has a deadline, and whether it is still ahead, in en-GB local words. */
export function joinDeadlineBanner(
  joinDeadline: string | null,
  now: Date,
  timeZone?: string,
): DeadlineBanner {
  if (!joinDeadline) return { kind: 'none' };
  const instant = new Date(joinDeadline);
  const { date, time } = formatLeagueDateTime(instant, timeZone);
  return { kind: instant.getTime() > now.getTime() ? 'upcoming' : 'passed', date, time };
}

export interface LeagueSettingsForm {
  name: string;
  joinMode: LeagueJoinMode;
  /** The `datetime-local` box's value; '' for no deadline. */
  deadline: string;
}

export type LeagueSettingsErrors = Partial<Record<'name' | 'deadline', string>>;

export function leagueSettingsForm(league: {
  name: string;
  joinMode: LeagueJoinMode;
  joinDeadline: string | null;
}): LeagueSettingsForm {
  return { name: league.name, joinMode: league.joinMode, deadline: deadlineInputValue(league.joinDeadline) };
}

/**
 * The PATCH body for the settings form, or what to fix. A deadline left as it was is sent as
 * stored (to the second), so saving a new name never trips over a deadline that has passed;
 * a changed one must be in the future.
 */
export function leagueSettingsInput(
  form: LeagueSettingsForm,
  stored: { joinDeadline: string | null },
  now: Date,
): { input: UpdateLeagueInput } | { errors: LeagueSettingsErrors } {
  const errors: LeagueSettingsErrors = {};
  const name = leagueNameSchema.safeParse(form.name);
  if (!name.success) errors.name = name.error.issues[0]?.message ?? LEAGUE_MESSAGES.nameRequired;

  let joinDeadline: string | null | undefined;
  if (form.deadline === deadlineInputValue(stored.joinDeadline)) {
    joinDeadline = stored.joinDeadline;
  } else {
    joinDeadline = deadlineFromInput(form.deadline);
    if (joinDeadline === undefined) errors.deadline = 'Please enter a valid date and time';
    else if (joinDeadline !== null && new Date(joinDeadline).getTime() <= now.getTime())
      errors.deadline = LEAGUE_MESSAGES.deadlineInPast;
  }

  if (!name.success || joinDeadline === undefined || errors.deadline) return { errors };
  return { input: { name: name.data, joinMode: form.joinMode, joinDeadline } };
}

/** The new admin's e-mail, trimmed and lower-cased, or the specification's message. */
export function parseAdminEmail(raw: string): { email: string } | { error: string } {
  const parsed = changeLeagueAdminInputSchema.safeParse({ email: raw });
  if (parsed.success) return { email: parsed.data.email };
  return { error: parsed.error.issues[0]?.message ?? LEAGUE_MESSAGES.emailInvalid };
}

/**
 * The date line of a member row: when they joined or asked, and from when a kicked one may ask
 * again (the server's clock decides; the screen only words the moment).
 */
export function memberDateLine(
  member: Pick<LeagueMember, 'status' | 'joinedAt' | 'canRejoinAt'>,
  timeZone?: string,
): string {
  const joined = formatLeagueDateTime(new Date(member.joinedAt), timeZone);
  switch (member.status) {
    case 'approved':
      return `Joined ${joined.date}`;
    case 'pending':
    case 'rejected':
      return `Requested ${joined.date} at ${joined.time}`;
    case 'kicked': {
      if (!member.canRejoinAt) return 'Kicked';
      const at = formatLeagueDateTime(new Date(member.canRejoinAt), timeZone);
      return `Kicked · can request to rejoin from ${at.date} at ${at.time}`;
    }
  }
}
