import {
  APP_ERROR_REASONS,
  AppError,
  decideJoin,
  formatLeagueDateTime,
  type JoinLeagueResult,
  type JoinRefusal,
  joinDeadlinePassedMessage,
  LEAGUE_MESSAGES,
  leagueFullMessage,
  rejoinTooSoonMessage,
} from '@hit21/core';
import type { Database } from '../../../db/database.ts';
import { changeJoinRequestNotification } from '../notifications/join-request-notifications.ts';
import { notReadyToJoin, tooManyLeagues } from './create-league.ts';
import type { LeagueRow } from './league-access-repository.ts';
import { findLeagueWithMembership, markLeagueMembersChanged } from './league-access-repository.ts';
import { changeLeagueCounters } from './league-counters-repository.ts';
import {
  countActiveMemberships,
  findLeagueByCode,
  lockLeaguePlayer,
  saveJoinRequest,
} from './league-repository.ts';
import { toLeagueSummary } from './league-summary.ts';

/**
 * Asks to join the league of the active season with this code, in one transaction holding the
 * player's lock and then the league's: two players racing for the last place, or one player
 * racing their own league limit, are decided one after the other. Every rule is `decideJoin`'s.
 */
export async function joinLeague(options: {
  db: Database;
  userId: string;
  seasonId: string;
  code: string;
  now: Date;
}): Promise<JoinLeagueResult & { membersChanged: boolean }> {
  const { db, userId, seasonId, code, now } = options;
  return db.transaction(async (tx) => {
    const player = await lockLeaguePlayer(tx, userId);
    if (!player?.onboardingComplete || !player.playerSelectionComplete) throw notReadyToJoin();

    const byCode = await findLeagueByCode(tx, code, seasonId);
    const found = byCode ? await findLeagueWithMembership(tx, byCode.id, userId, { lock: true }) : null;
    // The admin may have replaced the code while we waited for the lock.
    const current = found && found.league.code === code ? found : null;

    const decision = decideJoin({
      league: current?.league ?? null,
      membership: current?.membership ?? null,
      approvedMembers: current?.league.approvedMembers ?? 0,
      playerMemberships: await countActiveMemberships(tx, userId),
      now,
    });
    if ('refusal' in decision) throw joinRefusal(decision.refusal, current?.league, decision.retryAt);
    if (!current) throw joinRefusal('LEAGUE_NOT_FOUND', undefined, undefined);

    const { league, membership } = current;
    await saveJoinRequest(tx, { leagueId: league.id, userId, status: decision.outcome, now });
    await changeLeagueCounters(tx, league.id, membership?.status ?? null, decision.outcome);
    await changeJoinRequestNotification(tx, league.id, userId, membership?.status ?? null, decision.outcome);
    const membersChanged = decision.outcome === 'approved';
    if (membersChanged) await markLeagueMembersChanged(tx, league.id, userId);

    const joined = await findLeagueWithMembership(tx, league.id, userId);
    if (!joined?.membership) throw new Error('The join request was not stored');
    return {
      league: toLeagueSummary(joined.league, joined.membership, userId),
      status: decision.outcome,
      message: decision.message,
      membersChanged,
    };
  });
}

function joinRefusal(
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
      return tooManyLeagues();
  }
}

function refuse(reason: JoinRefusal, message: string, details?: Record<string, string>): AppError {
  return new AppError(APP_ERROR_REASONS[reason], { reason, message, userMessage: message, details });
}
