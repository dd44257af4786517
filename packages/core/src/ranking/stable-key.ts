import { RANKING_GROUP_ORDER, type RankingEntry } from './ranking-order.ts';

/**
 * A member's stable ranking key: what a board can store beside the member and sort by, which
 * changes only when the member's own entry changes (their status, goals or goal dates). A goal
 * therefore changes its scorer's pickers' keys and nobody else's, whatever kick-off it belongs
 * to, and no registry of kick-offs is needed.
 *
 * The order is `compareRankingEntries`': ascending `bucket`, then the bytes of `goalDates`
 * (unsigned, byte by byte, a shorter prefix first, as PostgreSQL compares `bytea`), then the
 * coin toss and the member number.
 */
export interface StableRankingKey {
  /** The status group and the goals as one small number (`STABLE_KEY.groupStride`). */
  bucket: number;
  /** The goal dates, latest first: three bytes a goal, then `STABLE_KEY.terminator`. */
  goalDates: Uint8Array;
}

export const STABLE_KEY = {
  groupStride: 1024,
  /** A squad's goals key (goals, negated outside the bust) lies well within ±this. */
  goalsOffset: 512,
  /** A goal's code is this minus its kick-off's minute since the season's origin. */
  codeCeiling: 999_999,
  /** Codes keep six decimal digits (at least 100,000): minutes up to this, some 625 days. */
  latestMinute: 899_999,
  /** Sorts after every goal: no goal's bytes hold it (each of their nibbles is a decimal digit). */
  terminator: 0xff,
} as const;

/**
 * Where a season's minutes are counted from: 1 July of the year it starts (`2025-26` → 1 July
 * 2025), before any kick-off of a season that runs from August to May.
 */
export function seasonOrigin(seasonId: string): number {
  const year = Number(seasonId.slice(0, 4));
  if (!Number.isInteger(year) || year < 2000) throw new RangeError(`Not a season id: ${seasonId}`);
  return Date.UTC(year, 6, 1);
}

/** The status group and goals (more first, fewer among the bust) as one number, ascending in rank order. */
export function stableBucket(entry: Pick<RankingEntry, 'status' | 'totalGoals'>): number {
  const goalsKey = entry.status === 'bust' ? entry.totalGoals : -entry.totalGoals;
  if (Math.abs(goalsKey) >= STABLE_KEY.goalsOffset)
    throw new RangeError(`Too many goals: ${entry.totalGoals}`);
  return RANKING_GROUP_ORDER[entry.status] * STABLE_KEY.groupStride + goalsKey + STABLE_KEY.goalsOffset;
}

/**
 * The goal dates as bytes: each goal, latest first, as its code (`codeCeiling` minus the minute
 * of its kick-off since `origin`) in six decimal digits, two to a byte (so 0x52 0x89 0x99 for
 * 528,999), whose byte order is the codes' order; then the terminator. A later goal has a smaller
 * code, so it comes first; a list that is a prefix of another ends with the terminator where the
 * other has a goal, and ranks after it ("having a goal beats none").
 */
export function goalDatesKey(goalTimesDescending: readonly number[], origin: number): Uint8Array {
  const codes = goalCodes(goalTimesDescending, origin);
  const key = new Uint8Array(codes.length * 3 + 1);
  for (const [index, code] of codes.entries()) {
    const digits = String(code);
    for (let byte = 0; byte < 3; byte += 1)
      key[index * 3 + byte] = Number.parseInt(digits.slice(byte * 2, byte * 2 + 2), 16);
  }
  key[key.length - 1] = STABLE_KEY.terminator;
  return key;
}

/**
 * Each goal's code, `codeCeiling` minus the minute of its kick-off since `origin`, ascending (the
 * latest goal first): what a database sorts and writes as a squad's goal dates (`goalDatesKey`).
 */
export function goalCodes(goalTimes: readonly number[], origin: number): number[] {
  return goalTimes
    .map((time) => {
      const minute = (time - origin) / 60_000;
      if (!Number.isInteger(minute) || minute < 0 || minute > STABLE_KEY.latestMinute) {
        throw new RangeError(`A kick-off outside the season's minutes: ${new Date(time).toISOString()}`);
      }
      return STABLE_KEY.codeCeiling - minute;
    })
    .sort((a, b) => a - b);
}

export function stableRankingKey(
  entry: Pick<RankingEntry, 'status' | 'totalGoals' | 'goalTimesDescending'>,
  origin: number,
): StableRankingKey {
  return { bucket: stableBucket(entry), goalDates: goalDatesKey(entry.goalTimesDescending, origin) };
}

/** Unsigned byte order, a shorter prefix first: PostgreSQL's order of `bytea`. */
export function compareKeyBytes(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

/** The stored order: bucket, goal dates, coin toss, member number. */
export function compareStableKeys(
  a: StableRankingKey & { coinToss: number; memberNumber: number },
  b: StableRankingKey & { coinToss: number; memberNumber: number },
): number {
  if (a.bucket !== b.bucket) return a.bucket - b.bucket;
  const dates = compareKeyBytes(a.goalDates, b.goalDates);
  if (dates !== 0) return dates;
  if (a.coinToss !== b.coinToss) return a.coinToss - b.coinToss;
  return a.memberNumber - b.memberNumber;
}
