import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { prepareDatabase } from '../../src/db/prepare-database.ts';
import { players } from '../../src/db/schema/index.ts';
import { latestMigrationTag, readSchemaVersion } from '../../src/db/schema-version.ts';
import { createTestDatabase, TEST_ENGINES } from '../support/test-database.ts';

describe.each(TEST_ENGINES)('migrations on %s', (engine) => {
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
        'clubs',
        'gameweeks',
        'goals',
        'mail_outbox',
        'picks',
        'player_club_spells',
        'players',
        'profiles',
        'rate_limits',
        'season_clubs',
        'seasons',
        'sessions',
        'standings',
        'standings_inputs',
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
});
