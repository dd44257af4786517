import { AppError, LEAGUE_MESSAGES, type LeagueJoinMode } from '@hit21/core';
import type { Database } from '../../../db/database.ts';
import { requireLeagueAdmin } from './league-access.ts';
import { updateLeagueSettings } from './league-admin-repository.ts';

/**
 * The admin changes the league's name, join mode and join deadline in one transaction. A new
 * deadline must be in the future; the deadline already stored may be kept even once it has
 * passed, so an admin can rename a closed league without reopening it.
 */
export async function updateLeague(options: {
  db: Database;
  leagueId: string;
  userId: string;
  input: { name: string; joinMode: LeagueJoinMode; joinDeadline: string | null };
  now: Date;
}): Promise<void> {
  const { db, leagueId, userId, input, now } = options;
  const joinDeadline = input.joinDeadline === null ? null : new Date(input.joinDeadline);
  await db.transaction(async (tx) => {
    const { league } = await requireLeagueAdmin(tx, leagueId, userId, { lock: true });
    const isUnchanged = joinDeadline?.getTime() === league.joinDeadline?.getTime();
    if (joinDeadline && !isUnchanged && joinDeadline.getTime() <= now.getTime()) {
      throw new AppError('INVALID_REQUEST', {
        reason: 'JOIN_DEADLINE_IN_PAST',
        message: LEAGUE_MESSAGES.deadlineInPast,
        userMessage: LEAGUE_MESSAGES.deadlineInPast,
      });
    }
    await updateLeagueSettings(tx, leagueId, { name: input.name, joinMode: input.joinMode, joinDeadline });
  });
}
