import { and, eq, lte, sql } from 'drizzle-orm';
import { ADVISORY_LOCK_KEYS } from '../../../db/advisory-locks.ts';
import { type Executor, selectRows, type Transaction } from '../../../db/database.ts';
import { type StatsSyncSummary, statsSyncRuns } from '../../../db/schema/index.ts';

/** Takes the claim's lock until the transaction ends if no other transaction holds it; never waits. */
export async function tryStatsSyncClaimLock(tx: Transaction): Promise<boolean> {
  const [lock] = await selectRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCK_KEYS.statsSyncClaim}) as locked`,
  );
  return lock?.locked === true;
}

/** Marks failed every run still `running` that started `staleMs` or more ago (database time). */
export async function failStaleRuns(tx: Transaction, staleMs: number): Promise<void> {
  await tx
    .update(statsSyncRuns)
    .set({ status: 'failed', finishedAt: sql`now()`, error: 'did not finish: its instance stopped' })
    .where(and(eq(statsSyncRuns.status, 'running'), lte(statsSyncRuns.startedAt, ago(staleMs))));
}

export interface LatestRun {
  status: string;
  startedAt: Date;
}

/** The latest run that was not skipped, if any. */
export async function findLatestRun(tx: Transaction): Promise<LatestRun | undefined> {
  const [latest] = await selectRows<{ status: string; started_at: Date | string }>(
    tx,
    sql`select status, started_at
        from stats_sync_runs where status <> 'skipped' order by started_at desc, id desc limit 1`,
  );
  return latest && { status: latest.status, startedAt: new Date(latest.started_at) };
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

/** The database's now minus some milliseconds: instances compare times on one clock. */
function ago(ms: number) {
  return sql`now() - interval '1 millisecond' * ${ms}::double precision`;
}
