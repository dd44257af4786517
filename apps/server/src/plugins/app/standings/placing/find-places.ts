import {
  compareRankingColumns,
  type RankedFootballer,
  type RankingColumns,
  scoreSquadForRanking,
} from '@hit21/core';
import type { Transaction } from '../../../../db/database.ts';
import type { RankedWith } from '../../../../db/schema/index.ts';
import { placeInBlock } from './block-positions.ts';
import {
  type MemberToPlace,
  readBlockFirsts,
  readBlockMembers,
  readSquadPicks,
  type StoredMember,
} from './board-members-repository.ts';
import type { MovedMember, PlacedRow } from './board-rows-repository.ts';
import { CannotPlace } from './cannot-place.ts';

export type Score = (member: {
  userId: string;
  pickIds: readonly string[];
}) => ReturnType<typeof scoreSquadForRanking>;

/** Scores a squad as the stored board was ranked: its scorers, limbs and the season's end as it stood. */
export function scorer(seasonId: string, rankedWith: RankedWith): Score {
  const scorers = new Map<string, RankedFootballer>(
    rankedWith.scorers.map(([playerId, goals, limbs]) => [
      playerId,
      { goals, goalDateLimbs: limbs.map((limb) => BigInt(limb)) },
    ]),
  );
  const options = { seasonId, limbCount: rankedWith.limbCount, isSeasonOver: rankedWith.isSeasonOver };
  return (member) => scoreSquadForRanking(member, scorers, options);
}

/**
 * Each member's position on the global board. A member goes to the block whose first member is
 * the last to rank before them (the first block if they rank before everyone), and there between
 * the two stored members they rank between, or the block's ends: every member of a block then
 * ranks between its first and the next block's. The members going into the same gap fill its
 * lower half, evenly, in their order: the pickers of a goal gather in a few gaps, at the top of
 * their new total's members, and the next goal's pickers go above them, into the upper half left
 * free; where a gap is too narrow, a stretch of the block around it is spread out, and `moved`
 * lists its stored members' new positions (`placeInBlock`). Each block's members are read once; of
 * their squads, only those a comparison needs.
 */
export async function findPlaces(
  tx: Transaction,
  seasonId: string,
  members: readonly MemberToPlace[],
  score: Score,
): Promise<{ rows: PlacedRow[]; moved: MovedMember[] }> {
  if (members.length === 0) return { rows: [], moved: [] };
  const scored = members
    .map((member) => ({ member, ...score(member) }))
    .sort((a, b) => compareRankingColumns(a.columns, b.columns));
  const stored = storedColumns(tx, seasonId, score);
  const firsts = await readBlockFirsts(tx, seasonId);
  const firstsAtOrBefore = await countRankingBefore(
    scored.map((entry) => ({ stored: firsts, columns: entry.columns, orEqual: true })),
    stored,
  );
  const byBlock = new Map<number, typeof scored>();
  for (const [index, entry] of scored.entries()) {
    const block = firsts[Math.max(0, (firstsAtOrBefore[index] ?? 0) - 1)]?.block ?? 0;
    const entering = byBlock.get(block);
    if (entering) entering.push(entry);
    else byBlock.set(block, [entry]);
  }
  const blocks = [];
  for (const [block, entering] of byBlock) {
    blocks.push({ block, entering, members: await readBlockMembers(tx, seasonId, block) });
  }
  const gaps = await countRankingBefore(
    blocks.flatMap(({ entering, members: inBlock }) =>
      entering.map((entry) => ({ stored: inBlock, columns: entry.columns, orEqual: false })),
    ),
    stored,
  );
  const rows: PlacedRow[] = [];
  const moved: MovedMember[] = [];
  let searched = 0;
  for (const { block, entering, members: inBlock } of blocks) {
    const blockGaps = gaps.slice(searched, searched + entering.length);
    searched += entering.length;
    const placed = placeInBlock(block, inBlock, blockGaps);
    if (!placed) throw new CannotPlace('no position left in a rank block');
    for (const [index, { member, status, totalGoals }] of entering.entries()) {
      const { userId, fullName, country, club } = member;
      const position = placed.positions[index] ?? 0;
      rows.push({ userId, position, status, totalGoals, fullName, country, club });
    }
    moved.push(...placed.moved);
  }
  return { rows, moved };
}

/** Stored members' ranking columns, their squads read when first asked for, many in one statement. */
interface StoredColumns {
  read(userIds: Iterable<string>): Promise<void>;
  of(userId: string): RankingColumns;
}

function storedColumns(tx: Transaction, seasonId: string, score: Score): StoredColumns {
  const known = new Map<string, RankingColumns>();
  return {
    async read(userIds) {
      const missing = [...new Set(userIds)].filter((userId) => !known.has(userId));
      if (missing.length === 0) return;
      const picks = await readSquadPicks(tx, seasonId, missing);
      for (const userId of missing) {
        known.set(userId, score({ userId, pickIds: picks.get(userId) ?? [] }).columns);
      }
    },
    of(userId) {
      const columns = known.get(userId);
      if (!columns) throw new Error(`No ranking columns read for ${userId}`);
      return columns;
    },
  };
}

/**
 * For each search, how many of its `stored` members (in their order) rank before its `columns`
 * (`orEqual`: at or before). Binary searches run side by side, a step at a time, so each step
 * reads the squads of the members it compares with in one statement: a block of thousands of
 * members is searched by reading a dozen squads.
 */
async function countRankingBefore(
  searches: readonly { stored: readonly StoredMember[]; columns: RankingColumns; orEqual: boolean }[],
  stored: StoredColumns,
): Promise<number[]> {
  const low = searches.map(() => 0);
  const high = searches.map((search) => search.stored.length);
  const middleOf = (index: number) => Math.floor(((low[index] ?? 0) + (high[index] ?? 0)) / 2);
  for (;;) {
    const open = searches.flatMap((_, index) => ((low[index] ?? 0) < (high[index] ?? 0) ? [index] : []));
    if (open.length === 0) return low;
    await stored.read(open.flatMap((index) => searches[index]?.stored[middleOf(index)]?.userId ?? []));
    for (const index of open) {
      const search = searches[index];
      const middle = middleOf(index);
      const member = search?.stored[middle];
      if (!search || !member) continue;
      const order = compareRankingColumns(stored.of(member.userId), search.columns);
      if (order < 0 || (search.orEqual && order === 0)) low[index] = middle + 1;
      else high[index] = middle;
    }
  }
}
