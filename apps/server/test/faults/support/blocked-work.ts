import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/**
 * A connection of the test's own to a server's database, for holding a lock that stops the
 * server's work at a chosen statement, and for looking at what that work holds meanwhile.
 */
export interface LockHolder {
  client: pg.Client;
  /** Opens a transaction and runs `statement` in it (a row or table lock kept until `release`). */
  hold(statement: string, values?: unknown[]): Promise<void>;
  /** Ends the transaction, freeing what it held. */
  release(): Promise<void>;
  /**
   * The server connection (its backend pid) waiting for a lock in a statement matching
   * `pattern` (ILIKE): the server's work has reached that statement and stopped there.
   */
  waitForBlocked(pattern: string, timeoutMs?: number): Promise<number>;
  /** The tables a backend holds locks on, with the lock modes. */
  tablesLockedBy(pid: number): Promise<{ table: string; mode: string }[]>;
  /** How many relations a backend created in its open transaction (invisible to anyone else yet). */
  countUncommittedRelationsOf(pid: number): Promise<number>;
  close(): Promise<void>;
}

export async function connectLockHolder(databaseUrl: string): Promise<LockHolder> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // The server killed while we hold a lock it waits for is the point: its errors are expected.
  client.on('error', () => {});
  await client.connect();
  let isHolding = false;
  return {
    client,
    async hold(statement, values) {
      await client.query('begin');
      isHolding = true;
      await client.query(statement, values);
    },
    async release() {
      if (!isHolding) return;
      isHolding = false;
      await client.query('rollback');
    },
    async waitForBlocked(pattern, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        // Activity is read once per transaction, and this connection may be holding one open.
        await client.query('select pg_stat_clear_snapshot()');
        const { rows } = await client.query<{ pid: number }>(
          `select pid from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid()
             and wait_event_type = 'Lock' and query ilike $1`,
          [pattern],
        );
        if (rows[0]) return rows[0].pid;
        await sleep(25);
      }
      const { rows } = await client.query(
        `select pid, state, wait_event_type, wait_event, left(query, 120) as query from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid()`,
      );
      throw new Error(
        `No server statement like ${pattern} waited for a lock within ${timeoutMs} ms; the connections:\n${JSON.stringify(rows, null, 1)}`,
      );
    },
    async tablesLockedBy(pid) {
      const { rows } = await client.query<{ table: string; mode: string }>(
        `select c.relname as table, l.mode from pg_locks l join pg_class c on c.oid = l.relation
         where l.pid = $1 and l.granted and c.relkind in ('r', 'p', 'u') order by 1, 2`,
        [pid],
      );
      return rows;
    },
    async countUncommittedRelationsOf(pid) {
      const { rows } = await client.query<{ count: number }>(
        `select count(*)::int as count from pg_locks l
         where l.pid = $1 and l.locktype = 'relation' and l.mode = 'AccessExclusiveLock'
           and not exists (select 1 from pg_class c where c.oid = l.relation)`,
        [pid],
      );
      return rows[0]?.count ?? 0;
    },
    async close() {
      await client.end().catch(() => {});
    },
  };
}

/** Polls `condition` until it holds. */
export async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting until ${what}`);
    await sleep(50);
  }
}
