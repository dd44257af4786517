import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { personNameProblem } from '@hit21/core';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { type DatabaseHandle, MIGRATIONS_FOLDER, selectRows } from '../../src/db/database.ts';
import { createTestDatabase, engines } from '../support/test-database.ts';

const ENGINES = engines('both', "a migration's SQL");

/** A copy of the migrations folder that stops just before the migration tagged `*_${name}`. */
async function migrationsBefore(name: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'hit21-migrations-'));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag.endsWith(`_${name}`));
  if (index === -1) throw new Error(`No migration ${name}`);
  journal.entries = journal.entries.slice(0, index);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

async function migrateTo(database: DatabaseHandle, migrationsFolder: string) {
  const db = database.db as never;
  if (database.engine === 'pglite') await migratePglite(db, { migrationsFolder });
  else await migrateNodePostgres(db, { migrationsFolder });
}

const STORED = [
  // id, stored name, name after the migration
  ['bidi', 'li\u202Eve', 'live'],
  ['isolate', '\u2067evil\u2069 fan', 'evil fan'],
  ['lines', 'Jordan\r\nFan\tOne', 'Jordan Fan One'],
  ['spaces', '  Jose\u0301   Mourinho ', 'José Mourinho'],
  ['invisible', '\u200B\u200D', null],
  ['only-override', '\u202E', null],
  ['fine', 'İlkay Gündoğan', 'İlkay Gündoğan'],
] as const;

describe.each(ENGINES)('the stored-names migration on %s', (engine) => {
  it('cleans stored names the way the name rules normalise new ones, and marks the boards stale', async () => {
    const database = await createTestDatabase(engine, { migrate: false });
    const before = await migrationsBefore('clean_stored_names');
    try {
      await migrateTo(database, before);
      await database.db.execute(sql`insert into standings_inputs (id, version) values (1, 3)`);
      for (const [id, name] of STORED) {
        await database.db.execute(
          sql`insert into users (id, name, email) values (${id}, ${name}, ${`${id}@example.com`})`,
        );
        await database.db.execute(
          sql`insert into profiles (id, email, full_name) values (${id}, ${`${id}@example.com`}, ${name})`,
        );
        await database.db.execute(
          sql`insert into waitlist_entries (full_name, email) values (${name}, ${`${id}@example.com`})`,
        );
      }

      await database.migrate();
      const rows = await selectRows<{
        id: string;
        profile: string | null;
        account: string;
        waitlist: string;
      }>(
        database.db,
        sql`select p.id, p.full_name as profile, u.name as account, w.full_name as waitlist
              from profiles p join users u on u.id = p.id join waitlist_entries w on w.email = p.email`,
      );
      for (const [id, , expected] of STORED) {
        const row = rows.find((candidate) => candidate.id === id);
        expect(row, id).toEqual({ id, profile: expected, account: expected ?? '', waitlist: expected ?? '' });
        // What is left passes the rules new names must pass.
        if (expected !== null) expect(personNameProblem(expected), id).toBeUndefined();
      }
      const [inputs] = await selectRows<{ version: number }>(
        database.db,
        sql`select version::int as version from standings_inputs`,
      );
      // Once for the names, once more by migration 0023 (a board must list its scorers).
      expect(inputs?.version).toBe(5);
    } finally {
      await database.close();
      await rm(before, { recursive: true, force: true });
    }
  });
});
