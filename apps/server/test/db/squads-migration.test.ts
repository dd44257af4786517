import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { players } from '../../src/db/schema/index.ts';
import { readBundledSeasonFacts } from '../../src/plugins/app/season/bundled-seasons.ts';
import { loadSeasonFacts } from '../../src/plugins/app/season/load-season-facts.ts';
import { migrateTo, migrationsUpTo } from '../support/migrations.ts';
import { createTestDatabase, engines } from '../support/test-database.ts';

const ENGINES = engines('both', 'a migration: each engine names constraints its own way');

describe.each(ENGINES)('the squads migration on %s', (engine) => {
  it('keeps every squad and favourite club under the new names, and picks still write the squads', async () => {
    const database = await createTestDatabase(engine, { migrate: false });
    const before = await migrationsUpTo('0032_league_request_guards');
    try {
      await migrateTo(database, before);
      for (const facts of await readBundledSeasonFacts()) await loadSeasonFacts(database.db, facts);
      const footballers = (
        await selectRows<{ id: string }>(
          database.db,
          sql`select id from ${players} where season_id = '2025-26' order by fpl_code limit 5`,
        )
      ).map((row) => row.id);
      const [a, b, c, d, e] = footballers as [string, string, string, string, string];
      await database.db.execute(sql`insert into users (id, name, email, email_verified)
        values ('u1', 'Ann Fan', 'u1@example.com', true)`);
      await database.db.execute(sql`insert into profiles (id, email, full_name, country, favourite_team)
        values ('u1', 'u1@example.com', 'Ann Fan', 'England', 'Fulham')`);
      await database.db.execute(sql`insert into picks (user_id, season_id, player_id, slot)
        values ('u1', '2025-26', ${a}, 1), ('u1', '2025-26', ${b}, 2), ('u1', '2025-26', ${c}, 3),
          ('u1', '2025-26', ${d}, 4)`);

      await database.migrate();
      const squadsNow = () =>
        selectRows<{ user_id: string; player_ids: string[] }>(
          database.db,
          sql`select user_id, player_ids from squads order by user_id`,
        );
      expect(await squadsNow()).toEqual([{ user_id: 'u1', player_ids: [a, b, c, d] }]);
      expect(await selectRows(database.db, sql`select id, favourite_club from profiles order by id`)).toEqual(
        [{ id: 'u1', favourite_club: 'Fulham' }],
      );
      // Nothing is left under the old names.
      expect(
        await selectRows(
          database.db,
          sql`select table_name from information_schema.tables where table_name = 'teams'
            union all select column_name from information_schema.columns where column_name = 'favourite_team'
            union all select conname from pg_constraint where conname like 'teams%'
            union all select tgname from pg_trigger where tgname like '%teams%'
            union all select proname from pg_proc where proname like '%refresh_teams%'`,
        ),
      ).toEqual([]);
      expect(
        await selectRows(
          database.db,
          sql`select conname from pg_constraint where conrelid = 'squads'::regclass and contype = 'p'`,
        ),
      ).toEqual([{ conname: 'squads_season_id_user_id_pk' }]);

      // A save replaces the picks in one transaction: the trigger writes the new squad.
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`delete from picks where user_id = 'u1'`);
        await tx.execute(sql`insert into picks (user_id, season_id, player_id, slot)
          values ('u1', '2025-26', ${e}, 1), ('u1', '2025-26', ${b}, 2), ('u1', '2025-26', ${c}, 3),
            ('u1', '2025-26', ${d}, 4)`);
      });
      expect(await squadsNow()).toEqual([{ user_id: 'u1', player_ids: [e, b, c, d] }]);
      await database.db.execute(sql`delete from picks where user_id = 'u1'`);
      expect(await squadsNow()).toEqual([]);
    } finally {
      await database.close();
      await rm(before, { recursive: true, force: true });
    }
  });
});
