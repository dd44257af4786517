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
  const moved = sql`select move.board, move.name, (select ${standingsRankBlocks.start} from ${standingsRankBlocks}
        where ${standingsRankBlocks.board} = move.board and ${standingsRankBlocks.name} = move.name
          and ${standingsRankBlocks.seasonId} = ${seasonId} and ${standingsRankBlocks.start} <= move.ord
        order by ${standingsRankBlocks.start} desc limit 1) as start,
      sum(move.change)::int as change
    from standings_moves as move group by 1, 2, 3 having sum(move.change) <> 0`;
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
