import type { SquadGoal } from '@hit21/core';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { goals, picks } from '../../../db/schema/index.ts';

/**
 * Every goal of a user's picks whose match has kicked off by `now`, in kick-off order: the
 * raw material of the season story (one row per player per match).
 */
export async function listSquadGoals(
  db: Executor,
  userId: string,
  seasonId: string,
  now: Date,
): Promise<SquadGoal[]> {
  const rows = await db
    .select({
      playerId: goals.playerId,
      fixtureId: goals.fixtureId,
      gameweek: goals.gameweek,
      kickoffAt: goals.kickoffAt,
      goals: goals.goals,
      clubCode: goals.clubCode,
    })
    .from(picks)
    .innerJoin(goals, eq(goals.playerId, picks.playerId))
    .where(and(eq(picks.userId, userId), eq(picks.seasonId, seasonId), lte(goals.kickoffAt, now)))
    .orderBy(asc(goals.kickoffAt), asc(picks.slot), asc(goals.fixtureId));
  return rows.map((row) => ({ ...row, kickoffAt: row.kickoffAt.toISOString() }));
}
