import { type SQL, sql } from 'drizzle-orm';
import { ADVISORY_LOCK_KEYS } from '../../../db/advisory-locks.ts';
import {
  type Database,
  type DatabaseHandle,
  selectRows,
  setLocal,
  type Transaction,
} from '../../../db/database.ts';
import { REBUILT_TABLES } from './model.ts';

/**
 * Who takes which lock, in this order, and why (readers take none: a page is one statement or snapshot):
 * | who | takes, in order | why |
 * |---|---|---|
 * | a rebuild (rebuilding/) | `standingsRecompute` advisory, session level (`takeRecomputeLock`), waiting while placements hold it shared | one rebuild at a time across instances |
 * | a rebuild's swap | the stored tables, access exclusive, 200 ms lock timeout, tried again (`lockStoredBoards`) | readers take the tables in either order: giving up first cannot deadlock them |
 * | a placement (placing/) | the stored tables, row exclusive, then `standingsPlacing` advisory of the transaction (`lockBoardsForPlacing`), then `standingsRecompute` shared (`holdOffRebuilds`) | the swap's table order; one placement at a time; no rebuild starts meanwhile |
 * | an account's deletion | the stored tables, row exclusive, then `standingsPlacing`, waiting (`waitToPlace`) | it takes its member off the boards beside placements |
 * | a rebuild's tidy of names | `waitToPlace` | a placement's new name must not be forgotten before it commits |
 * | the embedded database | `isRecomputing` per process | one session: advisory locks are re-entrant there and keep nothing apart |
 */

const recomputing = new WeakSet<DatabaseHandle>();

export const isRecomputing = (database: DatabaseHandle): boolean => recomputing.has(database);

/** Marks this process as recomputing on `database`: false when it is already. */
export function startRecomputing(database: DatabaseHandle): boolean {
  if (recomputing.has(database)) return false;
  recomputing.add(database);
  return true;
}

export const stopRecomputing = (database: DatabaseHandle): boolean => recomputing.delete(database);

/** How long a rebuild waits for placements holding off rebuilds: they take a second or two. */
const PLACEMENT_WAIT_MS = 30_000;

/** False at once while another rebuild holds the lock; waits while only placements hold it shared. */
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

/** A league's page reads `league_standings`, then `standings`: the swap gives up rather than deadlock. */
export async function lockStoredBoards(tx: Transaction, lockTimeoutMs: number): Promise<void> {
  await setLocal(tx, { lock_timeout: `${Math.round(lockTimeoutMs)}ms` });
  await tx.execute(sql.raw(`lock table ${REBUILT_TABLES.join(', ')} in access exclusive mode`));
}

/** Readers still read; a swap and a placement wait for each other to commit. */
const LOCK_TABLES_TO_WRITE = sql.raw(`lock table ${REBUILT_TABLES.join(', ')} in row exclusive mode`);

async function tryLock(tx: Transaction, lock: SQL): Promise<boolean> {
  const [row] = await selectRows<{ locked: boolean }>(tx, sql`select ${lock} as locked`);
  return row?.locked === true;
}

/** False when another instance is placing now. */
export async function lockBoardsForPlacing(tx: Transaction): Promise<boolean> {
  await tx.execute(LOCK_TABLES_TO_WRITE);
  return tryLock(tx, sql`pg_try_advisory_xact_lock(${ADVISORY_LOCK_KEYS.standingsPlacing})`);
}

/** For a change made outside a placement (an account deleted): waits for a placement under way. */
export async function waitToPlace(tx: Transaction): Promise<void> {
  await tx.execute(LOCK_TABLES_TO_WRITE);
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCK_KEYS.standingsPlacing})`);
}

/** Runs `work` in a transaction of its own, once a placement under way has committed. */
export async function betweenPlacements(
  db: Database,
  work: (tx: Transaction) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await waitToPlace(tx);
    await work(tx);
  });
}

/** False when a rebuild runs now; else none starts until this transaction ends. */
export async function holdOffRebuilds(tx: Transaction): Promise<boolean> {
  return tryLock(tx, sql`pg_try_advisory_xact_lock_shared(${ADVISORY_LOCK_KEYS.standingsRecompute})`);
}
