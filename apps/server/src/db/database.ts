import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { intarray } from '@electric-sql/pglite/contrib/intarray';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { SERVER_ROOT } from '../config/env.ts';
import { ADVISORY_LOCK_KEYS } from './advisory-locks.ts';
import { assertChannelName, createPostgresListener, type ListenOptions } from './postgres-listener.ts';
import * as schema from './schema/index.ts';

/** drizzle-kit's SQL, read from the source tree by the production bundle too: one copy, never stale. */
export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'src/db/migrations');

/** The one database type the code sees, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; repositories accept either this or the database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  engine: 'pglite' | 'postgres';
  /**
   * Runs `work` on a connection of its own, outside any transaction: for session-level
   * advisory locks, COPY, and statements that several connections run side by side. The
   * embedded database has a single connection shared with everything else, so there the
   * statements of `work` interleave with other queries.
   */
  withConnection<T>(work: (connection: DatabaseConnection) => Promise<T>): Promise<T>;
  /** How many connections can usefully work side by side: 1 on the embedded database. */
  parallelConnections: number;
  /** Applies pending migrations; safe to call from several instances at once. */
  migrate(): Promise<void>;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel` (a lower-case identifier),
   * from this instance or any other on the same database; answers the function that stops it.
   * A message sent while a lost connection is being re-opened is missed: treat one as "look
   * again", never as the only record of a change. `onReconnect` is called when the channel is
   * listened to again after such a loss (never on the embedded database, which cannot lose it).
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    options?: ListenOptions,
  ): Promise<() => Promise<void>>;
  /** Sends `payload` (at most 8000 bytes) to every listener of `channel`; inside `tx`, on its commit. */
  notify(channel: string, payload: string, tx?: Executor): Promise<void>;
  close(): Promise<void>;
}

/** One connection, as `withConnection` lends it. */
export interface DatabaseConnection {
  db: Database;
  /** Loads CSV text (chunks of whole lines) into `table` with COPY: the fastest way in for many rows. */
  copyCsv(table: string, columns: readonly string[], chunks: Iterable<string>): Promise<void>;
}

export type DatabaseLocation =
  | { engine: 'postgres'; url: string }
  /**
   * `dataDir` is a folder on disk, or `memory://` for a throw-away database; `loadDataDir`
   * starts it from a dump of another's data folder (`dumpDataDir`), as the tests do.
   */
  | { engine: 'pglite'; dataDir: string; loadDataDir?: Blob };

/**
 * The pool only listens for errors on idle clients: a checked-out client (a transaction's,
 * `withConnection`'s) whose server goes away (a restart, a failover, a network blip) would
 * raise an uncaught error and end the process. Every client gets a listener of its own from
 * the start; the lost server fails the work's next query instead, which answers 503.
 */
function ignoreLostServers(pool: pg.Pool): void {
  // An idle client that loses its server: the pool drops it and reports it here.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
}

export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if (location.engine === 'postgres') {
    // No JIT compilation for the server's statements: at ten million players the planner's
    // estimates put a board search or a league page past JIT's cost threshold, and compiling it
    // took far longer than the query (docs/benchmarks/standings.md). The board rebuild turns it back on for its
    // own statements (board-scoring-repository.ts). A URL's own `options` replace this.
    const pool = new pg.Pool({ connectionString: location.url, max: 10, options: '-c jit=off' });
    ignoreLostServers(pool);
    const db = drizzleNodePostgres({ client: pool, schema }) as unknown as Database;
    // The handle is opened before the server's logger exists: a lost listening connection is a process warning.
    const listener = createPostgresListener(location.url, (error) => {
      process.emitWarning(
        `Database notifications: the listening connection failed (${String(error)}); reconnecting`,
      );
    });
    return {
      db,
      engine: 'postgres',
      listen: listener.listen,
      notify: (channel, payload, tx) => notify(tx ?? db, channel, payload),
      async withConnection(work) {
        const client = await pool.connect();
        let isClean = false;
        try {
          const result = await work({
            db: drizzleNodePostgres({ client, schema }) as unknown as Database,
            async copyCsv(table, columns, chunks) {
              await pipeline(
                Readable.from(chunks),
                client.query(copyFrom(copyCsvStatement(table, columns, 'STDIN'))),
              );
            },
          });
          isClean = true;
          return result;
        } finally {
          // A connection that failed halfway may hold session state (a lock): it is closed, not reused.
          client.release(!isClean);
        }
      },
      // Enough to keep a small server's cores busy with bulk work while requests still get through.
      parallelConnections: 2,
      async migrate() {
        // Several instances may start together: one migrates while the others wait on the lock.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [ADVISORY_LOCK_KEYS.migrations]);
          await migrateNodePostgres(drizzleNodePostgres({ client, schema }), {
            migrationsFolder: MIGRATIONS_FOLDER,
          });
        } finally {
          await client
            .query('select pg_advisory_unlock($1)', [ADVISORY_LOCK_KEYS.migrations])
            .catch(() => {});
          client.release();
        }
      },
      async close() {
        await listener.close();
        await pool.end();
      },
    };
  }

  if (location.dataDir !== 'memory://') await mkdir(location.dataDir, { recursive: true });
  // pg_trgm: the leaderboard search index (created by a migration).
  const client = await PGlite.create(location.dataDir, {
    extensions: { intarray, pg_trgm },
    loadDataDir: location.loadDataDir,
  });
  const pgliteDb = drizzlePglite({ client, schema });
  const connection: DatabaseConnection = {
    db: pgliteDb as unknown as Database,
    async copyCsv(table, columns, chunks) {
      await client.query(copyCsvStatement(table, columns, "'/dev/blob'"), [], {
        blob: new Blob([...chunks]),
      });
    },
  };
  return {
    db: pgliteDb as unknown as Database,
    engine: 'pglite',
    withConnection: (work) => work(connection),
    parallelConnections: 1,
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER }),
    // The embedded database runs in this process: its listening never drops, so no onReconnect.
    async listen(channel, onMessage) {
      assertChannelName(channel);
      const unlisten = await client.listen(channel, onMessage);
      return () => unlisten();
    },
    notify: (channel, payload, tx) => notify(tx ?? (pgliteDb as unknown as Database), channel, payload),
    close: () => client.close(),
  };
}

function copyCsvStatement(table: string, columns: readonly string[], source: string): string {
  const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
  return `COPY ${quoted(table)} (${columns.map(quoted).join(', ')}) FROM ${source} WITH (FORMAT csv)`;
}

async function notify(db: Executor, channel: string, payload: string): Promise<void> {
  assertChannelName(channel);
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** Runs raw SQL and returns its rows; both engines answer `{ rows }`. */
export async function selectRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** Settings for the rest of the caller's transaction (`set local`). */
export async function setLocal(tx: Transaction, settings: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(settings)) {
    await tx.execute(sql.raw(`set local ${name} = '${value}'`));
  }
}

/** Runs the tasks in order on up to `parallelConnections` connections; the first failure stops the rest. */
export async function runSideBySide(
  database: DatabaseHandle,
  tasks: readonly ((db: Database) => Promise<void>)[],
): Promise<void> {
  const queue = [...tasks];
  const runners = Array.from({ length: Math.min(database.parallelConnections, queue.length) }, () =>
    database.withConnection(async (connection) => {
      for (let task = queue.shift(); task !== undefined; task = queue.shift()) {
        await task(connection.db).catch((error: unknown) => {
          queue.length = 0;
          throw error;
        });
      }
    }),
  );
  await Promise.all(runners);
}
