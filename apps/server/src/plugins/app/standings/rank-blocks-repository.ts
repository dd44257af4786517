import { type SQL, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../../db/database.ts';
import {
  leagueStandings,
  RANK_BLOCK_SIZE,
  standings,
  standingsRankBlocks,
  standingsState,
} from '../../../db/schema/index.ts';
import { MAX_BLOCK_MEMBERS } from './model.ts';

/**
 * Ranks on every stored board, from its rank blocks (`standingsRankBlocks`): ranges of the
 * members' `ord`. A board's rank of a member is the board's members in the earlier blocks plus
 * those in their block up to them.
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

function onBoard(seasonId: string, board: BlockBoard) {
  return sql`${standingsRankBlocks.board} = ${board.kind} and ${standingsRankBlocks.name} = ${board.name}
    and ${standingsRankBlocks.seasonId} = ${seasonId}`;
}

/** One row, `total`: the board's members (0 for none). */
function boardTotal(seasonId: string, board: BlockBoard): SQL {
  return sql`select coalesce(sum(${standingsRankBlocks.members}), 0)::int as total
    from ${standingsRankBlocks} where ${onBoard(seasonId, board)}`;
}

/**
 * At most one row, (`start`, `members_before`): the last block of the board whose earlier blocks
 * hold no more than `offset` of its members.
 */
function pageStart(seasonId: string, board: BlockBoard, offset: number): SQL {
  return sql`select start, members_before from (
      select ${standingsRankBlocks.start} as start,
        (sum(${standingsRankBlocks.members}) over (order by ${standingsRankBlocks.start}) - ${standingsRankBlocks.members})::int as members_before
      from ${standingsRankBlocks} where ${onBoard(seasonId, board)}) as block
    where members_before <= ${offset}
    order by start desc limit 1`;
}

/**
 * A page of a board without a search: its total, then its rows from rank `offset + 1` (`rank`
 * and the columns of `rows`, the board's rows with their `ord`, or one row without a rank for an
 * empty page). It reads the board's order index from the start of the block holding the page's
 * first rank, past fewer than a block of members.
 */
export function boardPage(
  seasonId: string,
  board: BlockBoard,
  rows: SQL,
  offset: number,
  pageSize: number,
): SQL {
  return sql`with total as (${boardTotal(seasonId, board)}),
    start as materialized (${pageStart(seasonId, board, offset)}),
    page as (select ${offset}::int + row_number() over (order by member.ord) as rank, member.* from (
        select * from (${rows}) as member where member.ord >= (select start from start)
        order by member.ord limit ${pageSize} offset (select ${offset}::int - members_before from start)) as member)
    select total.total, page.* from total left join page on true`;
}

/** The start of the board's block holding `ord` (the SQL of a byte string). */
function blockStartOf(seasonId: string, board: BlockBoard, ord: SQL): SQL {
  return sql`(select ${standingsRankBlocks.start} from ${standingsRankBlocks}
    where ${onBoard(seasonId, board)} and ${standingsRankBlocks.start} <= ${ord}
    order by ${standingsRankBlocks.start} desc limit 1)`;
}

/**
 * The rows of `found` (a page's rows, with their `ord`) with their ranks on the board whose rows
 * are `rows`: for each block the page's rows fall in, the board's members there are read once, in
 * order, up to the last of them, and numbered from the members before the block.
 */
export function withRanks(seasonId: string, board: BlockBoard, rows: SQL): SQL {
  const ranks = sql`select member.ord, (page_block.members_before + member.place)::int as rank
    from (select touched.start, touched.last,
        (select coalesce(sum(${standingsRankBlocks.members}), 0) from ${standingsRankBlocks}
          where ${onBoard(seasonId, board)} and ${standingsRankBlocks.start} < touched.start) as members_before
      from (select ${blockStartOf(seasonId, board, sql`found.ord`)} as start,
          (array_agg(found.ord order by found.ord desc))[1] as last
        from found group by 1) as touched) as page_block
    cross join lateral (select inblock.ord, row_number() over (order by inblock.ord) as place
      from (${rows}) as inblock where inblock.ord between page_block.start and page_block.last) as member`;
  return sql`select ranks.rank, found.* from found join (${ranks}) as ranks on ranks.ord = found.ord`;
}

/**
 * A byte string after every `ord` (whose first byte is its bucket's high byte), as the end of a
 * board's last block: an index range needs an upper bound, which `or … is null` would lose.
 */
export const PAST_EVERY_ORD = sql`'\\xff'::bytea`;

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
export async function cutBlock(
  tx: Executor,
  seasonId: string,
  board: BlockBoard,
  start: Buffer,
): Promise<void> {
  const onBoard = sql`${standingsRankBlocks.board} = ${board.kind} and ${standingsRankBlocks.name} = ${board.name}
    and ${standingsRankBlocks.seasonId} = ${seasonId}`;
  const nextStart = sql`(select ${standingsRankBlocks.start} from ${standingsRankBlocks}
    where ${onBoard} and ${standingsRankBlocks.start} > ${start}::bytea order by ${standingsRankBlocks.start} limit 1)`;
  const inBlock = sql`select member.ord from (${boardOrds(seasonId, board)}) as member
    where member.ord >= ${start}::bytea and member.ord < coalesce(${nextStart}, ${PAST_EVERY_ORD})`;
  await tx.execute(sql`insert into ${standingsRankBlocks} (season_id, board, name, start, members)
    select ${seasonId}, ${board.kind}, ${board.name}, ord, least(${RANK_BLOCK_SIZE}, total - place)::int
    from (select ord, row_number() over (order by ord) - 1 as place, count(*) over () as total
      from (${inBlock}) as member) as placed
    where place % ${RANK_BLOCK_SIZE} = 0 and place > 0`);
  // The block now ends where its second part starts.
  await tx.execute(sql`update ${standingsRankBlocks} set members = (select count(*) from (${inBlock}) as member)
    where ${onBoard} and ${standingsRankBlocks.start} = ${start}::bytea`);
}

/** Cuts every block of the season's boards grown past MAX_BLOCK_MEMBERS (after a rebuild's bulk path). */
export async function cutSwollenBlocks(tx: Executor, seasonId: string): Promise<void> {
  const swollen = await selectRows<{ board: BlockBoard['kind']; name: string; start: Uint8Array }>(
    tx,
    sql`select board, name, start from ${standingsRankBlocks}
      where ${standingsRankBlocks.seasonId} = ${seasonId} and ${standingsRankBlocks.members} > ${MAX_BLOCK_MEMBERS}`,
  );
  for (const block of swollen) {
    await cutBlock(tx, seasonId, { kind: block.board, name: block.name }, Buffer.from(block.start));
  }
}
