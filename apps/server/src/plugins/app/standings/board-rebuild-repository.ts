import { eq, sql } from 'drizzle-orm';
import { ADVISORY_LOCK_KEYS } from '../../../db/advisory-locks.ts';
import { type Database, type Executor, selectRows, type Transaction } from '../../../db/database.ts';
import {
  leagueMembers,
  leagues,
  picks,
  players,
  profiles,
  standingsGroups,
  standingsState,
} from '../../../db/schema/index.ts';
import type { StandingsMember } from './compute-standings.ts';

/**
 * The statements of a board rebuild (recompute-standings.ts): the stored tables `standings` and
 * `league_standings` are replaced whole by `standings_next` and `league_standings_next`, built
 * beside them. They take the db of the operation's own connection where a session matters (the
 * lock, the table being loaded).
 */

/** The stored tables a rebuild replaces, each by `<table>_next`. */
export const REBUILT_TABLES = ['standings', 'league_standings'] as const;

export interface IndexDefinition {
  tablename: (typeof REBUILT_TABLES)[number];
  indexname: string;
  indexdef: string;
}

/** Takes the recompute's session-level advisory lock if no other session holds it; never waits. */
export async function tryRecomputeLock(db: Database): Promise<boolean> {
  const [lock] = await selectRows<{ locked: boolean }>(
    db,
    sql`select pg_try_advisory_lock(${ADVISORY_LOCK_KEYS.standingsRecompute}) as locked`,
  );
  return lock?.locked === true;
}

export async function releaseRecomputeLock(db: Database): Promise<void> {
  await db.execute(sql`select pg_advisory_unlock(${ADVISORY_LOCK_KEYS.standingsRecompute})`);
}

/**
 * One page of the board's members (onboarding complete: name, country and club known), with or
 * without a team: the first `limit` after `afterUserId` (null: from the start) in user id order.
 * The recompute reads the members a page at a time: nobody holds them all.
 */
export async function listBoardMembersAfter(
  db: Database,
  seasonId: string,
  afterUserId: string | null,
  limit: number,
): Promise<StandingsMember[]> {
  const rows = await selectRows<{
    user_id: string;
    full_name: string;
    country: string;
    club: string;
    picks: number[] | null;
  }>(
    db,
    // The page's picks are read as one range of the picks' key (user, season, player) rather
    // than looked up member by member: at ten million members that is the difference.
    sql`with page as (
        select ${profiles.id} as user_id, ${profiles.fullName} as full_name, ${profiles.country} as country,
          ${profiles.favouriteTeam} as club
        from ${profiles}
        where ${profiles.onboardingComplete} and ${profiles.fullName} is not null
          and ${profiles.country} is not null and ${profiles.favouriteTeam} is not null
          ${afterUserId === null ? sql`` : sql`and ${profiles.id} > ${afterUserId}`}
        order by ${profiles.id}
        limit ${limit}
      )
      select page.user_id, page.full_name, page.country, page.club, team.picks
      from page
      left join (
        select ${picks.userId} as user_id, array_agg(${players.fplCode}) as picks
        from ${picks} join ${players} on ${players.id} = ${picks.playerId}
        where ${picks.seasonId} = ${seasonId}
          ${afterUserId === null ? sql`` : sql`and ${picks.userId} > ${afterUserId}`}
          and ${picks.userId} <= (select max(user_id) from page)
        group by ${picks.userId}
      ) team on team.user_id = page.user_id
      order by page.user_id`,
  );
  return rows.map((row) => ({
    userId: row.user_id,
    fullName: row.full_name,
    country: row.country,
    club: row.club,
    picks: row.picks ?? [],
  }));
}

/** The columns of `standings_keys`, in the order the recompute copies them. */
export const RANKING_KEY_COLUMNS = [
  'user_id',
  'sort_key',
  'status',
  'total_goals',
  'full_name',
  'search_name',
  'country',
  'club',
] as const;

/**
 * A fresh, empty `standings_keys` (one left by a rebuild cut off halfway is dropped): every
 * member scored, with their key in the ranking order, before the database ranks them. Unlogged:
 * it lives for one rebuild, and a crash loses nothing the next rebuild does not write again.
 */
export async function createRankingKeys(db: Database): Promise<void> {
  await dropRankingKeys(db);
  await db.execute(sql`create unlogged table standings_keys (
    user_id text not null,
    sort_key bytea not null,
    status text not null,
    total_goals integer not null,
    full_name text not null,
    search_name text not null,
    country text not null,
    club text not null
  )`);
}

export async function dropRankingKeys(db: Database): Promise<void> {
  await db.execute(sql`drop table if exists standings_keys`);
}

/**
 * The season's new board in `standings_next`, ranked by the database from `standings_keys`: the
 * global rank, and the same order within each country and each club, stored in rank order (a
 * board's page then reads neighbouring rows). The sorts spill to disk past `work_mem`, so the
 * memory they take is bounded whatever the number of members.
 */
