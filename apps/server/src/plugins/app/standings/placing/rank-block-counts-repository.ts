import { type SQL, sql } from 'drizzle-orm';
import { selectRows, type Transaction } from '../../../../db/database.ts';
import { BLOCK_SPAN, standingsRankBlocks, standingsRankChunks } from '../../../../db/schema/index.ts';
import { textArray } from '../../../../db/sql-values.ts';
import { chunkOf } from '../rank-blocks-repository.ts';

/** The boards' rank block and chunk counts, moved in step with the members a placement moves. */

/** More or fewer members of a board in one of its rank blocks. */
export interface BlockChange {
  board: 'global' | 'country' | 'club' | 'league';
  name: string;
  position: number;
  /** Members more (or fewer, below zero) in the block holding `position`. */
  change: number;
}

/**
 * Counts the changes into the boards' rank blocks and their chunks: a block's members, its
 * chunk's, then the members before every later chunk of each board changed; a block or chunk left
 * empty goes (a board's rank never reads it). Answers the most members a changed global block
 * now holds.
 */
export async function shiftRankBlocks(
  tx: Transaction,
  seasonId: string,
  changes: readonly BlockChange[],
): Promise<number> {
  if (changes.length === 0) return 0;
  const counted = sumByBlock(changes);
  if (counted.length === 0) return 0;
  const deltas = sql`unnest(${textArray(counted.map((row) => row.board))}::text[],
      ${textArray(counted.map((row) => row.name))}::text[],
      ${`{${counted.map((row) => row.block).join(',')}}`}::int[],
      ${`{${counted.map((row) => row.change).join(',')}}`}::int[]) as delta (board, name, block, change)`;
  const blocks = await addToRankBlocks(tx, seasonId, deltas);
  const changedChunks = await selectRows<BoardChunk>(
    tx,
    sql`insert into ${standingsRankChunks} (season_id, board, name, chunk, members_before, members)
      select ${seasonId}, board, name, ${chunkOf(sql`block`)}, 0, sum(change)::int from ${deltas}
      group by board, name, ${chunkOf(sql`block`)}
      on conflict (board, name, chunk, season_id)
        do update set members = ${standingsRankChunks.members} + excluded.members
      returning board, name, chunk`,
  );
  await recountMembersBefore(tx, seasonId, changedChunks);
  return blocks.reduce(
    (largest, row) => (row.board === 'global' ? Math.max(largest, row.members) : largest),
    0,
  );
}

interface BlockDelta {
  board: string;
  name: string;
  block: number;
  change: number;
}

interface BoardChunk {
  board: string;
  name: string;
  chunk: number;
}

/** The changes summed per board and block, those that cancel out left out. */
function sumByBlock(changes: readonly BlockChange[]): BlockDelta[] {
  const byBlock = new Map<string, BlockDelta>();
  for (const change of changes) {
    const block = Math.floor((change.position - 1) / BLOCK_SPAN);
    const key = JSON.stringify([change.board, change.name, block]);
    const known = byBlock.get(key) ?? { board: change.board, name: change.name, block, change: 0 };
    known.change += change.change;
    byBlock.set(key, known);
  }
  return [...byBlock.values()].filter((row) => row.change !== 0);
}

/** Adds the deltas to the blocks' members, drops the blocks left empty; answers the blocks changed. */
async function addToRankBlocks(
  tx: Transaction,
  seasonId: string,
  deltas: SQL,
): Promise<{ board: string; name: string; block: number; members: number }[]> {
  const blocks = await selectRows<{ board: string; name: string; block: number; members: number }>(
    tx,
    sql`insert into ${standingsRankBlocks} (season_id, board, name, block, members)
      select ${seasonId}, board, name, block, change from ${deltas}
      on conflict (board, name, block, season_id)
        do update set members = ${standingsRankBlocks.members} + excluded.members
      returning board, name, block, members`,
  );
  const emptied = blocks.filter((row) => row.members <= 0);
  if (emptied.length > 0) {
    await tx.execute(sql`delete from ${standingsRankBlocks}
      where ${standingsRankBlocks.seasonId} = ${seasonId}
        and (${standingsRankBlocks.board}, ${standingsRankBlocks.name}, ${standingsRankBlocks.block}) in (
          select * from unnest(${textArray(emptied.map((row) => row.board))}::text[],
            ${textArray(emptied.map((row) => row.name))}::text[],
            ${`{${emptied.map((row) => row.block).join(',')}}`}::int[]))`);
  }
  return blocks;
}

/**
 * The members before each chunk of a changed board, from its first changed chunk on; the chunks
 * left empty there go.
 */
async function recountMembersBefore(
  tx: Transaction,
  seasonId: string,
  changedChunks: readonly BoardChunk[],
): Promise<void> {
  const firstChanged = new Map<string, BoardChunk>();
  for (const row of changedChunks) {
    const key = JSON.stringify([row.board, row.name]);
    const known = firstChanged.get(key);
    if (!known || row.chunk < known.chunk) firstChanged.set(key, row);
  }
  const boards = [...firstChanged.values()];
  const fromChunk = sql`select * from unnest(${textArray(boards.map((row) => row.board))}::text[],
      ${textArray(boards.map((row) => row.name))}::text[],
      ${`{${boards.map((row) => row.chunk).join(',')}}`}::int[]) as changed (board, name, chunk)`;
  await tx.execute(sql`delete from ${standingsRankChunks} using (${fromChunk}) as changed
    where ${standingsRankChunks.seasonId} = ${seasonId} and ${standingsRankChunks.board} = changed.board
      and ${standingsRankChunks.name} = changed.name and ${standingsRankChunks.chunk} >= changed.chunk
      and ${standingsRankChunks.members} <= 0`);
  await tx.execute(sql`update ${standingsRankChunks} set members_before = counted.members_before
    from (select chunks.board, chunks.name, chunks.chunk,
        (sum(chunks.members) over (partition by chunks.board, chunks.name order by chunks.chunk)
          - chunks.members)::int as members_before
      from ${standingsRankChunks} as chunks
      where chunks.season_id = ${seasonId}
        and (chunks.board, chunks.name) in (select board, name from (${fromChunk}) as changed)) as counted
    join (${fromChunk}) as changed on changed.board = counted.board and changed.name = counted.name
    where ${standingsRankChunks.seasonId} = ${seasonId} and ${standingsRankChunks.board} = counted.board
      and ${standingsRankChunks.name} = counted.name and ${standingsRankChunks.chunk} = counted.chunk
      and counted.chunk >= changed.chunk
      and ${standingsRankChunks.membersBefore} <> counted.members_before`);
}
