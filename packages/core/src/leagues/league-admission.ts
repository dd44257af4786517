import {
  isLeagueFull,
  KICK_REJOIN_COOLDOWN_MS,
  LEAGUE_LIMITS,
  LEAGUE_MESSAGES,
  type LeagueJoinMode,
  type MembershipStatus,
} from './league-rules.ts';

/**
 * The limits every way into a league respects (decision 012), judged in one place:
 * - `request`: the player asks (join by code, ask to rejoin), judged at `now`;
 * - `approval`: the admin lets in a pending, rejected or kicked member. The deadline judges when
 *   the player asked, not when the admin answers; the kick wait binds the player, not the admin
 *   who kicked (spec: a kicked member may be approved by the admin).
 * Every way is refused once the season is over, when the league is full, and when the player is
 * already in or waiting for their 30 leagues.
 */
export type AdmissionWay = 'request' | 'approval';

/** Every reason a request to join is refused, in the order a player is told. */
export const JOIN_REFUSALS = [
  'LEAGUE_NOT_FOUND',
  'ALREADY_MEMBER',
  'ALREADY_PENDING',
  'SEASON_OVER',
  'LEAGUE_LOCKED',
  'JOIN_DEADLINE_PASSED',
  'REJOIN_TOO_SOON',
  'LEAGUE_FULL',
  'TOO_MANY_LEAGUES',
] as const;
export type JoinRefusal = (typeof JOIN_REFUSALS)[number];

export type AdmissionRefusal = Extract<
  JoinRefusal,
  'SEASON_OVER' | 'JOIN_DEADLINE_PASSED' | 'REJOIN_TOO_SOON' | 'LEAGUE_FULL' | 'TOO_MANY_LEAGUES'
>;

export interface AdmissionInput {
  way: AdmissionWay;
  isSeasonOver: boolean;
  league: { joinDeadline: Date | null; maxMembers: number; approvedMembers: number };
  /** When the player asked: now for a request, the stored request for an approval. */
  requestedAt: Date;
  /** The latest kick of this player (or of their address) from this league, if any. */
  kickedAt: Date | null;
  /** The player's approved and pending memberships of other leagues. */
  otherMemberships: number;
  now: Date;
}

export function decideAdmission(input: AdmissionInput): { refusal: AdmissionRefusal; retryAt?: Date } | null {
  const { way, league, now } = input;
  if (input.isSeasonOver) return { refusal: 'SEASON_OVER' };
  if (league.joinDeadline && league.joinDeadline.getTime() < input.requestedAt.getTime())
    return { refusal: 'JOIN_DEADLINE_PASSED' };
  if (way === 'request' && input.kickedAt) {
    const retryAt = new Date(input.kickedAt.getTime() + KICK_REJOIN_COOLDOWN_MS);
    if (retryAt.getTime() > now.getTime()) return { refusal: 'REJOIN_TOO_SOON', retryAt };
  }
  if (isLeagueFull(league.maxMembers, league.approvedMembers)) return { refusal: 'LEAGUE_FULL' };
  if (input.otherMemberships >= LEAGUE_LIMITS.memberships) return { refusal: 'TOO_MANY_LEAGUES' };
  return null;
}

/** Whether a player who runs `administered` leagues may come to run one more (create, hand-over). */
export function canRunAnotherLeague(administered: number): boolean {
  return administered < LEAGUE_LIMITS.administered;
}

/** Join requests a player may send one league in `JOIN_REQUEST_WINDOW_MS` (withdrawn ones count). */
export const JOIN_REQUESTS_PER_WINDOW = 3;
export const JOIN_REQUEST_WINDOW_MS = 60 * 60 * 1000;

/** Once the season is over, leagues are neither created nor joined; what stays open is named. */
export const SEASON_OVER_LEAGUE_MESSAGE =
  'The season is over, so leagues can no longer be created or joined. Standings and leaderboards stay open.';

/** The refusal of a request over the per-league limit, naming when the player may ask again. */
export function tooManyJoinRequestsMessage(date: string, time: string): string {
  return `You have asked to join this league ${JOIN_REQUESTS_PER_WINDOW} times in the last hour. You can ask again from ${date} at ${time}.`;
}

export type JoinDecision =
  | { outcome: 'approved' | 'pending'; message: string }
  | { refusal: JoinRefusal; retryAt?: Date };

/**
 * What asking to join a league does, in the order a player is told: a player already in (or
 * waiting for) the league is told so before anything about the league's settings.
 * - open: approved at once, unless the player was rejected or kicked before (then pending);
 * - invite_only: pending; locked: refused; then `decideAdmission` (season, deadline, kick wait,
 *   size, the player's own limit); rejected: may ask again at once.
 */
export function decideJoin(input: {
  league: { joinMode: LeagueJoinMode; joinDeadline: Date | null; maxMembers: number } | null;
  membership: { status: MembershipStatus; kickedAt: Date | null } | null;
  approvedMembers: number;
  /** The player's approved and pending memberships in other leagues. */
  playerMemberships: number;
  now: Date;
  isSeasonOver?: boolean;
  /** A kick of the player's address from this league, kept when an earlier account was deleted. */
  addressKickedAt?: Date | null;
}): JoinDecision {
  const { league, membership, now } = input;
  if (!league) return { refusal: 'LEAGUE_NOT_FOUND' };
  if (membership?.status === 'approved') return { refusal: 'ALREADY_MEMBER' };
  if (membership?.status === 'pending') return { refusal: 'ALREADY_PENDING' };
  if (input.isSeasonOver) return { refusal: 'SEASON_OVER' };
  if (league.joinMode === 'locked') return { refusal: 'LEAGUE_LOCKED' };
  const kicks = [membership?.status === 'kicked' ? membership.kickedAt : null, input.addressKickedAt ?? null];
  const latestKick = kicks.reduce<Date | null>(
    (latest, kick) => (kick && (!latest || kick > latest) ? kick : latest),
    null,
  );
  const refused = decideAdmission({
    way: 'request',
    isSeasonOver: false,
    league: { ...league, approvedMembers: input.approvedMembers },
    requestedAt: now,
    kickedAt: latestKick,
    otherMemberships: input.playerMemberships,
    now,
  });
  if (refused) return refused;
  if (membership || latestKick) return { outcome: 'pending', message: LEAGUE_MESSAGES.rejoinRequested };
  return league.joinMode === 'open'
    ? { outcome: 'approved', message: LEAGUE_MESSAGES.joined }
    : { outcome: 'pending', message: LEAGUE_MESSAGES.applied };
}
