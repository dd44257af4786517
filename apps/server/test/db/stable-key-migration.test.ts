import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Executor, selectRows } from '../../src/db/database.ts';
import { readBundledSeasonFacts } from '../../src/plugins/app/season/bundled-seasons.ts';
import { loadSeasonFacts } from '../../src/plugins/app/season/load-season-facts.ts';
import { findActiveSeason } from '../../src/plugins/app/season/season-repository.ts';
import { standingsStaleReason } from '../../src/plugins/app/standings/freshness/standings-freshness.ts';
import { send, signUp } from '../support/accounts.ts';
import { bruteForceRanking } from '../support/brute-force-ranking.ts';
import { buildTestApp, clockAt } from '../support/build-test-app.ts';
import { insertLeague, setMembership } from '../support/league-standings.ts';
import { migrateTo, migrationsUpTo } from '../support/migrations.ts';
import { addPopulationBeside } from '../support/population.ts';
import { holdOffStandingsJobs } from '../support/scheduled-jobs.ts';
import { createTestDatabase, engines } from '../support/test-database.ts';
import { readWholeLeague } from '../support/whole-board.ts';

const ENGINES = engines('both', 'a migration that empties and reshapes the stored boards');

const AFTER_GAMEWEEK_3 = '2025-09-05T12:00:00Z';
const PLAYERS = 60;
/** Until 0036: the member ranked r of a rebuilt board had the place (r - ½) × 2^28. */
const POSITION_STRIDE = 2 ** 28;

/**
 * A season's board as the server stored it before 0036: every member placed, the global rank
 * block and its chunk, a league's standings, the state row (scorers as four-part entries), and a
 * member change waiting.
 */
async function storePlacedBoard(db: Executor, seasonId: string, leagueId: string): Promise<void> {
  await db.execute(sql`insert into standings (season_id, user_id, status, total_goals, position, full_name,
      search_name, country, club)
    select ${seasonId}, id, 'going_bust', 0, row_number() over (order by id) * ${POSITION_STRIDE}::bigint
        - ${POSITION_STRIDE / 2}::bigint, full_name, lower(full_name), country, favourite_club
    from profiles where onboarding_complete`);
  await db.execute(sql`insert into league_standings (season_id, league_id, user_id, search_name, position)
    select ${seasonId}, ${leagueId}::uuid, standings.user_id, standings.search_name, standings.position
    from standings join league_members on league_members.user_id = standings.user_id
    where league_members.league_id = ${leagueId}::uuid and league_members.status = 'approved'`);
  await db.execute(sql`insert into standings_rank_blocks (season_id, board, name, block, members)
    values (${seasonId}, 'global', '', 0, ${PLAYERS}), (${seasonId}, 'league', ${leagueId}, 0, 3)`);
  await db.execute(sql`insert into standings_rank_chunks (season_id, board, name, chunk, members_before, members)
    values (${seasonId}, 'global', '', 0, 0, ${PLAYERS}), (${seasonId}, 'league', ${leagueId}, 0, 0, 3)`);
  const oldScorers = JSON.stringify({
    isSeasonOver: false,
    scorers: [['00000000-0000-4000-8000-000000000009', 1, ['2025-08-16'], [1]]],
  });
  await db.execute(sql`insert into standings_state (season_id, computed_for, inputs_version, ranked_with,
      goals_fingerprint, members, countries, clubs, computed_at, duration_ms)
    values (${seasonId}, ${AFTER_GAMEWEEK_3}, 0, ${oldScorers}::jsonb, 'fp', ${PLAYERS}, '{}', '{}', now(), 40)`);
}

/** How many rows each table of the stored boards holds, and whether the chunks table is left. */
async function boardTables(db: Executor) {
  const [counts] = await selectRows(
    db,
    sql`select (select count(*) from standings)::int as standings,
        (select count(*) from standings_rank_blocks)::int as blocks,
        (select count(*) from league_standings)::int as leagues,
        (select count(*) from standings_state)::int as states,
        (select count(*) from standings_member_changes)::int as changes,
        to_regclass('standings_rank_chunks') is not null as has_chunks`,
  );
  return counts;
}

