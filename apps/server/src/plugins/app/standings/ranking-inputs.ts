import { goalDateLimbs } from '@hit21/core';
import type { Executor } from '../../../db/database.ts';
import type { RankedWith } from '../../../db/schema/index.ts';
import type { ScoringFootballer } from './model.ts';
import { listCountedGoals, readInputStamps } from './standings-inputs-repository.ts';

/** The goals a board is scored from at one moment, with the version stamps they were read with. */
export interface RankingInputs {
  inputsVersion: number;
  goalsFingerprint: string;
  /** Every footballer who has scored: his goals, their kick-off times and his goal-date limbs. */
  footballers: (ScoringFootballer & { goalTimes: number[] })[];
  /** How many goal-date limbs every footballer has. */
  limbCount: number;
}

/**
 * The goals that count at `now` and the version stamps, read in the caller's snapshot, with each
 * scorer's goal-date limbs worked out by the domain's rules (`goalDateLimbs`: a few hundred
 * footballers).
 */
export async function readRankingInputs(db: Executor, seasonId: string, now: Date): Promise<RankingInputs> {
  const stamps = await readInputStamps(db, seasonId, now);
  const goalTimesByPlayer = new Map<string, number[]>();
  for (const goal of await listCountedGoals(db, seasonId, now)) {
    const times = goalTimesByPlayer.get(goal.playerId) ?? [];
    for (let index = 0; index < goal.goals; index += 1) times.push(goal.kickoffAt.getTime());
    goalTimesByPlayer.set(goal.playerId, times);
  }
  const { limbCount, limbs } = goalDateLimbs(goalTimesByPlayer);
  const footballers = [...limbs].map(([playerId, goalDateLimbs]) => {
    const goalTimes = (goalTimesByPlayer.get(playerId) ?? []).sort((a, b) => a - b);
    return { playerId, goals: goalTimes.length, goalTimes, goalDateLimbs };
  });
  return {
    inputsVersion: stamps.inputsVersion,
    goalsFingerprint: stamps.goalsFingerprint,
    footballers: footballers.filter((footballer) => footballer.goals > 0),
    limbCount,
  };
}

/** The scorers as a board is ranked with them, kept with it for placing changes on it (place-member-changes.ts). */
export function rankedWith(inputs: RankingInputs, isSeasonOver: boolean): RankedWith {
  return {
    limbCount: inputs.limbCount,
    isSeasonOver,
    scorers: inputs.footballers.map((footballer) => [
      footballer.playerId,
      footballer.goals,
      footballer.goalDateLimbs.map(String),
      footballer.goalTimes,
    ]),
  };
}

/**
 * The footballers whose goals that count differ between two boards' scorers (a goal added,
 * removed or moved to another kick-off), or undefined when the older board did not keep its
 * scorers' goal times (stored before they were kept). Only their pickers rank differently: the
 * order of any two other members depends on their own picks' goals alone.
 */
export function changedScorers(before: RankedWith, after: RankedWith): string[] | undefined {
  const timesOf = (ranked: RankedWith) => {
    const times = new Map<string, string>();
    for (const [playerId, , , goalTimes] of ranked.scorers) {
      if (!goalTimes) return undefined;
      times.set(playerId, goalTimes.join(','));
    }
    return times;
  };
  const old = timesOf(before);
  const next = timesOf(after);
  if (!old || !next) return undefined;
  return [...new Set([...old.keys(), ...next.keys()])].filter(
    (playerId) => old.get(playerId) !== next.get(playerId),
  );
}

/**
 * When the goals that count changed from `before` to `after` by goals added only (none taken
 * away or moved), and the season has not ended in between: the footballers with a goal at or
 * after the earliest added goal's kick-off, every changed scorer among them. Their pickers are
 * the only members a board ranked with `before` must rank again for `after`, and each of them
 * ranks above everyone else with the same group and goals (`mergeLateGoals`). Otherwise
 * undefined: nothing changed, goals were taken away, or `before` did not keep its goal times.
 */
export function lateGoalChange(before: RankedWith, after: RankedWith): { lateScorers: string[] } | undefined {
  if (before.isSeasonOver !== after.isSeasonOver) return undefined;
  const changed = changedScorers(before, after);
  if (!changed || changed.length === 0) return undefined;
  const timesOf = (ranked: RankedWith) =>
    new Map(ranked.scorers.map(([playerId, , , goalTimes]) => [playerId, goalTimes ?? []]));
  const old = timesOf(before);
  const next = timesOf(after);
  let earliestAdded = Number.POSITIVE_INFINITY;
  for (const playerId of changed) {
    const added = addedTimes(old.get(playerId) ?? [], next.get(playerId) ?? []);
    if (!added) return undefined;
    earliestAdded = Math.min(earliestAdded, ...added);
  }
  const lateScorers = [...next]
    .filter(([, times]) => times.some((time) => time >= earliestAdded))
    .map(([playerId]) => playerId);
  return { lateScorers };
}

/** The times in `after` beyond those in `before` (both ascending), or undefined when `before` holds one that `after` does not. */
function addedTimes(before: readonly number[], after: readonly number[]): number[] | undefined {
  const added: number[] = [];
  let index = 0;
  for (const time of after) {
    if (index < before.length && before[index] === time) index += 1;
    else added.push(time);
  }
  return index === before.length ? added : undefined;
}
