import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { ACCENT_FOLDING, foldText } from '../../src/db/name-folding.ts';
import { prepareDatabase } from '../../src/db/prepare-database.ts';
import { players, rebuiltPosition } from '../../src/db/schema/index.ts';
import { latestMigrationTag, readSchemaVersion } from '../../src/db/schema-version.ts';
import { readBundledSeasonFacts } from '../../src/plugins/app/season/bundled-seasons.ts';
import { loadSeasonFacts } from '../../src/plugins/app/season/load-season-facts.ts';
import {
  type Board,
  readLeaderboardPage,
} from '../../src/plugins/app/standings/reading/leaderboard-repository.ts';
import { readLeagueStandingsPage } from '../../src/plugins/app/standings/reading/league-standings-repository.ts';
import { migrateTo, migrationsUpTo } from '../support/migrations.ts';
import { createTestDatabase, engines } from '../support/test-database.ts';

const ENGINES = engines('both', 'migrations');

describe.each(ENGINES)('migrations on %s', (engine) => {
  it('build the whole schema from an empty database, and running them again changes nothing', async () => {
    const database = await createTestDatabase(engine, { migrate: false });
    try {
      const tablesOf = () =>
        selectRows<{ table_name: string }>(
          database.db,
          sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
        );
      expect(await tablesOf()).toEqual([]);

      await database.migrate();
      const tables = (await tablesOf()).map((row) => row.table_name);
      expect(tables).toEqual([
        'accounts',
        'analytics_events',
        'api_request_counts',
        'clubs',
        'deadline_mails',
        'gameweeks',
        'goal_alert_marks',
        'goals',
        'league_join_attempts',
        'league_kicked_addresses',
        'league_members',
        'league_standings',
        'league_standings_default',
        'leagues',
        'mail_outbox',
        'notifications',
        'picks',
        'player_club_spells',
        'players',
        'profiles',
        'rate_limits',
        'scheduled_jobs',
        'season_clubs',
        'seasons',
        'sessions',
        'squads',
        'standings',
        'standings_default',
        'standings_inputs',
        'standings_member_changes',
        'standings_names',
        'standings_rank_blocks',
        'standings_rank_blocks_default',
        'standings_rank_chunks',
        'standings_rank_chunks_default',
        'standings_state',
        'stats_sync_runs',
        'users',
        'verifications',
        'waitlist_entries',
      ]);
      expect(await readSchemaVersion(database.db)).toBe(await latestMigrationTag());

      await database.migrate();
      expect((await tablesOf()).map((row) => row.table_name)).toEqual(tables);
    } finally {
      await database.close();
    }
  });

  it('prepare a new database with the committed seasons, once', async () => {
    const database = await createTestDatabase(engine, { migrate: false });
    try {
      await prepareDatabase(database);
      const countPlayers = async () => (await database.db.select({ id: players.id }).from(players)).length;
      expect(await countPlayers()).toBe(841);
      await prepareDatabase(database);
      expect(await countPlayers()).toBe(841);
    } finally {
      await database.close();
    }
  });

  it('fold player and club names in the database as a typed search is folded, every letter', async () => {
    const database = await createTestDatabase(engine, { migrate: false });
    try {
      await prepareDatabase(database);
      // Every folded letter, with letters kept as they are around them.
      const name = `Zoë ${ACCENT_FOLDING.from} O'Brien-Smith`;
      const [player] = await selectRows<{ id: string }>(database.db, sql`select id from players limit 1`);
      await database.db.execute(
        sql`update players set name = ${name}, web_name = ${name} where id = ${player?.id}`,
      );
      await database.db.execute(sql`update clubs set name = ${name} where code = 'ARS'`);
      const [folded] = await selectRows<{ player: string; web: string; club: string }>(
        database.db,
        sql`select p.folded_name as player, p.folded_web_name as web,
          (select folded_name from clubs where code = 'ARS') as club
        from players p where p.id = ${player?.id}`,
      );
      expect(folded).toEqual({ player: foldText(name), web: foldText(name), club: foldText(name) });
      expect(foldText(name)).toMatch(/^zoe [a-z]+ o'brien-smith$/);
    } finally {
      await database.close();
    }
  });

  it('upgrade a stored board to the stored search names, and mark it stale for a rebuild', async () => {
    const database = await createTestDatabase(engine, { migrate: false });
    const before0005 = await migrationsUpTo('0004_standings');
    try {
      await migrateTo(database, before0005);
      await database.db.execute(sql`insert into standings_inputs (id, version) values (1, 7)`);
      await database.db.execute(sql`insert into standings (season_id, user_id, status, total_goals, global_rank,
          country_rank, club_rank, full_name, country, club)
        values ('2025-26', 'u1', 'safe', 12, 1, 1, 1, 'Zoë McALLISTER', 'Ireland', 'Arsenal')`);

      await database.migrate();
      const [row] = await selectRows<{ search_name: string; version: number }>(
        database.db,
        sql`select search_name, (select version from standings_inputs)::int as version from standings`,
      );
      // 0005 marks the board stale, 0007 (stored names cleaned) once more, and 0023 (a board must
      // list the scorers it was ranked with) again. 0031 folds the name's accents.
      expect(row).toEqual({ search_name: 'zoe mcallister', version: 10 });
      expect(await readSchemaVersion(database.db)).toBe(await latestMigrationTag());
    } finally {
      await database.close();
      await rm(before0005, { recursive: true, force: true });
    }
  });

  it('give every existing squad its squads row, and keep the rows in step with every later change of picks', async () => {
    const database = await createTestDatabase(engine, { migrate: false });
    const before0018 = await migrationsUpTo('0017_cache_invalidation');
    try {
      await migrateTo(database, before0018);
      for (const facts of await readBundledSeasonFacts()) await loadSeasonFacts(database.db, facts);
      const footballers = (
        await selectRows<{ id: string }>(
          database.db,
          sql`select id from ${players} where season_id = '2025-26' order by fpl_code limit 6`,
        )
      ).map((row) => row.id);
      const [a, b, c, d, e, f] = footballers as [string, string, string, string, string, string];
      await database.db.execute(sql`insert into users (id, name, email, email_verified)
        values ('u1', '', 'u1@example.com', false), ('u2', '', 'u2@example.com', false)`);
      // Slots out of order in the table: the squads row lists them in slot order.
      await database.db.execute(sql`insert into picks (user_id, season_id, player_id, slot)
        values ('u1', '2025-26', ${d}, 4), ('u1', '2025-26', ${a}, 1), ('u1', '2025-26', ${c}, 3),
          ('u1', '2025-26', ${b}, 2)`);
      const squadsNow = () =>
        selectRows<{ user_id: string; player_ids: string[] }>(
          database.db,
          sql`select user_id, player_ids from squads order by user_id`,
        );

      await database.migrate();
      expect(await squadsNow()).toEqual([{ user_id: 'u1', player_ids: [a, b, c, d] }]);

      // A save: the old squad deleted and the new one inserted, in one transaction.
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`delete from picks where user_id = 'u1'`);
        await tx.execute(sql`insert into picks (user_id, season_id, player_id, slot)
          values ('u1', '2025-26', ${e}, 1), ('u1', '2025-26', ${b}, 2), ('u1', '2025-26', ${c}, 3),
            ('u1', '2025-26', ${d}, 4), ('u2', '2025-26', ${a}, 1)`);
      });
      expect(await squadsNow()).toEqual([
        { user_id: 'u1', player_ids: [e, b, c, d] },
        { user_id: 'u2', player_ids: [a] },
      ]);
      // One pick at a time, and an update of a pick.
      await database.db.execute(
        sql`insert into picks (user_id, season_id, player_id, slot) values ('u2', '2025-26', ${b}, 2)`,
      );
      await database.db.execute(sql`update picks set player_id = ${f} where user_id = 'u1' and slot = 1`);
      expect(await squadsNow()).toEqual([
        { user_id: 'u1', player_ids: [f, b, c, d] },
        { user_id: 'u2', player_ids: [a, b] },
      ]);
      // The last pick gone, or the user deleted (its picks go by cascade): no squads row is left.
      await database.db.execute(sql`delete from picks where user_id = 'u2'`);
      await database.db.execute(sql`delete from users where id = 'u1'`);
      expect(await squadsNow()).toEqual([]);
      await database.db.execute(
        sql`insert into picks (user_id, season_id, player_id, slot) values ('u2', '2025-26', ${a}, 1)`,
      );
      await database.db.execute(sql`truncate picks`);
      expect(await squadsNow()).toEqual([]);
    } finally {
      await database.close();
      await rm(before0018, { recursive: true, force: true });
    }
  });

  it("upgrade stored league standings to carry the board's search names", async () => {
    const database = await createTestDatabase(engine, { migrate: false });
    const before0011 = await migrationsUpTo('0010_league_members_page_keys');
    try {
      await migrateTo(database, before0011);
      await database.db.execute(sql`insert into standings (season_id, user_id, status, total_goals, global_rank,
          country_rank, club_rank, full_name, search_name, country, club)
        values ('2025-26', 'u1', 'safe', 12, 1, 1, 1, 'Zoë McAllister', 'zoë mcallister', 'Ireland', 'Arsenal')`);
      await database.db.execute(sql`insert into league_standings (season_id, league_id, user_id, league_rank)
        values ('2025-26', '00000000-0000-4000-8000-000000000001', 'u1', 1),
          ('2025-26', '00000000-0000-4000-8000-000000000001', 'gone', 2)`);

      await database.migrate();
      const rows = await selectRows<{ user_id: string; search_name: string }>(
        database.db,
        sql`select user_id, search_name from league_standings order by position`,
      );
      // The row the board no longer held has no place on it: migration 0022 let it go. 0031 folds
      // the name's accents.
      expect(rows).toEqual([{ user_id: 'u1', search_name: 'zoe mcallister' }]);
      expect(await readSchemaVersion(database.db)).toBe(await latestMigrationTag());
    } finally {
      await database.close();
      await rm(before0011, { recursive: true, force: true });
    }
  });

  it("number a stored board's countries and clubs from its global order, as a rebuild would", async () => {
    const database = await createTestDatabase(engine, { migrate: false });
    const before0020 = await migrationsUpTo('0019_board_index_keys');
    try {
      await migrateTo(database, before0020);
      await database.db.execute(sql`insert into standings (season_id, user_id, status, total_goals, global_rank,
          country_rank, club_rank, full_name, search_name, country, club)
        values ('2025-26', 'u1', 'safe', 12, 1, 1, 1, 'Ann', 'ann', 'Ireland', 'Arsenal'),
          ('2025-26', 'u2', 'safe', 11, 2, 1, 1, 'Bea', 'bea', 'France', 'Chelsea'),
          ('2025-26', 'u3', 'safe', 10, 3, 2, 2, 'Cai', 'cai', 'Ireland', 'Chelsea')`);

      await database.migrate();
      const ranks = async (board: Board) =>
        (
          await readLeaderboardPage(database.db, { seasonId: '2025-26', board, page: 1, pageSize: 10 })
        ).rows.map((row) => [row.userId, row.rank]);
      expect(await ranks({ kind: 'country', country: 'Ireland' })).toEqual([
        ['u1', 1],
        ['u3', 2],
      ]);
      expect(await ranks({ kind: 'club', club: 'Chelsea' })).toEqual([
        ['u2', 1],
        ['u3', 2],
      ]);
      expect(await readSchemaVersion(database.db)).toBe(await latestMigrationTag());
    } finally {
      await database.close();
      await rm(before0020, { recursive: true, force: true });
    }
  });

  it('upgrade a stored board and its leagues from ranks to places, numbered as a rebuild would', async () => {
    const database = await createTestDatabase(engine, { migrate: false });
    const before0022 = await migrationsUpTo('0021_catalog_folded_names');
    const league = '00000000-0000-4000-8000-000000000001';
    try {
      await migrateTo(database, before0022);
      // A board past one rank block (1,000 places), and a league of every third member.
      await database.db.execute(sql`insert into standings (season_id, user_id, status, total_goals, global_rank,
          full_name, search_name, country, club)
        select '2025-26', 'u' || n, 'safe', 12, n, 'Fan ' || n, 'fan ' || n,
          case when n % 2 = 0 then 'Ireland' else 'France' end, 'Arsenal'
        from generate_series(1, 1500) as n`);
      await database.db.execute(sql`insert into league_standings (season_id, league_id, user_id, league_rank, search_name)
        select '2025-26', ${league}::uuid, 'u' || (3 * n), n, 'fan ' || (3 * n) from generate_series(1, 500) as n`);

      await database.migrate();
      const global = await readLeaderboardPage(database.db, {
        seasonId: '2025-26',
        board: { kind: 'global' },
        page: 20,
        pageSize: 60,
      });
      expect(global.total).toBe(1500);
      expect(global.rows.map((row) => [row.userId, row.rank])).toEqual(
        Array.from({ length: 60 }, (_, index) => [`u${1141 + index}`, 1141 + index]),
      );
      // Numbered by 0022 at the old spacing, spread 256 times wider by 0024: as a rebuild places them now.
      expect(
        await selectRows<{ user_id: string; position: string }>(
          database.db,
          sql`select user_id, position::text from standings where user_id in ('u1', 'u1001', 'u1500') order by position`,
        ),
      ).toEqual(
        [1, 1001, 1500].map((rank) => ({ user_id: `u${rank}`, position: String(rebuiltPosition(rank)) })),
      );
      const ireland = await readLeaderboardPage(database.db, {
        seasonId: '2025-26',
        board: { kind: 'country', country: 'Ireland' },
        page: 2,
        pageSize: 500,
      });
      expect(ireland.rows.map((row) => [row.userId, row.rank])).toEqual(
        Array.from({ length: 250 }, (_, index) => [`u${1002 + 2 * index}`, 501 + index]),
      );
      const leaguePage = await readLeagueStandingsPage(database.db, {
        seasonId: '2025-26',
        leagueId: league,
        viewerId: 'u3',
        page: 17,
        pageSize: 20,
        isMeOnly: false,
        leagueSize: 500,
      });
      expect(leaguePage.total).toBe(500);
      // Its ranks come from its blocks: 333 members in the first thousand places, 167 after, one chunk.
      expect(
        await selectRows<{ block: number; members: number }>(
          database.db,
          sql`select block, members from standings_rank_blocks
            where board = 'league' and name = ${league} order by block`,
        ),
      ).toEqual([
        { block: 0, members: 333 },
        { block: 1, members: 167 },
      ]);
      expect(
        await selectRows<{ chunk: number; members_before: number; members: number }>(
          database.db,
          sql`select chunk, members_before, members from standings_rank_chunks
            where board = 'league' and name = ${league}`,
        ),
      ).toEqual([{ chunk: 0, members_before: 0, members: 500 }]);
      expect(await readSchemaVersion(database.db)).toBe(await latestMigrationTag());
    } finally {
      await database.close();
      await rm(before0022, { recursive: true, force: true });
    }
  });

  it("give a stored board's names their own trigram index, the board a b-tree in byte order", async () => {
    const database = await createTestDatabase(engine, { migrate: false });
    const before0030 = await migrationsUpTo('0029_league_changes');
    try {
      await migrateTo(database, before0030);
      await database.db.execute(sql`insert into standings (season_id, user_id, status, total_goals, position,
          full_name, search_name, country, club)
        select '2025-26', 'u' || n, 'safe', 12, n, name, lower(name), 'Ireland', 'Arsenal'
        from generate_series(1, 6) as n,
          lateral (select case when n % 2 = 0 then 'Zoë McAllister' else 'Sam Smith ' || n end as name) as named`);

      await database.migrate();
      expect(
        (
          await selectRows<{ search_name: string }>(
            database.db,
            sql`select search_name from standings_names order by 1`,
          )
        ).map((row) => row.search_name),
      ).toEqual(['sam smith 1', 'sam smith 3', 'sam smith 5', 'zoe mcallister']);
      const [column] = await selectRows<{ collation_name: string }>(
        database.db,
        sql`select collation_name from information_schema.columns where table_name = 'standings' and column_name = 'search_name'`,
      );
      expect(column?.collation_name).toBe('C');
      const search = (text: string) =>
        readLeaderboardPage(database.db, {
          seasonId: '2025-26',
          board: { kind: 'global' },
          page: 1,
          pageSize: 10,
          search: text,
        });
      expect((await search('mcalli')).total).toBe(3);
      expect((await search('zoë')).total).toBe(3);
      expect((await search('smith 3')).rows.map((row) => row.userId)).toEqual(['u3']);
      expect(await readSchemaVersion(database.db)).toBe(await latestMigrationTag());
    } finally {
      await database.close();
      await rm(before0030, { recursive: true, force: true });
    }
  });

  it("move every stored season's rows to a partition of its own, the rest to the default one", async () => {
    const database = await createTestDatabase(engine, { migrate: false });
    const before0035 = await migrationsUpTo('0034_search_totals_capped');
    try {
      await migrateTo(database, before0035);
      for (const [seasonId, userId, position] of [
        ['2025-26', 'u1', 1],
        ['2025-26', 'u2', 2],
        ['2026-27', 'u1', 1],
        ['a season?', 'u3', 1],
      ] as const) {
        await database.db.execute(sql`insert into standings (season_id, user_id, status, total_goals, position,
            full_name, search_name, country, club)
          values (${seasonId}, ${userId}, 'safe', 3, ${position}, 'Ann', 'ann', 'Ireland', 'Arsenal')`);
      }

      await database.migrate();
      const rows = await selectRows<{ partition: string; season_id: string; user_id: string }>(
        database.db,
        sql`select tableoid::regclass::text as partition, season_id, user_id from standings order by 1, 3`,
      );
      expect(rows).toEqual([
        { partition: 'standings_2025_26', season_id: '2025-26', user_id: 'u1' },
        { partition: 'standings_2025_26', season_id: '2025-26', user_id: 'u2' },
        { partition: 'standings_2026_27', season_id: '2026-27', user_id: 'u1' },
        { partition: 'standings_default', season_id: 'a season?', user_id: 'u3' },
      ]);
      // Unlogged, as a rebuild makes them: a crash empties every board, and the check rebuilds it.
      const persistence = await selectRows<{ relpersistence: string }>(
        database.db,
        sql`select distinct relpersistence from pg_class
          where relname in ('standings_2025_26', 'standings_2026_27', 'standings_default', 'league_standings_default')`,
      );
      expect(persistence).toEqual([{ relpersistence: 'u' }]);
    } finally {
      await database.close();
      await rm(before0035, { recursive: true, force: true });
    }
  });
});
