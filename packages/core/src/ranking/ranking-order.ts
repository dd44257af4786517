import { md5 } from '@noble/hashes/legacy.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { SquadStatus } from '../squads/squad-rules.ts';

/** What the ranking needs to know of one user. */
export interface RankingEntry {
  userId: string;
  status: SquadStatus;
  totalGoals: number;
  /** The kick-off time (epoch ms) of every goal of the user's picks, most recent first. */
  goalTimesDescending: readonly number[];
  /** `coinTossKey(seasonId, userId)` computed once, for sorting many entries; computed when absent. */
  coinToss?: number;
  /** The player's number, given once in the order players arrive: it settles an equal coin toss. */
  memberNumber: number;
}

/** The status groups in ranking order: safe, then going bust, then bust. */
export const RANKING_GROUP_ORDER: Readonly<Record<SquadStatus, number>> = { safe: 0, going_bust: 1, bust: 2 };
const GROUP_ORDER = RANKING_GROUP_ORDER;

/**
 * The virtual coin toss: a stable pseudo-random key from the season and the user id, so tied
 * users keep their order from one request to the next. It is the first 32 bits of the MD5 of
 * `season:user` (UTF-8), big-endian: a database computes the same with its built-in `md5()`
 * (as four bytes, `decode(left(md5(season || ':' || user_id), 8), 'hex')` in PostgreSQL), so it
 * can rank millions of players without a round trip through the server.
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
 * the coin toss; the member number settles the rare equal toss (32 bits: a few ties in ten
 * million, decision 019).
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
  return a.memberNumber - b.memberNumber;
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
