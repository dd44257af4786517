import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import {
  NO_BOARD,
  readBoardVersion,
} from '../../src/plugins/app/standings/reading/leaderboard-repository.ts';
import { migrateTo, migrationsUpTo } from '../support/migrations.ts';
import { createTestDatabase, engines } from '../support/test-database.ts';

const ENGINES = engines('both', 'a migration that drops tables and columns');
const SEASON = '2025-26';

/** Migration 0034 (decision 018): search totals are counted with each page, up to 10,000. */
describe.each(ENGINES)('the capped search totals migration on %s', (engine) => {
  it("drops the shared counts, the roster log and the groups, and keeps the board's state", async () => {
    const database = await createTestDatabase(engine, { migrate: false });
    const before = await migrationsUpTo('0033_squads_and_favourite_clubs');
    // 0036 empties the boards and their state for a rebuild: what 0034 kept is read before it.
    const before0036 = await migrationsUpTo('0035_standings_partitioned_by_season');
    try {
      await migrateTo(database, before);
      const { db } = database;
      await db.execute(sql`insert into seasons (id, name, competition, pick_deadline, launch_at, data_version)
        values (${SEASON}, '2025/26', 'Premier League', now(), now(), 'v')`);
      await db.execute(sql`insert into standings_state (season_id, computed_for, inputs_version, revision,
          roster_revision, roster_since, goals_fingerprint, members, countries, clubs, computed_at, duration_ms)
        values (${SEASON}, now(), 3, 7, 2, now(), 'fp', 1, '{Ireland}', '{Arsenal}', '2026-01-05T12:00:00Z', 40)`);
      await db.execute(sql`insert into standings_groups (season_id, country, club, members, name_hashes)
        values (${SEASON}, 'Ireland', 'Arsenal', 1, 12345)`);
      await db.execute(sql`insert into standings_roster_changes (season_id, roster_revision, sign, search_name, country, club)
        values (${SEASON}, 2, 1, 'sam smith', 'Ireland', 'Arsenal')`);
      await db.execute(sql`insert into standings_search_counts (season_id, board, board_name, search, roster_since,
          roster_revision, total, board_members) values (${SEASON}, 'global', '', 'smith', 1, 2, 1, 1)`);

      await migrateTo(database, before0036);
      const droppedLeft = () =>
        selectRows(
          db,
          sql`select table_name as name from information_schema.tables
              where table_name in ('standings_groups', 'standings_roster_changes', 'standings_search_counts')
            union all select column_name from information_schema.columns
              where table_name = 'standings_state' and column_name in ('roster_revision', 'roster_since')`,
        );
      expect(await droppedLeft()).toEqual([]);
      // The board's version is its swap and its placements since: the same board as before.
      const computedAt = Date.parse('2026-01-05T12:00:00Z') * 1000;
      expect(await readBoardVersion(db, SEASON)).toBe(`${computedAt}.7`);
      expect(
        await selectRows(
          db,
          sql`select members, countries, clubs from standings_state where season_id = ${SEASON}`,
        ),
      ).toEqual([{ members: 1, countries: ['Ireland'], clubs: ['Arsenal'] }]);

      await database.migrate();
      expect(await droppedLeft()).toEqual([]);
      expect(await readBoardVersion(db, SEASON)).toBe(NO_BOARD);
    } finally {
      await database.close();
      await rm(before, { recursive: true, force: true });
      await rm(before0036, { recursive: true, force: true });
    }
  });
});
