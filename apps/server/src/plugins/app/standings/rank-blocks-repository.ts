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

/** A board as its rank blocks name it: the global one (name ''), a country, a club or a league (its id). */
export interface BlockBoard {
  kind: 'global' | 'country' | 'club' | 'league';
  name: string;
}

/** A rank block's row, as a query that finds blocks to cut reads it. */
export type BlockRow = { board: BlockBoard['kind']; name: string; start: Uint8Array };

/** Lost (in a query of `standingsState`): members counted, but the unlogged blocks gone in a crash. */
export function isBoardLostSql(seasonId: string): SQL<boolean> {
  return sql<boolean>`(${standingsState.members} > 0 and not exists (select from ${standingsRankBlocks}
    where ${standingsRankBlocks.board} = 'global' and ${standingsRankBlocks.name} = ''
      and ${standingsRankBlocks.seasonId} = ${seasonId}))`;
}

/** The last rebuild's duration while the board is lost (members wait for the next one), else null. */
export function lostBoardRebuildMs(seasonId: string): SQL<number | null> {
  return sql<number | null>`case when ${isBoardLostSql(seasonId)} then ${standingsState.durationMs} end`;
}

function onBoard(seasonId: string, board: BlockBoard) {
  return sql`${standingsRankBlocks.board} = ${board.kind} and ${standingsRankBlocks.name} = ${board.name}
    and ${standingsRankBlocks.seasonId} = ${seasonId}`;
}

/** The board's total, then `rank` and `rows`' columns from rank `offset + 1`; one rankless row if empty. */
export function boardPage(seasonId: string, board: BlockBoard, rows: SQL, offset: number, pageSize: number) {
  const total = sql`select coalesce(sum(${standingsRankBlocks.members}), 0)::int as total
    from ${standingsRankBlocks} where ${onBoard(seasonId, board)}`;
  const start = sql`select start, members_before from (
      select ${standingsRankBlocks.start} as start,
        (sum(${standingsRankBlocks.members}) over (order by ${standingsRankBlocks.start}) - ${standingsRankBlocks.members})::int as members_before
      from ${standingsRankBlocks} where ${onBoard(seasonId, board)}) as block
    where members_before <= ${offset}
    order by start desc limit 1`;
  return sql`with total as (${total}),
    start as materialized (${start}),
    page as (select ${offset}::int + row_number() over (order by member.ord) as rank, member.* from (
        select * from (${rows}) as member where member.ord >= (select start from start)
        order by member.ord limit ${pageSize} offset (select ${offset}::int - members_before from start)) as member)
    select total.total, page.* from total left join page on true`;
}

/** The rows of `found` ranked on the board of `rows`: each block they fall in read once, up to the last. */
export function withRanks(seasonId: string, board: BlockBoard, rows: SQL): SQL {
  const blockStart = sql`(select ${standingsRankBlocks.start} from ${standingsRankBlocks}
    where ${onBoard(seasonId, board)} and ${standingsRankBlocks.start} <= found.ord
    order by ${standingsRankBlocks.start} desc limit 1)`;
  const ranks = sql`select member.ord, (page_block.members_before + member.place)::int as rank
    from (select touched.start, touched.last,
        (select coalesce(sum(${standingsRankBlocks.members}), 0) from ${standingsRankBlocks}
          where ${onBoard(seasonId, board)} and ${standingsRankBlocks.start} < touched.start) as members_before
      from (select ${blockStart} as start,
          (array_agg(found.ord order by found.ord desc))[1] as last
        from found group by 1) as touched) as page_block
    cross join lateral (select inblock.ord, row_number() over (order by inblock.ord) as place
      from (${rows}) as inblock where inblock.ord between page_block.start and page_block.last) as member`;
  return sql`select ranks.rank, found.* from found join (${ranks}) as ranks on ranks.ord = found.ord`;
}

/** After every `ord` (its first byte is a bucket's high byte): an index range needs an upper bound. */
export const PAST_EVERY_ORD = sql`'\\xff'::bytea`;

function boardOrds(seasonId: string, board: BlockBoard): SQL {
  if (board.kind === 'league') {
    return sql`select ${leagueStandings.ord} as ord from ${leagueStandings}
      where ${leagueStandings.seasonId} = ${seasonId} and ${leagueStandings.leagueId} = ${board.name}::uuid`;
  }
  const column = { global: undefined, country: standings.country, club: standings.club }[board.kind];
  const group = column ? sql`and ${column} = ${board.name}` : sql``;
  return sql`select ${standings.ord} as ord from ${standings} where ${standings.seasonId} = ${seasonId} ${group}`;
}

/** Cuts each block into blocks of RANK_BLOCK_SIZE members along its board's order index. */
export async function cutBlocks(tx: Executor, seasonId: string, blocks: readonly BlockRow[]): Promise<void> {
  for (const block of blocks) {
    const board: BlockBoard = { kind: block.board, name: block.name };
    const start = Buffer.from(block.start);
    const nextStart = sql`(select ${standingsRankBlocks.start} from ${standingsRankBlocks}
      where ${onBoard(seasonId, board)} and ${standingsRankBlocks.start} > ${start}::bytea
      order by ${standingsRankBlocks.start} limit 1)`;
    const inBlock = sql`select member.ord from (${boardOrds(seasonId, board)}) as member
      where member.ord >= ${start}::bytea and member.ord < coalesce(${nextStart}, ${PAST_EVERY_ORD})`;
    await tx.execute(sql`insert into ${standingsRankBlocks} (season_id, board, name, start, members)
      select ${seasonId}, ${board.kind}, ${board.name}, ord, least(${RANK_BLOCK_SIZE}, total - place)::int
      from (select ord, row_number() over (order by ord) - 1 as place, count(*) over () as total
        from (${inBlock}) as member) as placed
      where place % ${RANK_BLOCK_SIZE} = 0 and place > 0`);
    // The block now ends where its second part starts.
    await tx.execute(sql`update ${standingsRankBlocks} set members = (select count(*) from (${inBlock}) as member)
      where ${onBoard(seasonId, board)} and ${standingsRankBlocks.start} = ${start}::bytea`);
  }
}

/** Cuts every block of the season's boards grown past MAX_BLOCK_MEMBERS (after a re-keyed rebuild). */
export async function cutSwollenBlocks(tx: Executor, seasonId: string): Promise<void> {
  const swollen = await selectRows<BlockRow>(
    tx,
    sql`select board, name, start from ${standingsRankBlocks}
      where ${standingsRankBlocks.seasonId} = ${seasonId} and ${standingsRankBlocks.members} > ${MAX_BLOCK_MEMBERS}`,
  );
  await cutBlocks(tx, seasonId, swollen);
}
