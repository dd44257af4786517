import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type DatabaseHandle, openDatabase, selectRows } from '../../src/db/database.ts';

export type Engine = DatabaseHandle['engine'];

/**
 * The engines every database test runs on: always the embedded PGlite, and PostgreSQL too
 * when TEST_DATABASE_URL names a server (CI sets it).
 */
export const TEST_ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A fresh, empty, migrated database of its own for one test file: an in-memory PGlite, or a
 * new database on the PostgreSQL server that is dropped again on close.
 */
export async function createTestDatabase(
  engine: Engine,
  options: { migrate?: boolean } = {},
): Promise<DatabaseHandle> {
  const { migrate = true } = options;
  if (engine === 'pglite') {
    const handle = await openDatabase({ engine: 'pglite', dataDir: 'memory://' });
    if (migrate) await handle.migrate();
    return handle;
  }

  const scratch = await createScratchDatabase();
  const handle = await openDatabase({ engine: 'postgres', url: scratch.url });
  if (migrate) await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}

/** A new, empty database on the TEST_DATABASE_URL server, for a test that connects by URL. */
export async function createScratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `hit21_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
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

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
