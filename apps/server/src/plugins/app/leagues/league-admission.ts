import {
  type AdmissionWay,
  APP_ERROR_REASONS,
  AppError,
  canRunAnotherLeague,
  decideAdmission,
  formatLeagueDateTime,
  isSeasonOver,
  type JoinRefusal,
  joinDeadlinePassedMessage,
  LEAGUE_LIMITS,
  LEAGUE_MESSAGES,
  leagueFullMessage,
  rejoinTooSoonMessage,
  SEASON_OVER_LEAGUE_MESSAGE,
  tooManyAdministeredMessage,
  tooManyLeaguesMessage,
} from '@hit21/core';
import type { Executor } from '../../../db/database.ts';
import { findActiveSeason } from '../season/season-repository.ts';
import type { LeagueRow, MembershipRow } from './league-access-repository.ts';
import { findAddressKick } from './league-guards-repository.ts';
import { countActiveMemberships, countAdministeredLeagues } from './league-repository.ts';

/*
 * Every way into a league (a join, a rejoin, an approval, creating one) reads its facts and is
 * refused here, in the caller's transaction with the player's and the league's locks held, by the
 * rules of core's `decideAdmission`: one place, so no way in skips a limit.
 */

export interface AdmissionFacts {
  isSeasonOver: boolean;
  /** The player's approved and pending memberships of other leagues. */
  otherMemberships: number;
  /** A kick of the player's address from this league, kept from a deleted account, still running. */
  addressKickedAt: Date | null;
}

/** Whether the season of `seasonId` is over at `now`. */
export async function isLeagueSeasonOver(db: Executor, seasonId: string, now: Date): Promise<boolean> {
  return isSeasonOver((await findActiveSeason(db, seasonId)).gameweeks, now);
}

export async function readAdmissionFacts(
  db: Executor,
  options: { league: LeagueRow; userId: string; membership: MembershipRow | null; now: Date },
): Promise<AdmissionFacts> {
  const { league, userId, membership, now } = options;
  const counted = membership?.status === 'approved' || membership?.status === 'pending' ? 1 : 0;
  return {
    isSeasonOver: await isLeagueSeasonOver(db, league.seasonId, now),
    otherMemberships: (await countActiveMemberships(db, userId)) - counted,
    addressKickedAt: await findAddressKick(db, league.id, userId, now),
  };
}

/** Refuses a way into the league that would pass a limit (an approval, `way: 'approval'`). */
export async function assertAdmission(
  db: Executor,
  options: { way: AdmissionWay; league: LeagueRow; userId: string; membership: MembershipRow; now: Date },
): Promise<void> {
  const { way, league, membership, now } = options;
  const facts = await readAdmissionFacts(db, options);
  const refused = decideAdmission({
    way,
    isSeasonOver: facts.isSeasonOver,
    league,
    requestedAt: way === 'request' ? now : membership.requestedAt,
    kickedAt: membership.status === 'kicked' ? membership.kickedAt : facts.addressKickedAt,
    otherMemberships: facts.otherMemberships,
    now,
  });
  if (refused) throw admissionRefusal(refused.refusal, league, refused.retryAt);
}

/** Refuses a new league once the season is over, or to a player at their league or admin limit. */
export async function assertCanCreateLeague(
  db: Executor,
  options: { userId: string; seasonId: string; now: Date },
): Promise<void> {
  const { userId, seasonId, now } = options;
  if (await isLeagueSeasonOver(db, seasonId, now))
    throw admissionRefusal('SEASON_OVER', undefined, undefined);
  if ((await countActiveMemberships(db, userId)) >= LEAGUE_LIMITS.memberships)
    throw admissionRefusal('TOO_MANY_LEAGUES', undefined, undefined);
  if (!canRunAnotherLeague(await countAdministeredLeagues(db, userId))) {
    const message = tooManyAdministeredMessage();
    throw new AppError('CONFLICT', { reason: 'TOO_MANY_ADMINISTERED', message, userMessage: message });
  }
}

/** The refusal a player or an admin reads, with the time it names in `details`. */
export function admissionRefusal(
  refusal: JoinRefusal,
  league: LeagueRow | undefined,
  retryAt: Date | undefined,
): AppError {
  switch (refusal) {
    case 'LEAGUE_NOT_FOUND':
      return refuse(refusal, LEAGUE_MESSAGES.notFoundByCode);
    case 'ALREADY_MEMBER':
      return refuse(refusal, LEAGUE_MESSAGES.alreadyMember);
    case 'ALREADY_PENDING':
      return refuse(refusal, LEAGUE_MESSAGES.alreadyPending);
    case 'LEAGUE_LOCKED':
      return refuse(refusal, LEAGUE_MESSAGES.locked);
    case 'SEASON_OVER':
      return refuse(refusal, SEASON_OVER_LEAGUE_MESSAGE);
    case 'JOIN_DEADLINE_PASSED': {
      // Worded in UTC here; the screen rewords it in the reader's time zone from `details`.
      const deadline = league?.joinDeadline ?? new Date(0);
      const { date, time } = formatLeagueDateTime(deadline, 'UTC');
      return refuse(refusal, joinDeadlinePassedMessage(date, time), {
        deadline: deadline.toISOString(),
      });
    }
    case 'REJOIN_TOO_SOON': {
      const when = retryAt ?? new Date(0);
      const { date, time } = formatLeagueDateTime(when, 'UTC');
      return refuse(refusal, rejoinTooSoonMessage(date, time), { retryAt: when.toISOString() });
    }
    case 'LEAGUE_FULL':
      return refuse(refusal, leagueFullMessage(league?.maxMembers ?? 0));
    case 'TOO_MANY_LEAGUES':
      return refuse(refusal, tooManyLeaguesMessage());
  }
}

function refuse(reason: JoinRefusal, message: string, details?: Record<string, string>): AppError {
  return new AppError(APP_ERROR_REASONS[reason], { reason, message, userMessage: message, details });
}
