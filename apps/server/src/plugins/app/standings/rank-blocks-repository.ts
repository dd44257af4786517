import { type SQL, sql } from 'drizzle-orm';
import {
  BLOCK_SPAN,
  RANK_CHUNK_BLOCKS,
  standingsRankBlocks,
  standingsRankChunks,
  standingsState,
} from '../../../db/schema/index.ts';

/**
 * Ranks on every stored board, from its rank blocks (`standingsRankBlocks`) and their chunks
 * (`standingsRankChunks`): the members are stored at their places in the global order
 * (`position`), and a board's rank of a member is the members of the board before their block
 * plus those in the block up to them.
 */

/** A board as its rank blocks name it: the global one (name ''), a country, a club or a league (its id). */
export interface BlockBoard {
  kind: 'global' | 'country' | 'club' | 'league';
  name: string;
}

/**
 * The season's board was lost: its state row (a logged table) counts members, but its rank
 * blocks, like every table a rebuild writes, are empty. Those tables are unlogged (decision 005):
 * PostgreSQL empties them when it recovers from a crash, though not after a clean restart. In the
 * caller's query, which reads the state row as `standingsState`.
 */
export function isBoardLostSql(seasonId: string): SQL<boolean> {
  return sql<boolean>`(${standingsState.members} > 0 and not exists (select from ${standingsRankBlocks}
    where ${standingsRankBlocks.board} = 'global' and ${standingsRankBlocks.name} = ''
      and ${standingsRankBlocks.seasonId} = ${seasonId}))`;
}

/**
 * The last rebuild's duration while the season's board is lost (`isBoardLostSql`), else null: a
 * member waits for the next rebuild then, not a placement. In the caller's query, which reads the
 * state row as `standingsState`.
 */
export function lostBoardRebuildMs(seasonId: string): SQL<number | null> {
  return sql<number | null>`case when ${isBoardLostSql(seasonId)} then ${standingsState.durationMs} end`;
}

/** The rank block holding a position. */
export function blockOf(position: SQL): SQL {
  return sql`((${position} - 1) / ${BLOCK_SPAN}::bigint)::int`;
}

/** The first position of a block (the SQL of its number) is past this one. */
export function blockStart(block: SQL): SQL {
  return sql`(${block})::bigint * ${BLOCK_SPAN}::bigint`;
}

/**
 * The chunk of rank blocks holding a block (the SQL of its number); the size written in, so that
 * a GROUP BY matches it.
 */
export function chunkOf(block: SQL): SQL {
  return sql`((${block}) / ${sql.raw(String(RANK_CHUNK_BLOCKS))})`;
}

function onBoard(
  table: typeof standingsRankBlocks | typeof standingsRankChunks,
  seasonId: string,
  board: BlockBoard,
) {
  return sql`${table.board} = ${board.kind} and ${table.name} = ${board.name} and ${table.seasonId} = ${seasonId}`;
}

/** One row, `total`: the board's members, those before its last chunk and in it (0 for none). */
export function boardTotal(seasonId: string, board: BlockBoard): SQL {
  return sql`select coalesce((select ${standingsRankChunks.membersBefore} + ${standingsRankChunks.members}
      from ${standingsRankChunks} where ${onBoard(standingsRankChunks, seasonId, board)}
      order by ${standingsRankChunks.chunk} desc limit 1), 0) as total`;
}

/** The board's members before a block of it (the SQL of its number): its chunk's, and the chunk's earlier blocks'. */
function membersBeforeBlock(seasonId: string, board: BlockBoard, block: SQL): SQL {
  return sql`(coalesce((select ${standingsRankChunks.membersBefore} from ${standingsRankChunks}
      where ${onBoard(standingsRankChunks, seasonId, board)} and ${standingsRankChunks.chunk} = ${chunkOf(block)}), 0)
    + coalesce((select sum(${standingsRankBlocks.members}) from ${standingsRankBlocks}
      where ${onBoard(standingsRankBlocks, seasonId, board)}
        and ${standingsRankBlocks.block} >= ${chunkOf(block)} * ${RANK_CHUNK_BLOCKS}::int
        and ${standingsRankBlocks.block} < (${block})), 0))::int`;
}

/**
 * At most one row, (`block`, `members_before`): the block holding the board's member after the
 * first `offset`, the last whose earlier blocks hold no more than `offset` of its members. A page
 * reads the board's order from that block's start, past `offset - members_before` members (fewer
 * than a block's). Found in the last chunk whose earlier chunks hold no more than `offset`, among
 * its blocks.
 */
export function pageStart(seasonId: string, board: BlockBoard, offset: number): SQL {
  return sql`select in_chunk.block, in_chunk.members_before from (
      select ${standingsRankBlocks.block} as block,
        (chunk.members_before + sum(${standingsRankBlocks.members}) over (order by ${standingsRankBlocks.block})
          - ${standingsRankBlocks.members})::int as members_before
      from (select ${standingsRankChunks.chunk} as chunk, ${standingsRankChunks.membersBefore} as members_before
        from ${standingsRankChunks}
        where ${onBoard(standingsRankChunks, seasonId, board)} and ${standingsRankChunks.membersBefore} <= ${offset}
        order by ${standingsRankChunks.membersBefore} desc limit 1) as chunk
      join ${standingsRankBlocks} on ${onBoard(standingsRankBlocks, seasonId, board)}
        and ${standingsRankBlocks.block} >= chunk.chunk * ${RANK_CHUNK_BLOCKS}::int
        and ${standingsRankBlocks.block} < (chunk.chunk + 1) * ${RANK_CHUNK_BLOCKS}::int
    ) as in_chunk
    where in_chunk.members_before <= ${offset}
    order by in_chunk.members_before desc limit 1`;
}

/**
 * The ranks on `board` of a page's rows (`rows`: a relation with their `position`s), as
 * (`position`, `rank`): for each block the rows fall in, the board's members there are read once,
 * in order, up to the last of the rows (`membersBetween(from, to)`: the positions of the board's
 * members from `from` to `to`, along its order index), and numbered from the members before the
 * block. A page's rows share a block or a few, so this reads about a block's worth of the index
 * where counting each row's way from its block's start read one per row.
 */
export function ranksOf(
  seasonId: string,
  board: BlockBoard,
  rows: SQL,
  membersBetween: (from: SQL, to: SQL) => SQL,
): SQL {
  const firstOfBlock = sql`${blockStart(sql`page_block.block`)} + 1`;
  return sql`select member.position, (page_block.members_before + member.place)::int as rank
    from (select touched.block, touched.last, ${membersBeforeBlock(seasonId, board, sql`touched.block`)} as members_before
      from (select ${blockOf(sql`page.position`)} as block, max(page.position) as last
        from (${rows}) as page group by 1) as touched) as page_block
    cross join lateral (select inblock.position, row_number() over (order by inblock.position) as place
      from (${membersBetween(firstOfBlock, sql`page_block.last`)}) as inblock) as member`;
}
