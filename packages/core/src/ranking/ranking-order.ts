import { md5 } from '@noble/hashes/legacy.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { SQUAD_SIZE, type SquadStatus, squadStatus } from '../squads/squad-rules.ts';

/** What the ranking needs to know of one user. */
export interface RankingEntry {
  userId: string;
  status: SquadStatus;
  totalGoals: number;
  /** The kick-off time (epoch ms) of every goal of the user's picks, most recent first. */
  goalTimesDescending: readonly number[];
  /** `coinTossKey(seasonId, userId)` computed once, for sorting many entries; computed when absent. */
  coinToss?: number;
}

/** The status groups in ranking order: safe, then going bust, then bust. */
export const RANKING_GROUP_ORDER: Readonly<Record<SquadStatus, number>> = { safe: 0, going_bust: 1, bust: 2 };
const GROUP_ORDER = RANKING_GROUP_ORDER;

/**
 * The virtual coin toss: a stable pseudo-random key from the season and the user id, so tied
 * users keep their order from one request to the next. It is the first 32 bits of the MD5 of
 * `season:user` (UTF-8), big-endian: a database computes the same with its built-in `md5()`
 * (`('x' || left(md5(season || ':' || user_id), 8))::bit(32)::bigint` in PostgreSQL), so it can
 * rank millions of players without a round trip through the server.
 */
export function coinTossKey(seasonId: string, userId: string): number {
  const digest = md5(utf8ToBytes(`${seasonId}:${userId}`));
  return (
    (((digest[0] ?? 0) << 24) | ((digest[1] ?? 0) << 16) | ((digest[2] ?? 0) << 8) | (digest[3] ?? 0)) >>> 0
  );
}

/**
 * The one total order of every leaderboard and league standing (DECISIONS.md): safe, then
 * going bust, then bust; more goals first (fewer among the bust); then the most recent goal
 * wins, then the next most recent, and so on (having a goal beats having none left); then
 * the coin toss; the user id settles the astronomically unlikely equal toss.
 */
export function compareRankingEntries(a: RankingEntry, b: RankingEntry, seasonId: string): number {
  const group = GROUP_ORDER[a.status] - GROUP_ORDER[b.status];
  if (group !== 0) return group;

  const goals = a.status === 'bust' ? a.totalGoals - b.totalGoals : b.totalGoals - a.totalGoals;
  if (goals !== 0) return goals;

  const length = Math.max(a.goalTimesDescending.length, b.goalTimesDescending.length);
  for (let index = 0; index < length; index += 1) {
    const timeA = a.goalTimesDescending[index] ?? Number.NEGATIVE_INFINITY;
    const timeB = b.goalTimesDescending[index] ?? Number.NEGATIVE_INFINITY;
    if (timeA !== timeB) return timeB > timeA ? 1 : -1;
  }

  const toss =
    (a.coinToss ?? coinTossKey(seasonId, a.userId)) - (b.coinToss ?? coinTossKey(seasonId, b.userId));
  if (toss !== 0) return toss;
  return a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
}

/** Ranks 1, 2, 3, ... with no shared ranks. */
export function rankEntries<T extends RankingEntry>(
  entries: readonly T[],
  seasonId: string,
): (T & { rank: number })[] {
  return [...entries]
    .sort((a, b) => compareRankingEntries(a, b, seasonId))
    .map((entry, index) => ({ ...entry, rank: index + 1 }));
}

/**
 * The goal-date tie-break as one whole number per footballer, so that a database can rank a
 * squad by adding its picks' numbers instead of merging their goal dates.
 *
 * Every kick-off time that holds a goal is a digit, the latest the most significant; a
 * footballer's number counts his goals at each kick-off in its digit. A squad's sum then counts
 * the squad's goals at each kick-off (the base is larger than a squad can score at one
 * kick-off, so no digit carries), and between two squads with the same total the larger sum is
 * the squad whose most recent goal is later, then the next most recent and so on: exactly the
 * tie-break of `compareRankingEntries`. `squadSize` is how many footballers a squad adds up.
 */
