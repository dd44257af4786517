import { sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../../../db/database.ts';
import { standingsRankBlocks } from '../../../../db/schema/index.ts';
import { MAX_BLOCK_MEMBERS } from '../model.ts';
import { type BlockBoard, cutBlock } from '../rank-blocks-repository.ts';

/**
 * The rank blocks kept in step with a placement's moves (`standings_moves`): each move counted in
 * the block of its board holding its `ord`, and a block grown past MAX_BLOCK_MEMBERS cut again.
 */

/**
 * Moves the block counts of the season's boards by the transaction's moves: a board met for the
 * first time (a new country, club or league) gets its first block, from the empty string. Then
 * cuts the blocks grown too large (`cutBlock`). Answers how many blocks were cut.
 */
export async function applyBlockMoves(tx: Executor, seasonId: string): Promise<number> {
  await tx.execute(sql`insert into ${standingsRankBlocks} (season_id, board, name, start, members)
    select distinct ${seasonId}, board, name, ''::bytea, 0 from standings_moves on conflict do nothing`);
  // Each move's block, found in one sort of the moves with their boards' block starts: a move
  // takes the number of the last start at or before it (a probe of the blocks per move took
  // seconds for a live goal's hundreds of thousands of moves). The starts are unnested, not
  // subscripted: an array of byte strings is walked from its start to reach an element.
  const moved = sql`with boards as (
      select board, name, array_agg(start order by start) as starts
      from ${standingsRankBlocks} where ${standingsRankBlocks.seasonId} = ${seasonId}
        and (board, name) in (select distinct board, name from standings_moves) group by 1, 2),
    marked as (
      select board, name, start.ord, start.number, 0 as change, false as is_move
      from boards cross join unnest(starts) with ordinality as start (ord, number)
      union all select board, name, ord, null, change, true from standings_moves),
    placed as (
      select board, name, change, is_move,
        max(number) over (partition by board, name order by ord, is_move rows unbounded preceding) as number
      from marked),
    counted as (select board, name, number, sum(change)::int as change from placed
      where is_move group by 1, 2, 3 having sum(change) <> 0)
    select counted.board, counted.name, boards.starts[counted.number] as start, counted.change
    from counted join boards on boards.board = counted.board and boards.name = counted.name`;
  const swollen = await selectRows<{ board: BlockBoard['kind']; name: string; start: Uint8Array }>(
    tx,
    sql`with moved as (update ${standingsRankBlocks} as block set members = block.members + moved.change
        from (${moved}) as moved
        where block.board = moved.board and block.name = moved.name and block.start = moved.start
          and block.season_id = ${seasonId}
        returning block.board, block.name, block.start, block.members)
      select board, name, start from moved where members > ${MAX_BLOCK_MEMBERS}`,
  );
  for (const block of swollen) {
    await cutBlock(tx, seasonId, { kind: block.board, name: block.name }, Buffer.from(block.start));
  }
  return swollen.length;
}
