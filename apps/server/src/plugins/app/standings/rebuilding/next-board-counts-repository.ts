import { type SQL, sql } from 'drizzle-orm';
import { type Database, selectRows, setLocal } from '../../../../db/database.ts';
import { leagueMembers, leagues, RANK_BLOCK_SIZE, standingsNames } from '../../../../db/schema/index.ts';

/** The smallest `ord`: PostgreSQL 15 has no `min` of byte strings; hex digits sort as the bytes. */
const firstOrd = (ord: string) => sql.raw(`decode(min(encode(${ord}, 'hex') collate "C"), 'hex')`);

/** A row's block of RANK_BLOCK_SIZE along `order` (SQL: a window's order, partition included). */
const blockAlong = (order: string) => sql.raw(`((row_number() over (${order}) - 1) / ${RANK_BLOCK_SIZE})`);

/** The scored board's blocks, members, countries and clubs along its order index: no workers, so beside the builds. */
export async function countNextBoard(db: Database, seasonId: string) {
  const groups = await db.transaction(async (tx) => {
    // The three groupings' counters in memory at once: a few hundred thousand at ten million. The new
    // board has no statistics yet: left to itself the planner would scan and sort it, not walk the index.
    await setLocal(tx, { work_mem: '256MB', enable_seqscan: 'off' });
    return selectRows<{ country: string; club: string; members: number }>(
      tx,
      sql`with counted as (
          select country, club, block, count(*)::int as members, ${firstOrd('ord')} as start,
            case when grouping(country) = 0 then 'country' when grouping(club) = 0 then 'club' else 'global' end as board
          from (select country, club, ${blockAlong('order by ord')} as block, ord from standings_next) as member
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
  const distinctSorted = (names: string[]) => [...new Set(names)].sort();
  return {
    members: groups.reduce((sum, group) => sum + group.members, 0),
    countries: distinctSorted(groups.map((group) => group.country)),
    clubs: distinctSorted(groups.map((group) => group.club)),
  };
}

/** The scored board's names no stored board holds yet, searchable from the swap's first read. */
export async function addNextBoardNames(db: Database): Promise<void> {
  await db.execute(sql`insert into ${standingsNames} (search_name)
    select distinct search_name from standings_next on conflict do nothing`);
}

/**
 * Every league's approved members on the scored board, and its rank blocks. Membership is read
 * after the inputs' snapshot: a change since also moves the version stamp, so a rebuild follows.
 */
export async function createNextLeagueStandings(db: Database, seasonId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // The new board has no statistics yet: with nested loops the planner would probe the members'
    // index once per board row, many times slower (docs/benchmarks/standings.md).
    await setLocal(tx, { work_mem: '256MB', jit: 'on', enable_nestloop: 'off' });
    await tx.execute(sql`create temporary table standings_league_places on commit drop as
      select ${leagueMembers.leagueId} as league_id, ${leagueMembers.userId} as user_id, board.ord,
        board.search_name
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
        from (select league_id, ord, ${blockAlong('partition by league_id order by ord')} as block
          from standings_league_places) as member
        group by league_id, block),
      ${savedRankBlocks(seasonId)}
      select count(*) from blocks`);
  });
}

/** Saves `blocks` merged to RANK_BLOCK_SIZE or more along each board, its first from the empty string. */
function savedRankBlocks(seasonId: string): SQL {
  return sql`saved_blocks as (
      insert into standings_rank_blocks_next (season_id, board, name, members, start)
      select ${seasonId}, board, name, sum(members)::int, case when part = 0 then ''::bytea else ${firstOrd('start')} end
      from (select board, name, members, start,
          (sum(members) over (partition by board, name order by start) - members) / ${RANK_BLOCK_SIZE} as part
        from blocks) as block
      group by board, name, part)`;
}

/** The board's statistics, once no index build reads it (a statistics scan cannot run beside one). */
export async function analyzeNextBoard(db: Database, how: 'analyze' | 'vacuum (analyze)'): Promise<void> {
  await db.execute(sql.raw(`${how} standings_next`));
}

/** Vacuumed, a league's block count reads the (league, ord) index alone. */
export async function vacuumNextLeaguesAndBlocks(db: Database): Promise<void> {
  await db.execute(sql`vacuum (analyze) league_standings_next, standings_rank_blocks_next`);
}
