import { type SQL, sql } from 'drizzle-orm';
import { BLOCK_SPAN, standingsRankBlocks } from '../../../db/schema/index.ts';

/**
 * Ranks on every stored board, from its rank blocks (`standingsRankBlocks`): the members are
 * stored at their places in the global order (`position`), and a board's rank of a member is the
 * members of the board before their block plus those in the block up to them.
 */

/** A board as its rank blocks name it: the global one (name ''), a country, a club or a league (its id). */
export interface BlockBoard {
  kind: 'global' | 'country' | 'club' | 'league';
  name: string;
}

/** The rank block holding a position. */
export function blockOf(position: SQL): SQL {
  return sql`((${position} - 1) / ${BLOCK_SPAN}::bigint)::int`;
}

/** The first position of a block (the SQL of its number) is past this one. */
export function blockStart(block: SQL): SQL {
  return sql`(${block})::bigint * ${BLOCK_SPAN}::bigint`;
}

function onBoard(seasonId: string, board: BlockBoard): SQL {
  return sql`${standingsRankBlocks.board} = ${board.kind} and ${standingsRankBlocks.name} = ${board.name}
    and ${standingsRankBlocks.seasonId} = ${seasonId}`;
}

/** One row, `total`: the board's members, those before its last block and in it (0 for none). */
export function boardTotal(seasonId: string, board: BlockBoard): SQL {
  return sql`select coalesce((select ${standingsRankBlocks.membersBefore} + ${standingsRankBlocks.members}
      from ${standingsRankBlocks} where ${onBoard(seasonId, board)}
      order by ${standingsRankBlocks.block} desc limit 1), 0) as total`;
}

/**
 * At most one row, (`block`, `members_before`): the block holding the board's member after the
 * first `offset`, the last whose earlier blocks hold no more than `offset` of its members. A page
 * reads the board's order from that block's start, past `offset - members_before` members (fewer
 * than a block's).
 */
export function pageStart(seasonId: string, board: BlockBoard, offset: number): SQL {
  return sql`select ${standingsRankBlocks.block} as block, ${standingsRankBlocks.membersBefore} as members_before
    from ${standingsRankBlocks}
    where ${onBoard(seasonId, board)} and ${standingsRankBlocks.membersBefore} <= ${offset}
    order by ${standingsRankBlocks.membersBefore} desc limit 1`;
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
  return sql`select member.position, (${standingsRankBlocks.membersBefore} + member.place)::int as rank
    from (select ${blockOf(sql`page.position`)} as block, max(page.position) as last
      from (${rows}) as page group by 1) as page_block
    join ${standingsRankBlocks} on ${onBoard(seasonId, board)} and ${standingsRankBlocks.block} = page_block.block
    cross join lateral (select inblock.position, row_number() over (order by inblock.position) as place
      from (${membersBetween(firstOfBlock, sql`page_block.last`)}) as inblock) as member`;
}
