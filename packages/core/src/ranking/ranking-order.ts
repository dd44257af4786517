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
}

const GROUP_ORDER: Readonly<Record<SquadStatus, number>> = { safe: 0, going_bust: 1, bust: 2 };

/**
 * The virtual coin toss: a stable pseudo-random key from the season and the user id
 * (32-bit FNV-1a), so tied users keep their order from one request to the next.
 */
export function coinTossKey(seasonId: string, userId: string): number {
  let hash = 0x811c9dc5;
  for (const character of `${seasonId}:${userId}`) {
    hash ^= character.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
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

/** The largest goal total and kick-off time (epoch ms) a sort key can hold. */
const MAX_KEY_GOALS = 0xffff;
const MAX_KEY_TIME = 2 ** 48 - 1;
const TIME_BYTES = 6;

/**
 * The ranking order as bytes: keys compared byte by byte (PostgreSQL's `bytea` order, memcmp)
 * order their entries exactly as `compareRankingEntries` does, so a database can sort millions of
 * entries without anyone holding them all. The status group; the goals (more first, fewer among
 * the bust); each goal's kick-off, most recent first, then an end mark that sorts after any goal
 * (having a goal beats having none left); the coin toss; the user id's UTF-8 bytes (ids are
 * ASCII, where that order is JavaScript's).
 */
export function rankingSortKey(entry: RankingEntry, seasonId: string): Uint8Array {
  const { totalGoals, goalTimesDescending } = entry;
  if (!Number.isInteger(totalGoals) || totalGoals < 0 || totalGoals > MAX_KEY_GOALS) {
    throw new RangeError(`A sort key holds 0 to ${MAX_KEY_GOALS} goals, not ${totalGoals}`);
  }
  const userId = utf8(entry.userId);
  const key = new Uint8Array(1 + 2 + (goalTimesDescending.length + 1) * TIME_BYTES + 4 + userId.length);
  const view = new DataView(key.buffer);
  let offset = 0;
  view.setUint8(offset, GROUP_ORDER[entry.status]);
  offset += 1;
  view.setUint16(offset, entry.status === 'bust' ? totalGoals : MAX_KEY_GOALS - totalGoals);
  offset += 2;
  for (const time of goalTimesDescending) {
    if (!Number.isInteger(time) || time <= 0 || time >= MAX_KEY_TIME) {
      throw new RangeError(`A sort key holds kick-off times from 1 to ${MAX_KEY_TIME - 1}, not ${time}`);
    }
    writeUint48(view, offset, MAX_KEY_TIME - time);
    offset += TIME_BYTES;
  }
  writeUint48(view, offset, MAX_KEY_TIME);
  offset += TIME_BYTES;
  view.setUint32(offset, entry.coinToss ?? coinTossKey(seasonId, entry.userId));
  offset += 4;
  key.set(userId, offset);
  return key;
}

function writeUint48(view: DataView, offset: number, value: number): void {
  view.setUint16(offset, Math.floor(value / 2 ** 32));
  view.setUint32(offset + 2, value % 2 ** 32);
}

/** A string's UTF-8 bytes, whose order is the order of its code points. */
function utf8(text: string): number[] {
  const bytes: number[] = [];
  for (const character of text) {
    const point = character.codePointAt(0) ?? 0;
    if (point < 0x80) bytes.push(point);
    else if (point < 0x800) bytes.push(0xc0 | (point >> 6), 0x80 | (point & 0x3f));
    else if (point < 0x10000)
      bytes.push(0xe0 | (point >> 12), 0x80 | ((point >> 6) & 0x3f), 0x80 | (point & 0x3f));
    else {
      bytes.push(
        0xf0 | (point >> 18),
        0x80 | ((point >> 12) & 0x3f),
        0x80 | ((point >> 6) & 0x3f),
        0x80 | (point & 0x3f),
      );
    }
  }
  return bytes;
}
