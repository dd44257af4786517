import { type SQL, sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../../../db/database.ts';
import { leagueMembers, leagues, RANK_BLOCK_SIZE, standingsNames } from '../../../../db/schema/index.ts';
import type { REBUILT_TABLES } from '../model.ts';
import { constrainToSeason } from './next-board-repository.ts';

/**
 * What a rebuild builds from the ranked `standings_next` beside its index builds: the rank
 * blocks of every board, the leagues' standings, the new names, and the statistics.
 */

/** A (country, club) pair of the board's members, and how many they are. */
export interface BoardGroup {
  country: string;
  club: string;
  members: number;
}

/**
 * The smallest of a group's `ord`s: PostgreSQL 15 has no `min` of byte strings, and their hex
 * digits sort as their bytes do.
 */
const firstOrd = (ord: string) => sql.raw(`decode(min(encode(${ord}, 'hex') collate "C"), 'hex')`);

/** The global block of a row of `standings_next` (its `place` in the global order). */
const blockOfPlace = (place: string) => sql.raw(`((${place} - 1) / ${RANK_BLOCK_SIZE})`);

/**
 * Counts the new board (`standings_next`, loaded) in one scan into the rank blocks table
 * `prepareNextTables` made, and returns its members per (country, club) pair (a few thousand rows
 * at most): every board is cut where the global order's blocks of RANK_BLOCK_SIZE places are, a
 * board's block starting at its first member there (see `standingsRankBlocks`). One process
 * (PostgreSQL does not share grouping sets out to workers), so the rebuild runs it beside the
 * index builds.
 */
export async function countNextBoard(db: Database, seasonId: string): Promise<BoardGroup[]> {
  return db.transaction(async (tx) => {
    // The three groupings' counters in memory at once: a few hundred thousand at ten million.
    await tx.execute(sql`set local work_mem = '256MB'`);
    return selectRows<BoardGroup>(
      tx,
      sql`with counted as (
          select country, club, block, count(*)::int as members, ${firstOrd('ord')} as start,
            case when grouping(country) = 0 then 'country' when grouping(club) = 0 then 'club' else 'global' end as board
          from (select country, club, ${blockOfPlace('place')} as block, ord from standings_next) as member
          group by grouping sets ((country, club), (country, block), (club, block), (block))
        ),
        blocks as (
          select board, coalesce(country, club, '') as name, start, members
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
  for (const table of ['standings_rank_blocks', 'league_standings'] as const) {
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

/** The bulk path's new board vacuumed too: its blocks are then counted along its indexes alone. */
export async function vacuumNextBoardRows(db: Database): Promise<void> {
  await db.execute(sql`vacuum (analyze) standings_next`);
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
 * season, its approved members with their `ord` on the new board (`standings_next`, loaded), each
 * with the board's search key of the name for the league's own name search; and each league's rank
 * blocks into `standings_rank_blocks_next`, cut where the global order's are. Membership is read
 * now, after the inputs' snapshot: a change since is also marked in the version stamp, so the next
 * check recomputes anyway.
 */
export async function createNextLeagueStandings(db: Database, seasonId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // The hash of the members and the sorts in memory, not on disk. A league's rows are stored in
    // the order of their names read backwards, so the matches of a surname search share pages
    // rather than each on a page of its own (figures: docs/benchmarks/standings.md); its pages by
    // rank read the few rows they need through the order index wherever they are.
    await tx.execute(sql`set local work_mem = '256MB'`);
    await tx.execute(sql`set local jit = on`);
    // The new board has no statistics yet (`analyzeNextBoardRows`): without this the planner
    // would probe the members' index once per board row rather than hash both sides, many times
    // slower (figures: docs/benchmarks/standings.md).
    await tx.execute(sql`set local enable_nestloop = off`);
    await tx.execute(sql`create temporary table standings_league_places on commit drop as
      select ${leagueMembers.leagueId} as league_id, ${leagueMembers.userId} as user_id, board.ord,
        board.search_name, board.place
      from ${leagueMembers}
      join ${leagues} on ${leagues.id} = ${leagueMembers.leagueId} and ${leagues.seasonId} = ${seasonId}
      join standings_next as board on board.user_id = ${leagueMembers.userId}
      where ${leagueMembers.status} = 'approved'`);
    await tx.execute(sql`insert into league_standings_next (season_id, league_id, user_id, search_name, ord)
      select ${seasonId}, league_id, user_id, search_name, ord from standings_league_places
      order by league_id, reverse(search_name) collate "C"`);
    await tx.execute(sql`with blocks as (
        select 'league' as board, league_id::text as name, ${firstOrd('ord')} as start, count(*)::int as members
        from standings_league_places group by league_id, ${blockOfPlace('place')}),
      ${savedRankBlocks(seasonId)}
      select count(*) from blocks`);
  });
}

/**
 * A data-modifying common table expression that saves a season's rank blocks, the relation
 * `blocks` (board, name, start, members), into `standings_rank_blocks_next`: each board's first
 * block starting at the empty string, before any `ord`, so that a member placed above the board's
 * first holds a block too.
 */
function savedRankBlocks(seasonId: string): SQL {
  return sql`saved_blocks as (
      insert into standings_rank_blocks_next (season_id, board, name, members, start)
      select ${seasonId}, board, name, members,
        case when row_number() over (partition by board, name order by start) = 1 then ''::bytea else start end
      from blocks)`;
}

/**
 * Statistics of the new league standings and rank blocks (the new board's were gathered before
 * ranking the leagues from it), and their visibility maps: a page's ranks count the league's
 * members in a block through the (league, ord) index alone only on pages marked all-visible,
 * which a table filled by inserts is not until vacuumed.
 */
export async function analyzeNextBoard(db: Database): Promise<void> {
  await db.execute(sql`vacuum (analyze) league_standings_next, standings_rank_blocks_next`);
}
