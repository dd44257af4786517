/**
 * The rules of private mini-leagues, shared by the server (which enforces them) and the
 * screens (which mirror them). Every message quoted by the specification is here, word for word.
 */

export const LEAGUE_CODE_LENGTH = 8;
export const LEAGUE_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const LEAGUE_CODE_PATTERN = /^[A-Z0-9]{8}$/;

/** -1 means Unlimited, as the specification stores it. */
export const UNLIMITED_MEMBERS = -1;
export const LEAGUE_MAX_MEMBER_OPTIONS = [50, 100, 200, 500, 1000, UNLIMITED_MEMBERS] as const;
export type LeagueMaxMembers = (typeof LEAGUE_MAX_MEMBER_OPTIONS)[number];
export const DEFAULT_LEAGUE_MAX_MEMBERS: LeagueMaxMembers = 50;

export const LEAGUE_JOIN_MODES = ['open', 'invite_only', 'locked'] as const;
export type LeagueJoinMode = (typeof LEAGUE_JOIN_MODES)[number];
export const DEFAULT_LEAGUE_JOIN_MODE: LeagueJoinMode = 'invite_only';

export const MEMBERSHIP_STATUSES = ['pending', 'approved', 'rejected', 'kicked'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/**
 * Limits of our own (the specification sets none). The official game lets a manager join 30
 * private leagues; Hit21 does the same, counting approved and pending memberships (the leagues a
 * player administers included). Rejected and kicked memberships do not count.
 */
export const LEAGUE_LIMITS = {
  /** Leagues a player may belong to or be waiting for at once, administered ones included. */
  memberships: 30,
  /** Leagues a player may administer at once (within the 30 above). */
  administered: 10,
  /** Characters of a league name after trimming. */
  nameLength: 50,
} as const;

/** A kicked member may ask to rejoin this long after the kick (DECISIONS.md). */
export const KICK_REJOIN_COOLDOWN_MS = 24 * 60 * 60 * 1000;
/** A saved invite (pendingLeagueJoin) older than this is discarded. */
export const PENDING_INVITE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export const LEAGUE_STANDINGS_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_LEAGUE_STANDINGS_PAGE_SIZE = 50;
/** Members management lists this many members a page. */
export const LEAGUE_MEMBERS_PAGE_SIZE = 50;

export const JOIN_MODE_LABELS: Record<LeagueJoinMode, string> = {
  open: 'Open',
  invite_only: 'Invite Only',
  locked: 'Locked',
};

/** The invite page and the pending-invite modal describe a join mode with these words. */
export const JOIN_MODE_DESCRIPTIONS: Record<LeagueJoinMode, string> = {
  open: 'Anyone can join',
  invite_only: 'Requires approval',
  locked: 'No new members',
};

/** "Unlimited" or "N max". */
export function maxMembersLabel(maxMembers: number): string {
  return maxMembers === UNLIMITED_MEMBERS ? 'Unlimited' : `${maxMembers} max`;
}

export function isLeagueFull(maxMembers: number, approvedMembers: number): boolean {
  return maxMembers !== UNLIMITED_MEMBERS && approvedMembers >= maxMembers;
}

export const LEAGUE_MESSAGES = {
  nameRequired: 'Please enter a league name',
  nameTooLong: `League names are at most ${LEAGUE_LIMITS.nameLength} characters`,
  deadlineInPast: 'The join deadline must be in the future',
  codeRequired: 'Please enter a league code',
  codeInvalid: 'Invalid league code',
  notFoundByCode: 'League not found. Please check the league code and try again.',
  notFound: 'League not found',
  locked: 'This league is locked and not accepting new members',
  alreadyMember: 'You are already a member of this league',
  alreadyPending: 'You already have a pending request for this league',
  joined: 'Successfully joined the league!',
  applied: 'Application submitted! The league administrator will review your request.',
  rejoinRequested: 'Rejoin request submitted! The league administrator will review your request.',
  emailRequired: 'Please enter a user email',
  emailInvalid: 'Please enter a valid email address',
  cannotRemoveAdmin: 'Cannot remove the league administrator',
  adminOnly: 'Only the league administrator can do that',
  adminCannotLeave: 'The league administrator cannot leave the league. Hand it over to another member first.',
  newAdminNotMember: 'The new administrator must be an approved member of this league',
  newAdminIsYou: 'You are already the administrator of this league',
  signInRequired: 'User not authenticated',
  notReady: 'Please complete your profile and pick your team before joining a league.',
} as const;

/** "The join deadline for this league has passed. The deadline was {date} at {time}." */
export function joinDeadlinePassedMessage(date: string, time: string): string {
  return `The join deadline for this league has passed. The deadline was ${date} at ${time}.`;
}

export function leagueFullMessage(maxMembers: number): string {
  return `This league is full: it already has its maximum of ${maxMembers} members.`;
}

/** The kick cooldown's refusal, naming when the player may ask again. */
export function rejoinTooSoonMessage(date: string, time: string): string {
  return `You were removed from this league. You can request to rejoin from ${date} at ${time}.`;
}

export function tooManyLeaguesMessage(): string {
  return `You can be in at most ${LEAGUE_LIMITS.memberships} leagues at once. Leave one to join or create another.`;
}

export function tooManyAdministeredMessage(): string {
  return `You can run at most ${LEAGUE_LIMITS.administered} leagues at once. Delete one or hand it over first.`;
}

/** en-GB short date and 24-hour time in the reader's (or the given) time zone. */
export function formatLeagueDateTime(instant: Date, timeZone?: string): { date: string; time: string } {
  const date = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone,
  }).format(instant);
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone }).format(
    instant,
  );
  return { date, time };
}

export type MemberAction = 'approved' | 'rejected' | 'kicked';

/**
 * Which status changes the admin may make: pending → approved or rejected; approved → kicked;
 * kicked → approved or rejected; rejected → approved. The admin's own row never changes.
 */
export function isAllowedMemberChange(from: MembershipStatus, to: MemberAction): boolean {
  switch (from) {
    case 'pending':
      return to === 'approved' || to === 'rejected';
    case 'approved':
      return to === 'kicked';
    case 'kicked':
      return to === 'approved' || to === 'rejected';
    case 'rejected':
      return to === 'approved';
  }
}

/** A random league code: 8 characters of A–Z and 0–9, from the given source of random bytes. */
export function generateLeagueCode(randomBytes: (count: number) => Uint8Array): string {
  // 252 is the largest multiple of 36 below 256: rejecting the rest keeps every character equally likely.
  let code = '';
  while (code.length < LEAGUE_CODE_LENGTH) {
    for (const byte of randomBytes(LEAGUE_CODE_LENGTH * 2)) {
      if (byte < 252 && code.length < LEAGUE_CODE_LENGTH) code += LEAGUE_CODE_ALPHABET[byte % 36];
    }
  }
  return code;
}

/** Trimmed and upper-cased, as the join input and the invite page read a code. */
export function normalizeLeagueCode(raw: string): string {
  return raw.trim().toUpperCase();
}
