import { goalCodes } from './stable-key.ts';

/** A footballer as a board counts him: his id and his goals' kick-off times (epoch ms, ascending). */
export type CountedScorer = readonly [playerId: string, goalTimes: readonly number[]];

/**
 * What a footballer whose counted goals changed does to each of his pickers' stored entries
 * (`rekeyedEntry`): the same to every one of them, whatever else they picked.
 */
export interface ScorerChange {
  playerId: string;
  /** Goals added less goals taken away. */
  goals: number;
  /** The change in the picker's picks without a goal: −1 at his first goal, +1 when his last is taken away. */
  scoreless: number;
  /** Goal codes (`goalCodes`) the pickers gain and lose, ascending; a goal moved is one of each. */
  added: number[];
  removed: number[];
}

/** What a board stores of a member's entry that goals change: `codes` ascending, as `goalCodes`. */
export interface GoalEntry {
  totalGoals: number;
  scoreless: number;
  codes: readonly number[];
}

/**
 * The footballers whose counted goals differ between two boards (a goal added, taken away, or
 * moved to another kick-off or footballer). A member's key depends on their own picks' goals
 * alone, so only these footballers' pickers have new keys.
 */
export function changedScorers(before: readonly CountedScorer[], after: readonly CountedScorer[]): string[] {
  const timesOf = (scorers: readonly CountedScorer[]) =>
    new Map(scorers.map(([playerId, times]) => [playerId, times.join(',')]));
  const old = timesOf(before);
  const next = timesOf(after);
  return [...new Set([...old.keys(), ...next.keys()])].filter(
    (playerId) => old.get(playerId) !== next.get(playerId),
  );
}

/** Each changed footballer's change (`changedScorers`), with the goal codes counted from `origin`. */
export function scorerChanges(
  before: readonly CountedScorer[],
  after: readonly CountedScorer[],
  origin: number,
): ScorerChange[] {
  const codesOf = (scorers: readonly CountedScorer[]) =>
    new Map(scorers.map(([playerId, times]) => [playerId, goalCodes(times, origin)]));
  const old = codesOf(before);
  const next = codesOf(after);
  return changedScorers(before, after).map((playerId) => {
    const was = old.get(playerId) ?? [];
    const now = next.get(playerId) ?? [];
    const scoreless = Number(was.length > 0) - Number(now.length > 0);
    return {
      playerId,
      goals: now.length - was.length,
      scoreless,
      added: less(now, was),
      removed: less(was, now),
    };
  });
}

/**
 * A picker's stored entry after the changes of the footballers they picked: what the database
 * writes from the stored row alone, with no squad read (`entryStatus` gives the status).
 */
export function rekeyedEntry(entry: GoalEntry, changes: readonly ScorerChange[]): GoalEntry {
  const gained = [...entry.codes, ...changes.flatMap((change) => change.added)].sort((a, b) => a - b);
  return {
    totalGoals: entry.totalGoals + changes.reduce((sum, change) => sum + change.goals, 0),
    scoreless: entry.scoreless + changes.reduce((sum, change) => sum + change.scoreless, 0),
    codes: less(
      gained,
      changes.flatMap((change) => change.removed),
    ),
  };
}

/** `codes` less one of each of `taken`, ascending: codes repeat where goals share a kick-off. */
function less(codes: readonly number[], taken: readonly number[]): number[] {
  const left = new Map<number, number>();
  for (const code of taken) left.set(code, (left.get(code) ?? 0) + 1);
  return codes.filter((code) => {
    const count = left.get(code) ?? 0;
    if (count > 0) left.set(code, count - 1);
    return count === 0;
  });
}
