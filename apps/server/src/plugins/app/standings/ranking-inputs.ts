import type { Executor } from '../../../db/database.ts';
import type { RankedWith } from '../../../db/schema/index.ts';
import { listCountedGoals, readInputStamps } from './standings-inputs-repository.ts';

/** The goals a board is scored from at one moment, with the version stamps they were read with. */
export interface RankingInputs {
  inputsVersion: number;
  goalsFingerprint: string;
  /** Every footballer who has scored, with his goals' kick-off times. */
  rankedWith: RankedWith;
}

/** The goals that count at `now` and the version stamps, read in the caller's snapshot. */
export async function readRankingInputs(
  db: Executor,
  seasonId: string,
  now: Date,
  isSeasonOver: boolean,
): Promise<RankingInputs> {
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

/**
 * The footballers whose goals that count differ between two boards' scorers (a goal added,
 * removed or moved to another kick-off). Only their pickers rank differently: a member's `ord`
 * depends on their own picks' goals alone.
 */
export function changedScorers(before: RankedWith, after: RankedWith): string[] {
  const timesOf = (ranked: RankedWith) =>
    new Map(ranked.scorers.map(([playerId, times]) => [playerId, times.join(',')]));
  const old = timesOf(before);
  const next = timesOf(after);
  return [...new Set([...old.keys(), ...next.keys()])].filter(
    (playerId) => old.get(playerId) !== next.get(playerId),
  );
}
