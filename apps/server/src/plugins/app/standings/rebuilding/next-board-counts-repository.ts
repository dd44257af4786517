import { type SQL, sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../../../db/database.ts';
import { leagueMembers, leagues, standingsNames } from '../../../../db/schema/index.ts';
import type { REBUILT_TABLES } from '../model.ts';
import { blockOf, chunkOf } from '../rank-blocks-repository.ts';
import { constrainToSeason } from './next-board-repository.ts';

/**
 * What a rebuild builds from the ranked `standings_next` beside its index builds: the rank
 * blocks and chunks of every board, the leagues' standings, the new names, and the statistics.
 */

/** A (country, club) pair of the board's members, and how many they are. */
export interface BoardGroup {
  country: string;
  club: string;
  members: number;
}

/**
 * Counts the new board (`standings_next`, loaded) in one scan into the rank block tables
 * `prepareNextTables` made, and returns its members per (country, club) pair (a few thousand rows
 * at most: the board's members, countries and clubs): per block of the season's global order (see
 * `standingsRankBlocks`), the global board's, each country's and each club's members in
 * `standings_rank_blocks_next`, and the same per chunk of blocks, with how many of them the
 * earlier chunks hold, in `standings_rank_chunks_next`. One process (PostgreSQL does not share
 * grouping sets out to workers), so the rebuild runs it beside the index builds.
 */
export async function countNextBoard(db: Database, seasonId: string): Promise<BoardGroup[]> {
  return db.transaction(async (tx) => {
    // The three groupings' counters in memory at once: a few hundred thousand at ten million.
    await tx.execute(sql`set local work_mem = '256MB'`);
    return selectRows<BoardGroup>(
      tx,
      sql`with counted as (
          select country, club, block, count(*)::int as members,
            case when grouping(country) = 0 then 'country' when grouping(club) = 0 then 'club' else 'global' end as board
          from (select country, club, ${blockOf(sql.raw('position'))} as block
            from standings_next where season_id = ${seasonId}) as member
          group by grouping sets ((country, club), (country, block), (club, block), (block))
        ),
        blocks as (
          select board, coalesce(country, club, '') as name, block, members
          from counted where block is not null
        ),
        ${savedRankBlocks(seasonId)}
        select country, club, members from counted where block is null`,
    );
  });
}

/**
 * Once the new board is loaded: the other rebuilt tables of the season, fresh and empty, for
 * `countNextBoard` and `createNextLeagueStandings` to fill.
 */
export async function prepareNextTables(db: Database, seasonId: string): Promise<void> {
  for (const table of ['standings_rank_blocks', 'standings_rank_chunks', 'league_standings'] as const) {
    await createNextTable(db, table, seasonId);
  }
}

/**
 * Statistics of the new board, once nothing else reads it (a statistics scan cannot run beside
 * an index build of the same table). Until then the planner knows its size but not its values,
 * which `countNextBoard` wants: not knowing them, it would sort the board for some of its
 * groupings, several times slower.
 */
export async function analyzeNextBoardRows(db: Database): Promise<void> {
  await db.execute(sql`analyze standings_next`);
}

/**
 * A fresh, empty `<table>_next` of the stored table's shape for the season (one left by a rebuild
 * cut off halfway is dropped).
 */
async function createNextTable(
  db: Database,
  table: Exclude<(typeof REBUILT_TABLES)[number], 'standings'>,
  seasonId: string,
): Promise<void> {
  await db.execute(sql.raw(`drop table if exists ${table}_next`));
  await db.execute(
    sql.raw(`create unlogged table ${table}_next (like ${table} including defaults including constraints)`),
  );
  await constrainToSeason(db, table, seasonId);
}

/**
 * Adds the new board's names that no stored board holds yet (members who joined or were renamed
 * since) to `standings_names`, where the name search finds them: before the swap, so that every
 * name on the board is searchable from its first read. Beside the index builds: it reads
 * `standings_next` as they do.
 */
export async function addNextBoardNames(db: Database): Promise<void> {
  await db.execute(sql`insert into ${standingsNames} (search_name)
    select distinct search_name from standings_next on conflict do nothing`);
}

/**
 * Fills `league_standings_next` (`prepareNextTables` made it) with, for every league of the
 * season, its approved members at their places on the new board (`standings_next`, loaded), each
 * with the board's search key of the name for the league's own name search; and each league's rank
 * blocks into `standings_rank_blocks_next`. Membership is read now, after the inputs' snapshot:
 * a change since is also marked in the version stamp, so the next check recomputes anyway.
 */
export async function createNextLeagueStandings(db: Database, seasonId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // The hash of the members and the sorts in memory, not on disk. A league's rows are stored in
    // the order of their names read backwards, so the matches of a surname search share pages
    // rather than each on a page of its own (figures: docs/benchmarks/standings.md); its pages by
    // rank read the few rows they need through the rank index wherever they are.
    await tx.execute(sql`set local work_mem = '256MB'`);
    await tx.execute(sql`set local jit = on`);
    // The new board has no statistics yet (`analyzeNextBoardRows`): without this the planner
    // would probe the members' index once per board row rather than hash both sides, many times
    // slower (figures: docs/benchmarks/standings.md).
    await tx.execute(sql`set local enable_nestloop = off`);
    await tx.execute(sql`insert into league_standings_next (season_id, league_id, user_id, position, search_name)
      select ${seasonId}, ${leagueMembers.leagueId}, ${leagueMembers.userId}, board.position, board.search_name
      from ${leagueMembers}
      join ${leagues} on ${leagues.id} = ${leagueMembers.leagueId} and ${leagues.seasonId} = ${seasonId}
      join standings_next as board on board.season_id = ${seasonId} and board.user_id = ${leagueMembers.userId}
      where ${leagueMembers.status} = 'approved'
      order by ${leagueMembers.leagueId}, reverse(board.search_name) collate "C"`);
    await tx.execute(sql`with blocks as (
        select 'league' as board, league_id::text as name, ${blockOf(sql.raw('position'))} as block, count(*)::int as members
        from league_standings_next where season_id = ${seasonId} group by league_id, block),
      ${savedRankBlocks(seasonId)}
      select count(*) from blocks`);
  });
}

/**
 * Data-modifying common table expressions that save a season's rank blocks, the relation
 * `blocks` (board, name, block, members), into `standings_rank_blocks_next`, and their chunks, with
 * the members before each, into `standings_rank_chunks_next`.
 */
function savedRankBlocks(seasonId: string): SQL {
  return sql`saved_blocks as (
      insert into standings_rank_blocks_next (season_id, board, name, block, members)
      select ${seasonId}, board, name, block, members from blocks),
    chunks as (
      select board, name, ${chunkOf(sql.raw('block'))} as chunk, sum(members)::int as members
      from blocks group by 1, 2, 3),
    saved_chunks as (
      insert into standings_rank_chunks_next (season_id, board, name, chunk, members_before, members)
      select ${seasonId}, board, name, chunk,
        (sum(members) over (partition by board, name order by chunk) - members)::int, members
      from chunks)`;
}

/**
 * Statistics of the new league standings and rank blocks (the new board's were gathered before
 * ranking the leagues from it), and their visibility maps: a page's ranks count the league's
 * members in a block through the (league, position) index alone only on pages marked all-visible,
 * which a table filled by inserts is not until vacuumed: a name with few matches in a league of a
 * million, its page's rows each in another block, is read faster after.
 */
export async function analyzeNextBoard(db: Database): Promise<void> {
  await db.execute(
    sql`vacuum (analyze) league_standings_next, standings_rank_blocks_next, standings_rank_chunks_next`,
  );
}
