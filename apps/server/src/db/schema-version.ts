import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Executor, MIGRATIONS_FOLDER, selectRows } from './database.ts';

interface JournalEntry {
  tag: string;
  when: number;
}

let journal: Promise<JournalEntry[]> | undefined;

/** drizzle-kit's list of migrations, oldest first. */
function readMigrationJournal(): Promise<JournalEntry[]> {
  journal ??= readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8').then(
    (text) => (JSON.parse(text) as { entries: JournalEntry[] }).entries,
  );
  return journal;
}

/** The tag of the newest migration in the code, e.g. `0000_initial`. */
export async function latestMigrationTag(): Promise<string | undefined> {
  return (await readMigrationJournal()).at(-1)?.tag;
}

/** The tag of the newest migration applied to this database; undefined before any. */
export async function readSchemaVersion(db: Executor): Promise<string | undefined> {
  const [latest] = await selectRows<{ created_at: string }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  const createdAt = latest?.created_at;
  if (createdAt === undefined) return undefined;
  const entries = await readMigrationJournal();
  return entries.find((entry) => entry.when === Number(createdAt))?.tag ?? `unknown (${createdAt})`;
}