export function goalDateVectors<Footballer>(
  goalTimesByFootballer: ReadonlyMap<Footballer, readonly number[]>,
  squadSize: number = SQUAD_SIZE,
): Map<Footballer, bigint> {
  return goalDateDigits(goalTimesByFootballer, squadSize).vectors;
}

/** The largest whole number a database's 64-bit signed integer holds, plus one. */
const LIMB_LIMIT = 2n ** 63n;

/**
 * `goalDateVectors` cut into limbs, most significant first, each holding whole digits and small
 * enough that a squad's sum of them still fits a 64-bit signed integer (its digits carry nothing,
 * so neither do its limbs). Every footballer has `limbCount` limbs, and comparing two squads' limb
 * sums one limb after the other orders them as their vectors do: a database sorts a few 64-bit
 * numbers far faster than one of hundreds of digits.
 */
export function goalDateLimbs<Footballer>(
  goalTimesByFootballer: ReadonlyMap<Footballer, readonly number[]>,
  squadSize: number = SQUAD_SIZE,
): { limbCount: number; limbs: Map<Footballer, bigint[]> } {
  const { base, digitCount, vectors } = goalDateDigits(goalTimesByFootballer, squadSize);
  // The base is 1 while nobody has scored (no digits): one limb of zeros then.
  let digitsPerLimb = 1;
  while (base > 1n && base ** BigInt(digitsPerLimb + 1) <= LIMB_LIMIT) digitsPerLimb += 1;
  const limbBase = base ** BigInt(digitsPerLimb);
  const limbCount = Math.max(1, Math.ceil(digitCount / digitsPerLimb));
  const limbs = new Map<Footballer, bigint[]>();
  for (const [footballer, vector] of vectors) {
    const leastFirst = Array.from(
      { length: limbCount },
      (_, index) => (vector / limbBase ** BigInt(index)) % limbBase,
    );
    limbs.set(footballer, leastFirst.reverse());
  }
  return { limbCount, limbs };
}

function goalDateDigits<Footballer>(
  goalTimesByFootballer: ReadonlyMap<Footballer, readonly number[]>,
  squadSize: number,
): { base: bigint; digitCount: number; vectors: Map<Footballer, bigint> } {
  const kickoffs = [...new Set([...goalTimesByFootballer.values()].flat())].sort((a, b) => a - b);
  const digitOf = new Map(kickoffs.map((time, digit) => [time, digit]));
  let mostAtOneKickoff = 0;
  const countsByFootballer = new Map<Footballer, Map<number, number>>();
  for (const [footballer, times] of goalTimesByFootballer) {
    const counts = new Map<number, number>();
    for (const time of times) {
      const count = (counts.get(time) ?? 0) + 1;
      counts.set(time, count);
      mostAtOneKickoff = Math.max(mostAtOneKickoff, count);
    }
    countsByFootballer.set(footballer, counts);
  }
  const base = BigInt(mostAtOneKickoff * squadSize + 1);
  const vectors = new Map<Footballer, bigint>();
  for (const [footballer, counts] of countsByFootballer) {
    let vector = 0n;
    for (const [time, count] of counts) vector += BigInt(count) * base ** BigInt(digitOf.get(time) ?? 0);
    vectors.set(footballer, vector);
  }
  return { base, digitCount: kickoffs.length, vectors };
}

/**
 * What a database sorts the board by, column after column, each ascending: the status group,
 * the goals (negated outside the bust, so that more come first), the squad's goal-date limbs
 * negated one by one (the sums of `goalDateLimbs` of its picks), the coin toss and the user id
 * (ids are ASCII, whose order is PostgreSQL's `collate "C"`). `compareRankingColumns` states
 * that order; the property tests hold it to `compareRankingEntries`.
 */
export interface RankingColumns {
  group: number;
  goalsKey: number;
  goalDateLimbs: readonly bigint[];
  coinToss: number;
  userId: string;
}

