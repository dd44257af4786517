import type { Database, DatabaseHandle } from '../../../db/database.ts';
import {
  closeRunsLeftRunning,
  insertRunningRun,
  insertSkippedRun,
  releaseStatsSyncRunLock,
  tryStatsSyncRunLock,
} from './stats-sync-runs-repository.ts';

export type Claim = { status: 'claimed'; runId: number } | { status: 'skipped'; reason: string };

/**
 * The databases this process is syncing on. The run lock keeps other instances out, but the
 * embedded database has one session, in which an advisory lock is re-entrant.
 */
const syncingHere = new WeakSet<DatabaseHandle>();

/**
 * Runs `work` as the one goals sync on this database, or records why it was skipped. The run
 * holds an advisory lock on a connection of its own from its claim to its end, and the lock
 * dies with the connection: a `running` row found while holding it was left by an instance
 * that stopped (killed, or its database restarted), and is closed at once rather than
 * blocking every later sync.
 */
export async function withStatsSyncClaim<T>(
  database: DatabaseHandle,
  source: string,
  work: (claim: Claim) => Promise<T>,
): Promise<T> {
  if (syncingHere.has(database)) return work(await recordSkipped(database.db, source));
  syncingHere.add(database);
  try {
    return await database.withConnection(async (connection) => {
      if (!(await tryStatsSyncRunLock(connection.db)))
        return work(await recordSkipped(connection.db, source));
      try {
        const runId = await connection.db.transaction(async (tx) => {
          await closeRunsLeftRunning(tx);
          return insertRunningRun(tx, source);
        });
        if (runId === undefined) throw new Error('The goals sync could not be recorded');
        return await work({ status: 'claimed', runId });
      } finally {
        // Should the unlock fail, withConnection closes the connection, which frees the lock.
        await releaseStatsSyncRunLock(connection.db);
      }
    });
  } finally {
    syncingHere.delete(database);
  }
}

const ANOTHER_SYNC_RUNNING = 'another goals sync is running';

async function recordSkipped(db: Database, source: string): Promise<Claim> {
  await insertSkippedRun(db, source, ANOTHER_SYNC_RUNNING);
  return { status: 'skipped', reason: ANOTHER_SYNC_RUNNING };
}
