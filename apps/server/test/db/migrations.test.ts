import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { ACCENT_FOLDING, foldText } from '../../src/db/name-folding.ts';
import { prepareDatabase } from '../../src/db/prepare-database.ts';
import { players } from '../../src/db/schema/index.ts';
import { latestMigrationTag, readSchemaVersion } from '../../src/db/schema-version.ts';
import { readBundledSeasonFacts } from '../../src/plugins/app/season/bundled-seasons.ts';
import { loadSeasonFacts } from '../../src/plugins/app/season/load-season-facts.ts';
import { migrateTo, migrationsUpTo } from '../support/migrations.ts';
import { createTestDatabase, engines } from '../support/test-database.ts';

const ENGINES = engines('both', 'migrations');

// The stored boards' migrations: board-migrations.test.ts, stable-key-migration.test.ts.

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
});