export function rankingColumns(
  entry: Pick<RankingEntry, 'userId' | 'status' | 'totalGoals' | 'coinToss'>,
  goalDateLimbs: readonly bigint[],
  seasonId: string,
): RankingColumns {
  return {
    group: GROUP_ORDER[entry.status],
    goalsKey: entry.status === 'bust' ? entry.totalGoals : -entry.totalGoals,
    goalDateLimbs,
    coinToss: entry.coinToss ?? coinTossKey(seasonId, entry.userId),
    userId: entry.userId,
  };
}

/** A footballer as a board is ranked: his goals and goal-date limbs (`goalDateLimbs`). */
export interface RankedFootballer {
  goals: number;
  goalDateLimbs: readonly bigint[];
}

/**
 * One squad scored as a board ranks everyone at once: its picks' goals and goal-date limbs added
 * up (a pick not in `scorers` has not scored), its status by the domain's rules (no picks: no
 * squad) and its ranking columns. A board's rebuild states the same in SQL; placing one member on
 * a stored board between their neighbours uses this.
 */
export function scoreSquadForRanking(
  squad: { userId: string; pickIds: readonly string[] },
  scorers: ReadonlyMap<string, RankedFootballer>,
  options: { seasonId: string; limbCount: number; isSeasonOver: boolean },
): { status: SquadStatus; totalGoals: number; columns: RankingColumns } {
  const picks = squad.pickIds.map((id) => scorers.get(id));
  const pickGoals = picks.map((pick) => pick?.goals ?? 0);
  const limbs = Array.from({ length: options.limbCount }, (_, index) =>
    picks.reduce((sum, pick) => sum + (pick?.goalDateLimbs[index] ?? 0n), 0n),
  );
  const status = squadStatus(pickGoals, options);
  const totalGoals = pickGoals.reduce((sum, goals) => sum + goals, 0);
  return {
    status,
    totalGoals,
    columns: rankingColumns({ userId: squad.userId, status, totalGoals }, limbs, options.seasonId),
  };
}

export function compareRankingColumns(a: RankingColumns, b: RankingColumns): number {
  if (a.group !== b.group) return a.group - b.group;
  if (a.goalsKey !== b.goalsKey) return a.goalsKey - b.goalsKey;
  for (const [index, limb] of a.goalDateLimbs.entries()) {
    const other = b.goalDateLimbs[index] ?? 0n;
    if (limb !== other) return limb > other ? -1 : 1;
  }
  if (a.coinToss !== b.coinToss) return a.coinToss - b.coinToss;
  return a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
}

/**
 * The constants of `rankingKey`, which a database's own statement of that key uses too. A
 * squad's goals key lies well within ±`goalsOffset` (four footballers' goals of one season).
 */
export const RANKING_KEY = {
  groupStride: 65_536,
  goalsOffset: 32_768,
  /** The largest 64-bit signed integer: every goal-date limb sum lies between 0 and it. */
  limbCeiling: 2n ** 63n - 1n,
} as const;

/**
 * The ranking columns up to the goal-date limbs as one byte string whose byte-by-byte order
 * is `compareRankingColumns`' order before the coin toss, for a database to sort by (a bytea
 * in PostgreSQL, which sorts millions of them on their first bytes and compares the rest only
 * on a tie, rather than unpacking a column after another at every comparison):
 * - 4 bytes, big-endian: group × `groupStride` + goals key + `goalsOffset`;
 * - 8 bytes per limb, big-endian: `limbCeiling` − the limb (larger limbs first).
 * Keys of one board have the same number of limbs, so the same length.
 */
export function rankingKey(
  columns: Pick<RankingColumns, 'group' | 'goalsKey' | 'goalDateLimbs'>,
): Uint8Array {
  const key = new Uint8Array(4 + 8 * columns.goalDateLimbs.length);
  const view = new DataView(key.buffer);
  view.setUint32(0, columns.group * RANKING_KEY.groupStride + columns.goalsKey + RANKING_KEY.goalsOffset);
  for (const [index, limb] of columns.goalDateLimbs.entries()) {
    view.setBigUint64(4 + 8 * index, RANKING_KEY.limbCeiling - limb);
  }
  return key;
}
