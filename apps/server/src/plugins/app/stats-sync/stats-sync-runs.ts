import { and, eq, lte, sql } from 'drizzle-orm';
import { ADVISORY_LOCK_KEYS } from '../../../db/advisory-locks.ts';
import { type Database, type Executor, selectRows } from '../../../db/database.ts';
import { type StatsSyncSummary, statsSyncRuns } from '../../../db/schema/index.ts';

/**
 * A run still marked running after this long died with its instance; a run is stopped well
 * before (run-stats-sync.ts bounds it), so a live one is never taken for dead.
 */
export const STALE_RUN_MS = 10 * 60_000;

export type Claim =
  | { status: 'claimed'; runId: number }
  | { status: 'skipped'; reason: string }
  /** A scheduled run that another instance has done recently enough: nothing to do, nothing recorded. */
  | { status: 'not-due' };

/**
 * Claims the next sync for this instance. The claim is a `running` row, taken under a
 * transaction-scoped advisory lock so two instances never both claim: a second one finds
 * the lock taken or the row there and is skipped (and says so in a `skipped` row).
 */
export async function claimStatsSync(
  db: Database,
  { source, minimumGapMs }: { source: string; minimumGapMs?: number },
): Promise<Claim> {
  return db.transaction(async (tx): Promise<Claim> => {
    const [lock] = await selectRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCK_KEYS.statsSyncClaim}) as locked`,
    );
    if (!lock?.locked) return recordSkipped(tx, source, 'another instance is starting a goals sync');

    await tx
      .update(statsSyncRuns)
      .set({ status: 'failed', finishedAt: sql`now()`, error: 'did not finish: its instance stopped' })
      .where(and(eq(statsSyncRuns.status, 'running'), lte(statsSyncRuns.startedAt, ago(STALE_RUN_MS))));
    const [latest] = await selectRows<{ status: string; started_at: Date | string; is_recent: boolean }>(
      tx,
      sql`select status, started_at, started_at > ${ago(minimumGapMs ?? 0)} as is_recent
          from stats_sync_runs where status <> 'skipped' order by started_at desc, id desc limit 1`,
    );
    if (minimumGapMs && latest?.is_recent) return { status: 'not-due' };
    if (latest?.status === 'running') {
      const since = new Date(latest.started_at).toISOString();
      return recordSkipped(tx, source, `another goals sync is running (since ${since})`);
    }

    const [run] = await tx
      .insert(statsSyncRuns)
      .values({ source, status: 'running' })
      .returning({ id: statsSyncRuns.id });
    if (!run) throw new Error('The goals sync could not be recorded');
    return { status: 'claimed', runId: run.id };
  });
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

async function recordSkipped(tx: Executor, source: string, reason: string): Promise<Claim> {
  await tx.insert(statsSyncRuns).values({ source, status: 'skipped', finishedAt: sql`now()`, error: reason });
  return { status: 'skipped', reason };
}

/** The database's now minus some milliseconds: instances compare times on one clock. */
function ago(ms: number) {
  return sql`now() - interval '1 millisecond' * ${ms}::double precision`;
}
