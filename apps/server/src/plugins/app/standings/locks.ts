import { sql } from 'drizzle-orm';
import { ADVISORY_LOCK_KEYS } from '../../../db/advisory-locks.ts';
import { type Database, type DatabaseHandle, selectRows, type Transaction } from '../../../db/database.ts';
import { REBUILT_TABLES } from './model.ts';

/**
 * Every lock the standings take, in one place. Who takes what, in this order, and why:
 *
 * | who | takes, in order | why |
 * |---|---|---|
 * | a rebuild (rebuilding/) | `standingsRecompute` advisory lock, session level (`takeRecomputeLock`), waiting while placements hold it shared | one rebuild at a time across instances |
 * | a rebuild's swap | the stored tables, access exclusive, 200 ms lock timeout, tried again (`lockStoredBoards`) | readers take the tables in either order: giving up first cannot deadlock them |
 * | a placement (placing/) | the stored tables, row exclusive (`lockBoardsForPlacing`), then `standingsPlacing` advisory lock of the transaction, then `standingsRecompute` shared (`holdOffRebuilds`) | the same table order as the swap; one placement at a time; no rebuild starts meanwhile |
 * | an account's deletion | the stored tables, row exclusive, then `standingsPlacing`, waiting (`waitToPlace`) | it takes its member off the boards beside placements |
 * | a rebuild's tidy of names | `waitToPlace` | a placement's new name must not be forgotten before it commits |
 * | the embedded database | `isRecomputing` per process | one session: advisory locks are re-entrant there and keep nothing apart |
 *
 * Readers take no lock of ours: a page reads the stored tables in one statement or snapshot.
 */

/**
 * The databases this process is recomputing on. The advisory lock keeps other instances out,
 * but the embedded database has one session, in which the lock is re-entrant.
 */
const recomputing = new WeakSet<DatabaseHandle>();

/** This process is recomputing on `database` now. */
export function isRecomputing(database: DatabaseHandle): boolean {
  return recomputing.has(database);
}

/**
 * How long a rebuild waits for placements (and account deletions) holding off rebuilds to commit
 * (`holdOffRebuilds`): they take a second or two, and a rebuild is what the check decided on.
 */
const PLACEMENT_WAIT_MS = 30_000;

/**
 * Takes the recompute's session-level advisory lock: false at once while another rebuild holds
 * it, after waiting while only placements hold it (shared, for their transaction).
 */
export async function takeRecomputeLock(db: Database): Promise<boolean> {
  const key = ADVISORY_LOCK_KEYS.standingsRecompute;
  const deadline = Date.now() + PLACEMENT_WAIT_MS;
  for (;;) {
    // CASE tries its branches in order: a shared lock taken (and let go) means no rebuild holds it.
    const [row] = await selectRows<{ holder: 'none' | 'placement' | 'rebuild' }>(
      db,
      sql`select case when pg_try_advisory_lock(${key}) then 'none'
          when pg_try_advisory_lock_shared(${key}) and pg_advisory_unlock_shared(${key}) then 'placement'
          else 'rebuild' end as holder`,
    );
    if (row?.holder === 'none') return true;
    if (row?.holder === 'rebuild' || Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function releaseRecomputeLock(db: Database): Promise<void> {
  await db.execute(sql`select pg_advisory_unlock(${ADVISORY_LOCK_KEYS.standingsRecompute})`);
}

/**
 * Takes both stored tables for the swap, waiting `lockTimeoutMs` at most, inside the caller's
 * transaction. Readers take them in either order (a league's page reads \`league_standings\`, then
 * \`standings\`), so a swap holding one and waiting for the other could deadlock with a reader, and
 * PostgreSQL would then end one of the two after a second. Giving up first (lock_not_available)
 * lets the reader finish; the caller tries the swap again.
 */
export async function lockStoredBoards(tx: Transaction, lockTimeoutMs: number): Promise<void> {
  await tx.execute(sql.raw(`set local lock_timeout = '${Math.round(lockTimeoutMs)}ms'`));
  await tx.execute(sql.raw(`lock table ${REBUILT_TABLES.join(', ')} in access exclusive mode`));
}

/**
 * Takes the stored tables for placing (readers still read; a rebuild's swap waits for the
 * placement to commit, and the placement for the swap), in the order the swap takes them, then
 * the placing lock of this transaction: false when another instance is placing now.
 */
export async function lockBoardsForPlacing(tx: Transaction): Promise<boolean> {
  await lockStoredTablesToWrite(tx);
  const [row] = await selectRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCK_KEYS.standingsPlacing}) as locked`,
  );
  return row?.locked === true;
}

/** The stored tables, taken to write rows in them, in the order a rebuild's swap takes them. */
async function lockStoredTablesToWrite(tx: Transaction): Promise<void> {
  await tx.execute(sql.raw(`lock table ${REBUILT_TABLES.join(', ')} in row exclusive mode`));
}

/**
 * Takes the stored tables and the placing lock for a change made outside a placement (an account
 * deleted), waiting for a placement under way to commit first.
 */
export async function waitToPlace(tx: Transaction): Promise<void> {
  await lockStoredTablesToWrite(tx);
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCK_KEYS.standingsPlacing})`);
}

/**
 * Whether no rebuild runs now: takes the rebuild's lock, shared, until this transaction ends (so
 * none starts meanwhile: a rebuild waits for it, `takeRecomputeLock`), false when one holds it.
 */
export async function holdOffRebuilds(tx: Transaction): Promise<boolean> {
  const [row] = await selectRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock_shared(${ADVISORY_LOCK_KEYS.standingsRecompute}) as locked`,
  );
  return row?.locked === true;
}

/** Marks this process as recomputing on `database`: false when it is already. */
export function startRecomputing(database: DatabaseHandle): boolean {
  if (recomputing.has(database)) return false;
  recomputing.add(database);
  return true;
}

export function stopRecomputing(database: DatabaseHandle): void {
  recomputing.delete(database);
}
