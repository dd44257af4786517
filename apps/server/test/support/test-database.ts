import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type DatabaseHandle, openDatabase, selectRows } from '../../src/db/database.ts';
import {
  adminUrl,
  forgetPostgresTemplate,
  pgliteTemplate,
  postgresTemplate,
  type TemplateKind,
} from './database-templates.ts';

export type Engine = DatabaseHandle['engine'];

/** Both engines when TEST_DATABASE_URL names a PostgreSQL server (CI sets it), else PGlite alone. */
const AVAILABLE_ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * The engines a test file runs on, with the reason written beside the choice:
 * - `both`: the SQL or its results can differ between engines (engine-specific SQL, the
 *   database layer, migrations, name folding and search, standings SQL, database errors);
 * - `postgres`: locks, concurrency or several connections, which only PostgreSQL has; on a
 *   machine without PostgreSQL the file still runs on PGlite;
 * - `one`: the database is only storage here (route validation, auth flows, limits...): the
 *   engine that runs such files fastest, PostgreSQL when there is one.
 */
export function engines(choice: 'both' | 'postgres' | 'one', _why: string): Engine[] {
  if (choice === 'both') return AVAILABLE_ENGINES;
  return [AVAILABLE_ENGINES.includes('postgres') ? 'postgres' : 'pglite'];
}

/**
 * A fresh database of its own for one test file: an in-memory PGlite, or a new database on the
 * PostgreSQL server that is dropped again on close. Migrated unless `migrate` is false (for
 * tests that migrate it themselves); `prepare` also loads the committed season, as
 * prepareDatabase does. Both are copies of templates built once per run (database-templates.ts).
 */
export async function createTestDatabase(
  engine: Engine,
  options: { migrate?: boolean; prepare?: boolean } = {},
): Promise<DatabaseHandle> {
  const { migrate = true, prepare = false } = options;
  const template: TemplateKind | undefined = prepare ? 'prepared' : migrate ? 'migrated' : undefined;
  if (engine === 'pglite') {
    const loadDataDir = await pgliteTemplate(template ?? 'empty');
    return openDatabase({ engine: 'pglite', dataDir: 'memory://', loadDataDir });
  }

  const scratch = await createScratchDatabase(template);
  const handle = await openDatabase({ engine: 'postgres', url: scratch.url });
  return {
    ...handle,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}

/**
 * A new database on the TEST_DATABASE_URL server, for a test that connects by URL: empty, or
 * a copy of a `template`.
 */
export async function createScratchDatabase(
  template?: TemplateKind,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = adminUrl();
  const name = `hit21_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => createDatabase(client, name, template));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

/** The URL of a test database on the TEST_DATABASE_URL server, for another session on it. */
export async function testDatabaseUrl(database: DatabaseHandle): Promise<string> {
  const [current] = await selectRows<{ name: string }>(database.db, sql`select current_database() as name`);
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${current?.name}`;
  return url.toString();
}

/** A connection of its own to a test database on PostgreSQL, as another server's would be. */
export async function connectOtherInstance(database: DatabaseHandle): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: await testDatabaseUrl(database) });
  await client.connect();
  return client;
}

async function createDatabase(client: pg.Client, name: string, template?: TemplateKind) {
  if (!template) {
    await client.query(`create database ${name}`);
    return;
  }
  try {
    await client.query(`create database ${name} template ${await postgresTemplate(template)}`);
  } catch (error) {
    // 3D000: the template is gone, dropped by a run whose migrations differ; build it again.
    if ((error as { code?: string }).code !== '3D000') throw error;
    forgetPostgresTemplate(template);
    await client.query(`create database ${name} template ${await postgresTemplate(template)}`);
  }
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
