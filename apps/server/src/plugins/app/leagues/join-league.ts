import {
  AppError,
  decideJoin,
  formatLeagueDateTime,
  JOIN_REQUEST_WINDOW_MS,
  JOIN_REQUESTS_PER_WINDOW,
  type JoinLeagueResult,
  LEAGUE_MESSAGES,
  tooManyJoinRequestsMessage,
} from '@hit21/core';
import type { Database, Executor } from '../../../db/database.ts';
import { changeJoinRequestNotification } from '../notifications/join-request-notifications.ts';
import { notReadyToJoin } from './create-league.ts';
import { findLeagueWithMembership, markLeagueMembersChanged } from './league-access-repository.ts';
import { admissionRefusal, readAdmissionFacts } from './league-admission.ts';
import { changeLeagueCounters } from './league-counters-repository.ts';
import { countJoinAttempts, recordJoinAttempt } from './league-guards-repository.ts';
import { findLeagueByCode, lockLeaguePlayer, saveJoinRequest } from './league-repository.ts';
import { toLeagueSummary } from './league-summary.ts';

/**
 * The league a player asks to join: by its code, or (a rejected or kicked member asking again,
 * who is not shown the code) by its id.
 */
export type JoinTarget = { code: string } | { rejoinLeagueId: string };

/**
 * Asks to join a league of the active season, in one transaction holding the player's lock and
 * then the league's: two players racing for the last place, or one player racing their own
 * league limit, are decided one after the other. Every rule is `decideJoin`'s; a player may ask
 * one league at most JOIN_REQUESTS_PER_WINDOW times an hour, and only the first request of the
 * hour alerts the admin (the later ones renew it quietly).
 */
export async function joinLeague(options: {
  db: Database;
  userId: string;
  seasonId: string;
  target: JoinTarget;
  now: Date;
}): Promise<JoinLeagueResult & { membersChanged: boolean }> {
  const { db, userId, seasonId, target, now } = options;
  return db.transaction(async (tx) => {
    const player = await lockLeaguePlayer(tx, userId);
    if (!player?.onboardingComplete || !player.playerSelectionComplete) throw notReadyToJoin();

    const current = await findTargetLeague(tx, target, userId, seasonId);
    // Asked by id, "check the league code" would not fit.
    if (!current && 'rejoinLeagueId' in target) {
      throw new AppError('NOT_FOUND', {
        reason: 'LEAGUE_NOT_FOUND',
        message: LEAGUE_MESSAGES.notFound,
        userMessage: LEAGUE_MESSAGES.notFound,
      });
    }
    const facts = current ? await readAdmissionFacts(tx, { ...current, userId, now }) : null;
    const decision = decideJoin({
      league: current?.league ?? null,
      membership: current?.membership ?? null,
      approvedMembers: current?.league.approvedMembers ?? 0,
      playerMemberships: facts?.otherMemberships ?? 0,
      isSeasonOver: facts?.isSeasonOver,
      addressKickedAt: facts?.addressKickedAt,
      now,
    });
    if ('refusal' in decision) throw admissionRefusal(decision.refusal, current?.league, decision.retryAt);
    if (!current) throw admissionRefusal('LEAGUE_NOT_FOUND', undefined, undefined);

    const { league, membership } = current;
    const { isRepeat } = await countRequest(tx, league.id, userId);
    await saveJoinRequest(tx, { leagueId: league.id, userId, status: decision.outcome, now });
    await changeLeagueCounters(tx, league.id, membership?.status ?? null, decision.outcome);
    await changeJoinRequestNotification(tx, league.id, userId, membership?.status ?? null, decision.outcome, {
      isQuiet: isRepeat,
    });
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

/** The league asked for, locked; null when there is none the player may ask this way. */
async function findTargetLeague(tx: Executor, target: JoinTarget, userId: string, seasonId: string) {
  if ('code' in target) {
    const byCode = await findLeagueByCode(tx, target.code, seasonId);
    const found = byCode ? await findLeagueWithMembership(tx, byCode.id, userId, { lock: true }) : null;
    // The admin may have replaced the code while we waited for the lock.
    return found && found.league.code === target.code ? found : null;
  }
  const found = await findLeagueWithMembership(tx, target.rejoinLeagueId, userId, { lock: true });
  // Only a player the league turned away asks again by id; to anyone else the id says nothing.
  const status = found?.membership?.status;
  const mayRejoin = status === 'rejected' || status === 'kicked';
  return found && found.league.seasonId === seasonId && mayRejoin ? found : null;
}

/**
 * Counts this request against the player's hourly requests to the league (real time, as every
 * security window: the game clock may stand still), refusing one too many with when to ask again.
 */
async function countRequest(tx: Executor, leagueId: string, userId: string): Promise<{ isRepeat: boolean }> {
  const at = new Date();
  const since = new Date(at.getTime() - JOIN_REQUEST_WINDOW_MS);
  const earlier = await countJoinAttempts(tx, leagueId, userId, since);
  if (earlier.count >= JOIN_REQUESTS_PER_WINDOW) {
    const retryAt = new Date((earlier.oldest ?? at).getTime() + JOIN_REQUEST_WINDOW_MS);
    const { date, time } = formatLeagueDateTime(retryAt, 'UTC');
    const message = tooManyJoinRequestsMessage(date, time);
    throw new AppError('RATE_LIMITED', {
      reason: 'TOO_MANY_JOIN_REQUESTS',
      message,
      userMessage: message,
      details: { retryAt: retryAt.toISOString() },
    });
  }
  await recordJoinAttempt(tx, { leagueId, userId, at, since });
  return { isRepeat: earlier.count > 0 };
}
