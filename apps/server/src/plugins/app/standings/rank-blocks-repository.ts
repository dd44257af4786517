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
export function boardTotal(seasonId: string, board: BlockBoard): SQL {
  return sql`select coalesce(sum(${standingsRankBlocks.members}), 0)::int as total
    from ${standingsRankBlocks} where ${onBoard(seasonId, board)}`;
}

/**
 * At most one row, (`start`, `members_before`): the last block of the board whose earlier blocks
 * hold no more than `offset` of its members. A page reads the board's order from that block's
 * start, past `offset - members_before` members (fewer than a block's).
 */
export function pageStart(seasonId: string, board: BlockBoard, offset: number): SQL {
  return sql`select start, members_before from (
      select ${standingsRankBlocks.start} as start,
        (sum(${standingsRankBlocks.members}) over (order by ${standingsRankBlocks.start}) - ${standingsRankBlocks.members})::int as members_before
      from ${standingsRankBlocks} where ${onBoard(seasonId, board)}) as block
    where members_before <= ${offset}
    order by start desc limit 1`;
}

/** The start of the board's block holding `ord` (the SQL of a byte string). */
export function blockStartOf(seasonId: string, board: BlockBoard, ord: SQL): SQL {
  return sql`(select ${standingsRankBlocks.start} from ${standingsRankBlocks}
    where ${onBoard(seasonId, board)} and ${standingsRankBlocks.start} <= ${ord}
    order by ${standingsRankBlocks.start} desc limit 1)`;
}

/**
 * The ranks on `board` of a page's rows (`rows`: a relation with their `ord`), as (`ord`,
 * `rank`): for each block the rows fall in, the board's members there are read once, in order,
 * up to the last of the rows (`membersBetween(from, to)`: the `ord`s of the board's members from
 * `from` to `to`, along its order index), and numbered from the members before the block.
 */
export function ranksOf(
  seasonId: string,
  board: BlockBoard,
  rows: SQL,
  membersBetween: (from: SQL, to: SQL) => SQL,
): SQL {
  return sql`select member.ord, (page_block.members_before + member.place)::int as rank
    from (select touched.start, touched.last,
        (select coalesce(sum(${standingsRankBlocks.members}), 0) from ${standingsRankBlocks}
          where ${onBoard(seasonId, board)} and ${standingsRankBlocks.start} < touched.start) as members_before
      from (select ${blockStartOf(seasonId, board, sql`page.ord`)} as start,
          (array_agg(page.ord order by page.ord desc))[1] as last
        from (${rows}) as page group by 1) as touched) as page_block
    cross join lateral (select inblock.ord, row_number() over (order by inblock.ord) as place
      from (${membersBetween(sql`page_block.start`, sql`page_block.last`)}) as inblock) as member`;
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
