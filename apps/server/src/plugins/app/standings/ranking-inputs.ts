import type { Executor } from '../../../db/database.ts';
import type { RankedWith } from '../../../db/schema/index.ts';
import { type InputStamps, listCountedGoals, readInputStamps } from './standings-inputs-repository.ts';

/** The goals that count at `now` as a board is scored from them, and the stamps, in the caller's snapshot. */
export async function readRankingInputs(
  db: Executor,
  seasonId: string,
  now: Date,
  isSeasonOver: boolean,
): Promise<InputStamps & { rankedWith: RankedWith }> {
  const stamps = await readInputStamps(db, seasonId, now);
  const goalTimesByPlayer = new Map<string, number[]>();
  for (const goal of await listCountedGoals(db, seasonId, now)) {
    const times = goalTimesByPlayer.get(goal.playerId) ?? [];
    for (let index = 0; index < goal.goals; index += 1) times.push(goal.kickoffAt.getTime());
    goalTimesByPlayer.set(goal.playerId, times);
  }
  const scorers = [...goalTimesByPlayer]
    .filter(([, times]) => times.length > 0)
    .map(([playerId, times]): [string, number[]] => [playerId, times.sort((a, b) => a - b)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { ...stamps, rankedWith: { isSeasonOver, scorers } };
}
