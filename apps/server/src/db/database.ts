import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The one database type the code sees, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; repositories accept either this or the database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** Applies pending migrations; safe to call from several instances at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseLocation =
  | { engine: 'postgres'; url: string }
  /** `dataDir` is a folder on disk, or `memory://` for a throw-away database. */
  | { engine: 'pglite'; dataDir: string };

export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if (location.engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: location.url, max: 10 });
    // An idle client that loses its server must not crash the process.
    pool.on('error', () => {});
    const db = drizzleNodePostgres({ client: pool, schema }) as unknown as Database;
    return {
      db,
      engine: 'postgres',
      async migrate() {
        // Several instances may start together: one migrates while the others wait on the lock.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock(2121)');
          await migrateNodePostgres(drizzleNodePostgres({ client, schema }), {
            migrationsFolder: MIGRATIONS_FOLDER,
          });
        } finally {
          await client.query('select pg_advisory_unlock(2121)').catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }

  if (location.dataDir !== 'memory://') await mkdir(location.dataDir, { recursive: true });
  // pg_trgm: the leaderboard search index (created by a migration).
  const client = await PGlite.create(location.dataDir, { extensions: { pg_trgm } });
  const pgliteDb = drizzlePglite({ client, schema });
  return {
    db: pgliteDb as unknown as Database,
    engine: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

/** Runs raw SQL and returns its rows; both engines answer `{ rows }`. */
export async function selectRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
