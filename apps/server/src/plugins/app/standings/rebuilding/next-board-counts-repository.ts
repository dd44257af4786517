import { type SQL, sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../../../db/database.ts';
import { leagueMembers, leagues, RANK_BLOCK_SIZE, standingsNames } from '../../../../db/schema/index.ts';
import { setLocal } from './next-board-repository.ts';

/** A (country, club) pair of the board's members, and how many they are. */
export interface BoardGroup {
  country: string;
  club: string;
  members: number;
}

/** The smallest `ord`: PostgreSQL 15 has no `min` of byte strings; hex digits sort as the bytes. */
const firstOrd = (ord: string) => sql.raw(`decode(min(encode(${ord}, 'hex') collate "C"), 'hex')`);

/** The global block of a row of `standings_next`, from its `place`. */
const blockOfPlace = (place: string) => sql.raw(`((${place} - 1) / ${RANK_BLOCK_SIZE})`);

/**
 * The scored board's rank blocks, every board cut where the global order's blocks are, in one
 * scan; answers its members per (country, club) pair (a few thousand rows at most). One process
 * (PostgreSQL shares no grouping sets out to workers), so it runs beside the index builds.
 */
export async function countNextBoard(db: Database, seasonId: string): Promise<BoardGroup[]> {
  return db.transaction(async (tx) => {
    // The three groupings' counters in memory at once: a few hundred thousand at ten million.
    await setLocal(tx, { work_mem: '256MB' });
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

/** The scored board's names no stored board holds yet, searchable from the swap's first read. */
export async function addNextBoardNames(db: Database): Promise<void> {
  await db.execute(sql`insert into ${standingsNames} (search_name)
    select distinct search_name from standings_next on conflict do nothing`);
}

/**
 * Every league's approved members with their `ord` on the scored board, and its rank blocks cut
 * where the global order's are. Membership read after the inputs' snapshot: a change since also
 * moves the version stamp, so the next check rebuilds anyway.
 */
export async function createNextLeagueStandings(db: Database, seasonId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // The hash and the sorts in memory. The new board has no statistics yet (`analyzeNextTables`):
    // with nested loops allowed, the planner would probe the members' index once per board row,
    // many times slower (docs/benchmarks/standings.md).
    await setLocal(tx, { work_mem: '256MB', jit: 'on', enable_nestloop: 'off' });
    await tx.execute(sql`create temporary table standings_league_places on commit drop as
      select ${leagueMembers.leagueId} as league_id, ${leagueMembers.userId} as user_id, board.ord,
        board.search_name, board.place
      from ${leagueMembers}
      join ${leagues} on ${leagues.id} = ${leagueMembers.leagueId} and ${leagues.seasonId} = ${seasonId}
      join standings_next as board on board.user_id = ${leagueMembers.userId}
      where ${leagueMembers.status} = 'approved'`);
    // Stored by names read backwards, so a surname search's matches share pages.
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
 * Saves `blocks` (board, name, start, members) into `standings_rank_blocks_next`, each board's
 * first block starting at the empty string, so that a member placed above its first holds one too.
 */
function savedRankBlocks(seasonId: string): SQL {
  return sql`saved_blocks as (
      insert into standings_rank_blocks_next (season_id, board, name, members, start)
      select ${seasonId}, board, name, members,
        case when row_number() over (partition by board, name order by start) = 1 then ''::bytea else start end
      from blocks)`;
}

/**
 * Statistics of new tables, once no index build reads them (a statistics scan cannot run beside
 * one). Vacuumed, their pages are all-visible: a block's count then reads an index alone.
 */
export async function analyzeNextTables(
  db: Database,
  tables: string,
  { isVacuumed }: { isVacuumed: boolean },
): Promise<void> {
  await db.execute(sql.raw(`${isVacuumed ? 'vacuum (analyze)' : 'analyze'} ${tables}`));
}
