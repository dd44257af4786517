import { type SQL, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../../../db/database.ts';
import {
  leagueStandings,
  RANK_BLOCK_SIZE,
  standings,
  standingsRankBlocks,
} from '../../../../db/schema/index.ts';
import { MAX_BLOCK_MEMBERS } from '../model.ts';
import type { BlockBoard } from '../rank-blocks-repository.ts';

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

/** The `ord`s of a board's members (a relation). */
function boardOrds(seasonId: string, board: BlockBoard): SQL {
  if (board.kind === 'league') {
    return sql`select ${leagueStandings.ord} as ord from ${leagueStandings}
      where ${leagueStandings.seasonId} = ${seasonId} and ${leagueStandings.leagueId} = ${board.name}::uuid`;
  }
  const group =
    board.kind === 'country'
      ? sql`and ${standings.country} = ${board.name}`
      : board.kind === 'club'
        ? sql`and ${standings.club} = ${board.name}`
        : sql``;
  return sql`select ${standings.ord} as ord from ${standings} where ${standings.seasonId} = ${seasonId} ${group}`;
}

/**
 * Cuts one block of a board into blocks of RANK_BLOCK_SIZE members, read along the board's order
 * index from its start to the next block's; the first keeps the block's start.
 */
async function cutBlock(tx: Executor, seasonId: string, board: BlockBoard, start: Buffer): Promise<void> {
  const onBoard = sql`${standingsRankBlocks.board} = ${board.kind} and ${standingsRankBlocks.name} = ${board.name}
    and ${standingsRankBlocks.seasonId} = ${seasonId}`;
  const nextStart = sql`(select ${standingsRankBlocks.start} from ${standingsRankBlocks}
    where ${onBoard} and ${standingsRankBlocks.start} > ${start}::bytea order by ${standingsRankBlocks.start} limit 1)`;
  const inBlock = sql`select member.ord from (${boardOrds(seasonId, board)}) as member
    where member.ord >= ${start}::bytea and (member.ord < ${nextStart} or ${nextStart} is null)`;
  await tx.execute(sql`insert into ${standingsRankBlocks} (season_id, board, name, start, members)
    select ${seasonId}, ${board.kind}, ${board.name}, ord, least(${RANK_BLOCK_SIZE}, total - place)::int
    from (select ord, row_number() over (order by ord) - 1 as place, count(*) over () as total
      from (${inBlock}) as member) as placed
    where place % ${RANK_BLOCK_SIZE} = 0 and place > 0`);
  // The block now ends where its second part starts.
  await tx.execute(sql`update ${standingsRankBlocks} set members = (select count(*) from (${inBlock}) as member)
    where ${onBoard} and ${standingsRankBlocks.start} = ${start}::bytea`);
}
