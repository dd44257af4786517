import { goalDateLimbs } from '@hit21/core';
import type { Executor } from '../../../db/database.ts';
import type { RankedWith } from '../../../db/schema/index.ts';
import type { ScoringFootballer } from './board-rebuild-repository.ts';
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