/** Migration 0036 (issue 44): the stored boards keyed by `ord`, emptied for the next check to rebuild. */
describe.each(ENGINES)('the stable ranking key migration on %s', (engine) => {
  it('empties the boards and their state, so that the next check rebuilds them and a server serves them again', async () => {
    const database = await createTestDatabase(engine, { migrate: false });
    const before = await migrationsUpTo('0035_standings_partitioned_by_season');
    let app: Awaited<ReturnType<typeof buildTestApp>> | undefined;
    try {
      await migrateTo(database, before);
      const { db } = database;
      for (const facts of await readBundledSeasonFacts()) await loadSeasonFacts(db, facts);
      const season = await findActiveSeason(db);
      const { userIds } = await addPopulationBeside(db, {
        seasonId: season.id,
        size: PLAYERS,
        idPrefix: 'kept',
      });
      const [admin = '', ...others] = userIds;
      const leagueId = await insertLeague(db, { seasonId: season.id, adminId: admin });
      for (const member of others.slice(0, 2)) await setMembership(db, leagueId, member, 'approved');
      await storePlacedBoard(db, season.id, leagueId);
      expect(await boardTables(db)).toEqual({
        standings: PLAYERS,
        blocks: 2,
        leagues: 3,
        states: 1,
        changes: 3,
        has_chunks: true,
      });

      await database.migrate();
      expect(await boardTables(db)).toEqual({
        standings: 0,
        blocks: 0,
        leagues: 0,
        states: 0,
        changes: 0,
        has_chunks: false,
      });
      expect(await newShape(db)).toEqual({
        columns: ['league_standings.ord bytea', 'standings.ord bytea', 'standings_rank_blocks.start bytea'],
        rankedWithNullable: 'NO',
        intarray: true,
      });
      const now = new Date(AFTER_GAMEWEEK_3);
      expect(await standingsStaleReason(db, season, now)).toBe('never computed');

      // The server's check rebuilds the board (its own, not a background turn), and serves it.
      await holdOffStandingsJobs(db);
      app = await buildTestApp(database, { clock: clockAt(AFTER_GAMEWEEK_3) });
      expect(await app.standings.refresh()).toMatchObject({
        status: 'recomputed',
        reason: 'never computed',
        members: PLAYERS,
      });
      const viewer = await signUp(app);
      const served: { rank: number; userId: string }[] = [];
      for (const page of [1, 2]) {
        const response = await send(app, 'GET', `/api/leaderboard/global?page=${page}&pageSize=50`, {
          cookie: viewer.cookie,
        });
        expect(response.statusCode).toBe(200);
        expect(response.json().total).toBe(PLAYERS);
        served.push(...response.json().rows.map((row: { rank: number; userId: string }) => row));
      }
      const ranking = await bruteForceRanking(db, season, now);
      expect(served.map((row) => [row.rank, row.userId])).toEqual(
        ranking.map((entry, index) => [index + 1, entry.userId]),
      );
      const league = await readWholeLeague(db, {
        seasonId: season.id,
        leagueId,
        viewerId: admin,
        leagueSize: 3,
        pageSize: 2,
      });
      const inLeague = new Set([admin, ...others.slice(0, 2)]);
      expect(league).toEqual(
        ranking
          .filter((entry) => inLeague.has(entry.userId))
          .map((entry, index) => ({ rank: index + 1, userId: entry.userId })),
      );
      expect(await standingsStaleReason(db, season, now)).toBeUndefined();
    } finally {
      await app?.close();
      await database.close();
      await rm(before, { recursive: true, force: true });
    }
  });
});

/** The key columns 0036 gave the stored boards, whether the state's scorers are required, and intarray. */
async function newShape(db: Executor) {
  const columns = await selectRows<{ column: string }>(
    db,
    sql`select table_name || '.' || column_name || ' ' || data_type as column from information_schema.columns
      where table_schema = current_schema()
        and table_name in ('standings', 'league_standings', 'standings_rank_blocks')
        and column_name in ('ord', 'start', 'position', 'block')
      order by 1`,
  );
  const [state] = await selectRows<{ is_nullable: string }>(
    db,
    sql`select is_nullable from information_schema.columns
      where table_name = 'standings_state' and column_name = 'ranked_with'`,
  );
  const [extension] = await selectRows<{ installed: boolean }>(
    db,
    sql`select exists (select from pg_extension where extname = 'intarray') as installed`,
  );
  return {
    columns: columns.map((row) => row.column),
    rankedWithNullable: state?.is_nullable,
    intarray: extension?.installed,
  };
}
