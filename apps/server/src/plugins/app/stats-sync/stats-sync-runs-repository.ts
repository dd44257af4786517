import { eq, sql } from 'drizzle-orm';
import { ADVISORY_LOCK_KEYS } from '../../../db/advisory-locks.ts';
import { type Executor, selectRows, type Transaction } from '../../../db/database.ts';
import { type StatsSyncSummary, statsSyncRuns } from '../../../db/schema/index.ts';

/** Takes the sync's run lock for this connection's session if no other session holds it; never waits. */
export async function tryStatsSyncRunLock(db: Executor): Promise<boolean> {
  const [lock] = await selectRows<{ locked: boolean }>(
    db,
    sql`select pg_try_advisory_lock(${ADVISORY_LOCK_KEYS.statsSyncRun}) as locked`,
  );
  return lock?.locked === true;
}

export async function releaseStatsSyncRunLock(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_unlock(${ADVISORY_LOCK_KEYS.statsSyncRun})`);
}

/** Marks failed every run still `running`: called under the run lock, so none of them is. */
export async function closeRunsLeftRunning(tx: Transaction): Promise<void> {
  await tx
    .update(statsSyncRuns)
    .set({ status: 'failed', finishedAt: sql`now()`, error: 'did not finish: its instance stopped' })
    .where(eq(statsSyncRuns.status, 'running'));
}

/** Records a run starting now and answers its id. */
export async function insertRunningRun(tx: Transaction, source: string): Promise<number | undefined> {
  const [run] = await tx
    .insert(statsSyncRuns)
    .values({ source, status: 'running' })
    .returning({ id: statsSyncRuns.id });
  return run?.id;
}

export async function insertSkippedRun(tx: Executor, source: string, reason: string): Promise<void> {
  await tx.insert(statsSyncRuns).values({ source, status: 'skipped', finishedAt: sql`now()`, error: reason });
}

export async function finishStatsSyncRun(
  db: Executor,
  runId: number,
  outcome: { status: 'ok'; summary: StatsSyncSummary } | { status: 'failed'; error: string },
): Promise<void> {
  await db
    .update(statsSyncRuns)
    .set({
      status: outcome.status,
      finishedAt: sql`now()`,
      summary: outcome.status === 'ok' ? outcome.summary : null,
      error: outcome.status === 'failed' ? outcome.error : null,
    })
    .where(eq(statsSyncRuns.id, runId));
}
