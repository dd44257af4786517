import { randomBytes as cryptoRandomBytes } from 'node:crypto';
import {
  AppError,
  type CreatedLeague,
  generateLeagueCode,
  LEAGUE_MESSAGES,
  type LeagueJoinMode,
} from '@hit21/core';
import type { Database } from '../../../db/database.ts';
import { findLeagueWithMembership, markLeagueMembersChanged } from './league-access-repository.ts';
import { assertCanCreateLeague } from './league-admission.ts';
import { insertLeague, lockLeaguePlayer } from './league-repository.ts';
import { toLeagueSummary } from './league-summary.ts';

/** Codes are 36^8 ≈ 2.8 × 10^12: a few tries always find a free one. */
const CODE_ATTEMPTS = 10;

export function notReadyToJoin(): AppError {
  return new AppError('FORBIDDEN', {
    reason: 'NOT_READY_TO_JOIN',
    message: LEAGUE_MESSAGES.notReady,
    userMessage: LEAGUE_MESSAGES.notReady,
  });
}

/**
 * Creates a league of the season with the player as its admin and first approved member, in one
 * transaction that holds the player's lock, so the league limits cannot be passed by racing.
 */
export async function createLeague(options: {
  db: Database;
  userId: string;
  seasonId: string;
  input: { name: string; maxMembers: number; joinMode: LeagueJoinMode; joinDeadline: string | null };
  now: Date;
  randomBytes?: (count: number) => Uint8Array;
}): Promise<CreatedLeague> {
  const { db, userId, seasonId, input, now, randomBytes = cryptoRandomBytes } = options;
  const joinDeadline = input.joinDeadline === null ? null : new Date(input.joinDeadline);
  if (joinDeadline && joinDeadline.getTime() <= now.getTime()) {
    throw new AppError('INVALID_REQUEST', {
      reason: 'JOIN_DEADLINE_IN_PAST',
      message: LEAGUE_MESSAGES.deadlineInPast,
      userMessage: LEAGUE_MESSAGES.deadlineInPast,
    });
  }

  return db.transaction(async (tx) => {
    const player = await lockLeaguePlayer(tx, userId);
    if (!player?.onboardingComplete || !player.playerSelectionComplete) throw notReadyToJoin();
    await assertCanCreateLeague(tx, { userId, seasonId, now });

    let leagueId: string | null = null;
    for (let attempt = 0; attempt < CODE_ATTEMPTS && !leagueId; attempt += 1) {
      leagueId = await insertLeague(tx, {
        seasonId,
        name: input.name,
        code: generateLeagueCode(randomBytes),
        adminId: userId,
        maxMembers: input.maxMembers,
        joinMode: input.joinMode,
        joinDeadline,
        now,
      });
    }
    if (!leagueId) throw new Error(`No free league code after ${CODE_ATTEMPTS} attempts`);
    await markLeagueMembersChanged(tx, leagueId, userId);

    const created = await findLeagueWithMembership(tx, leagueId, userId);
    if (!created?.membership) throw new Error('The new league was not stored');
    return { ...toLeagueSummary(created.league, created.membership, userId), code: created.league.code };
  });
}
