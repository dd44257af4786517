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

/** When the newest migration applied to this database was written (drizzle's `created_at`); undefined before any. */
async function readLatestAppliedMigration(db: Executor): Promise<number | undefined> {
  // A database no migration ran on has no table to read: asked first, not met as an error.
  const [table] = await selectRows<{ exists: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!table?.exists) return undefined;
  const [latest] = await selectRows<{ created_at: string | null }>(
    db,
    sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`,
  );
  return latest?.created_at == null ? undefined : Number(latest.created_at);
}

/** The tag of the newest migration applied to this database; undefined before any. */
export async function readSchemaVersion(db: Executor): Promise<string | undefined> {
  return (await readSchemaState(db)).version;
}

/**
 * The database's schema version, and whether it has every migration of this code. A newer
 * release may have applied more (drizzle applies what is newer than the last applied): this
 * server still runs on it, and reads its version as `unknown (…)`.
 */
export async function readSchemaState(
  db: Executor,
): Promise<{ version: string | undefined; expectedVersion: string | undefined; isCurrent: boolean }> {
  const appliedAt = await readLatestAppliedMigration(db);
  const entries = await readMigrationJournal();
  const expected = entries.at(-1);
  const version =
    appliedAt === undefined
      ? undefined
      : (entries.find((entry) => entry.when === appliedAt)?.tag ?? `unknown (${appliedAt})`);
  return {
    version,
    expectedVersion: expected?.tag,
    isCurrent: expected === undefined || (appliedAt !== undefined && appliedAt >= expected.when),
  };
}
