import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { foldSearch, likePattern, SEARCH_FOLDING, searchKeySql } from '../../src/db/name-folding.ts';
import { latestMigrationTag, readSchemaVersion } from '../../src/db/schema-version.ts';
import { textArray } from '../../src/db/sql-values.ts';
import { migrateTo, migrationsUpTo } from '../support/migrations.ts';
import { createTestDatabase, engines } from '../support/test-database.ts';

const ENGINES = engines('both', 'name folding in SQL');

const SEASON = '2025-26';

/** The name search's key (`searchKeySql`): a stored name and a typed search folded alike. */
describe.each(ENGINES)('name search keys on %s', (engine) => {
  it('fold a typed search in the server as the database folds a stored name, every character', async () => {
    const database = await createTestDatabase(engine);
    try {
      // Every folded character, with letters of other scripts and cases around them; a name with
      // punctuation and no accent; a name of plain letters.
      const names = [
        `Zoë ${SEARCH_FOLDING.from} O'Brien-Smith Дмитрий ΣΊΣΥΦΟΣ`,
        "Ann O'Neil-Ray, Jr.",
        'Sam SMITH 3',
      ];
      const rows = await selectRows<{ stored: string; searched: string }>(
        database.db,
        sql`select ${searchKeySql(sql`name`)} as stored, lower(searched) as searched
          from unnest(${textArray(names)}::text[], ${textArray(names.map(foldSearch))}::text[]) as named (name, searched)`,
      );
      for (const row of rows) expect(row.searched).toBe(row.stored);
      expect(rows[0]?.stored).toMatch(/^zoe [a-z]+ {7} obrien smith дмитрий /);
      expect(rows.slice(1).map((row) => row.stored)).toEqual(['ann oneil ray jr', 'sam smith 3']);
      // LIKE's wildcards and escape are punctuation: a pattern takes nothing typed as a wildcard.
      expect(likePattern('50%_\\off')).toBe('%50off%');
      // Punctuation alone names nobody: a pattern no folded name matches.
      expect(likePattern("'%_")).toBe("'");
    } finally {
      await database.close();
    }
  });

  it("refold a stored board's names, its leagues' and the names table when migrated", async () => {
    const database = await createTestDatabase(engine, { migrate: false });
    const before0031 = await migrationsUpTo('0030_standings_names');
    const through0031 = await migrationsUpTo('0031_standings_search_keys');
    // 0036 empties the boards for a rebuild: the refolded rows are read before it.
    const before0036 = await migrationsUpTo('0035_standings_partitioned_by_season');
    try {
      await migrateTo(database, before0031);
      const { db } = database;
      await db.execute(sql`insert into seasons (id, name, competition, pick_deadline, launch_at, data_version)
        values (${SEASON}, '2025/26', 'Premier League', now(), now(), 'v')`);
      // Stored as before 0031: lower-cased only.
      await db.execute(sql`insert into standings (season_id, user_id, status, total_goals, position,
          full_name, search_name, country, club)
        select ${SEASON}, 'u' || n, 'safe', 12, n, name, lower(name), 'Ireland', 'Arsenal'
        from unnest(array['Zoë O''Brien', 'Sam Smith', 'Jean-Pierre Ærø']) with ordinality as named (name, n)`);
      await db.execute(sql`insert into league_standings (season_id, league_id, user_id, position, search_name)
        select season_id, '00000000-0000-4000-8000-000000000001', user_id, position, search_name from standings`);
      await db.execute(sql`insert into standings_names (search_name) select search_name from standings`);
      await db.execute(sql`insert into standings_groups (season_id, country, club, members, name_hashes)
        select season_id, country, club, count(*), sum(hashtextextended(search_name, 0)) from standings group by 1, 2, 3`);

      // The groups' hashes, refolded by 0031, went with their table in 0034.
      await migrateTo(database, through0031);
      const [group] = await selectRows<{ stored: string; expected: string }>(
        db,
        sql`select name_hashes::text as stored,
          (select sum(hashtextextended(search_name, 0))::text from standings) as expected from standings_groups`,
      );
      expect(group?.stored).toBe(group?.expected);
      await migrateTo(database, before0036);
      const keys = await selectRows<{ user_id: string; board: string; league: string; expected: string }>(
        db,
        sql`select s.user_id, s.search_name as board, l.search_name as league, ${searchKeySql(sql`s.full_name`)} as expected
          from standings s join league_standings l using (season_id, user_id) order by s.position`,
      );
      expect(keys.map((row) => row.board)).toEqual(['zoe obrien', 'sam smith', 'jean pierre aro']);
      for (const row of keys) expect([row.board, row.league]).toEqual([row.expected, row.expected]);
      const namesKept = async () =>
        (
          await selectRows<{ search_name: string }>(
            db,
            sql`select search_name from standings_names order by 1`,
          )
        ).map((row) => row.search_name);
      expect(await namesKept()).toEqual(['jean pierre aro', 'sam smith', 'zoe obrien']);
      // A typed search finds them as the name search reads the stored names: the names table, then the rows.
      const search = async (text: string) =>
        (
          await selectRows<{ user_id: string }>(
            db,
            sql`select user_id from standings where search_name in
                (select search_name from standings_names where search_name like lower(${likePattern(text)}))
              order by position`,
          )
        ).map((row) => row.user_id);
      expect(await search('obrien')).toEqual(['u1']);
      expect(await search('zoe')).toEqual(['u1']);
      expect(await search('jean pierre')).toEqual(['u3']);

      // The boards are emptied for a rebuild; the names table keeps its refolded names until then.
      await database.migrate();
      expect(
        await selectRows(
          db,
          sql`select user_id from standings union all select user_id from league_standings`,
        ),
      ).toEqual([]);
      expect(await namesKept()).toEqual(['jean pierre aro', 'sam smith', 'zoe obrien']);
      expect(await readSchemaVersion(db)).toBe(await latestMigrationTag());
    } finally {
      await database.close();
      await rm(before0031, { recursive: true, force: true });
      await rm(through0031, { recursive: true, force: true });
      await rm(before0036, { recursive: true, force: true });
    }
  });
});