export async function rankNextBoard(db: Database, seasonId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '256MB'`);
    await tx.execute(sql`insert into standings_next (season_id, user_id, status, total_goals, global_rank,
        country_rank, club_rank, full_name, search_name, country, club)
      select ${seasonId}, user_id, status, total_goals, global_rank, country_rank, club_rank,
        full_name, search_name, country, club
      from (
        select keys.*,
          row_number() over (partition by country order by sort_key) as country_rank,
          row_number() over (partition by club order by sort_key) as club_rank,
          row_number() over (order by sort_key) as global_rank
        from standings_keys as keys
      ) as ranked
      -- By the key the last window sorted on, not by its number: no fourth sort.
      order by sort_key`);
  });
}

/** The stored tables' index definitions (the new tables get the same). */
export async function listStandingsIndexes(db: Database): Promise<IndexDefinition[]> {
  return selectRows<IndexDefinition>(
    db,
    sql`select tablename, indexname, indexdef from pg_indexes
      where schemaname = current_schema() and tablename in ('standings', 'league_standings')`,
  );
}

/**
 * A fresh `standings_next` (one left by a rebuild cut off halfway is dropped) shaped like the
 * stored table, holding the other seasons' rows as they are and no index yet.
 */
export async function createNextBoard(db: Database, seasonId: string): Promise<void> {
  await db.execute(sql`drop table if exists standings_next`);
  await db.execute(
    sql`create table standings_next (like standings including defaults including constraints)`,
  );
  await db.execute(sql`insert into standings_next select * from standings where season_id <> ${seasonId}`);
}

/** Runs one index build on `standings_next`, inside the caller's transaction. */
export async function buildNextBoardIndex(tx: Transaction, createIndexStatement: string): Promise<void> {
  // Sorting a million keys in memory rather than on disk; the builds side by side
  // already keep the cores busy, so no extra workers per build.
  await tx.execute(sql`set local maintenance_work_mem = '1GB'`);
  await tx.execute(sql`set local max_parallel_maintenance_workers = 0`);
  await tx.execute(sql.raw(createIndexStatement));
}

/**
 * A fresh `league_standings_next` (one left by a rebuild cut off halfway is dropped) holding the
 * other seasons' rows as they are and, for every league of the season, its approved members in
 * the order of the new board (`standings_next`, loaded, not yet indexed): 1, 2, 3, ..., each with
 * the board's lower-cased name for the league's own name search. Membership
 * is read now, after the inputs' snapshot: a change since is also marked in the version stamp,
 * so the next check recomputes anyway.
 */
export async function createNextLeagueStandings(db: Database, seasonId: string): Promise<void> {
  // Without statistics the planner takes the new board for a few rows and probes the members'
  // index a million times; with them it hashes both sides (about 20 times faster at a million).
  await db.execute(sql`analyze standings_next`);
  await db.execute(sql`drop table if exists league_standings_next`);
  await db.execute(
    sql`create table league_standings_next (like league_standings including defaults including constraints)`,
  );
  await db.execute(
    sql`insert into league_standings_next select * from league_standings where season_id <> ${seasonId}`,
  );
  await db.transaction(async (tx) => {
    // The hash of a million members and the sorts in memory, not on disk. A league's rows are
    // stored in the order of their names read backwards, so the matches of a surname search share
    // pages (a common surname's 15,000 at a million on some 170 pages rather than 8,000); its
    // pages by rank read the few rows they need through the rank index wherever they are.
    await tx.execute(sql`set local work_mem = '256MB'`);
    await tx.execute(sql`insert into league_standings_next (season_id, league_id, user_id, league_rank, search_name)
      select ${seasonId}, ${leagueMembers.leagueId}, ${leagueMembers.userId},
        row_number() over (partition by ${leagueMembers.leagueId} order by board.global_rank), board.search_name
      from ${leagueMembers}
      join ${leagues} on ${leagues.id} = ${leagueMembers.leagueId} and ${leagues.seasonId} = ${seasonId}
      join standings_next as board on board.season_id = ${seasonId} and board.user_id = ${leagueMembers.userId}
      where ${leagueMembers.status} = 'approved'
      order by ${leagueMembers.leagueId}, reverse(board.search_name) collate "C"`);
  });
}

/** Statistics of the new league standings (the new board's were gathered before ranking the leagues from it). */
export async function analyzeNextBoard(db: Database): Promise<void> {
  await db.execute(sql`analyze league_standings_next`);
}

/**
 * The new board's member counts per country and club (see `standingsGroups`), counted from
 * `standings_next` before the swap locks the stored board: readers wait only for the renames.
 */
export async function replaceGroups(tx: Transaction, seasonId: string): Promise<void> {
  await tx.delete(standingsGroups).where(eq(standingsGroups.seasonId, seasonId));
  await tx.execute(sql`insert into ${standingsGroups} (season_id, country, club, members)
    select season_id, country, club, count(*) from standings_next where season_id = ${seasonId}
    group by season_id, country, club`);
}

/** Drops the stored tables and renames the new ones, and their indexes, into their place. */
export async function swapInNextBoard(tx: Transaction, indexes: readonly IndexDefinition[]): Promise<void> {
  for (const table of REBUILT_TABLES) {
    await tx.execute(sql.raw(`drop table ${table}`));
    await tx.execute(sql.raw(`alter table ${table}_next rename to ${table}`));
  }
  for (const index of indexes) {
    await tx.execute(sql.raw(`alter index ${index.indexname}_next rename to ${index.indexname}`));
  }
}

/**
 * Records what the stored board of a season was computed from, and when: `computed_at` is the
 * database's time, like `leagues.members_changed_at`, which the league standings compare with
 * the computation's start (`computed_at` less `duration_ms`).
 */
export async function saveStandingsState(
  db: Executor,
  seasonId: string,
  state: Omit<typeof standingsState.$inferInsert, 'seasonId' | 'computedAt'>,
): Promise<void> {
  const values = { ...state, computedAt: sql`now()` };
  await db
    .insert(standingsState)
    .values({ seasonId, ...values })
    .onConflictDoUpdate({ target: standingsState.seasonId, set: values });
}
