import { sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../../db/database.ts';
import { scheduledJobs } from '../../../db/schema/index.ts';

/** Takes a job's session-level advisory lock if no other session holds it; never waits. */
export async function tryJobLock(db: Executor, lockKey: number): Promise<boolean> {
  const [lock] = await selectRows<{ locked: boolean }>(
    db,
    sql`select pg_try_advisory_lock(${lockKey}) as locked`,
  );
  return lock?.locked === true;
}

export async function releaseJobLock(db: Executor, lockKey: number): Promise<void> {
  await db.execute(sql`select pg_advisory_unlock(${lockKey})`);
}

/**
 * Stamps the job as started now when its last start is at least `dueAfterMs` ago, it never ran,
 * or its last run never finished, and answers whether it did: the turn is this instance's.
 * Called under the job's lock, which dies with its holder's connection: a run that never
 * finished was cut off (its instance killed, or its database gone), so it runs again at once
 * rather than an interval later. Times are the database's.
 */
export async function claimJobRun(db: Executor, name: string, dueAfterMs: number): Promise<boolean> {
  const claimed = await db
    .insert(scheduledJobs)
    .values({ name, lastStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: scheduledJobs.name,
      set: { lastStartedAt: sql`now()` },
      setWhere: sql`${scheduledJobs.lastStartedAt} <= now() - interval '1 millisecond' * ${dueAfterMs}::double precision
        or ${scheduledJobs.lastFinishedAt} is null or ${scheduledJobs.lastFinishedAt} < ${scheduledJobs.lastStartedAt}`,
    })
    .returning({ name: scheduledJobs.name });
  return claimed.length > 0;
}

export async function finishJobRun(db: Executor, name: string, error: unknown): Promise<void> {
  await db
    .update(scheduledJobs)
    .set({
      lastFinishedAt: sql`now()`,
      lastError: error === undefined ? null : error instanceof Error ? error.message : String(error),
    })
    .where(sql`${scheduledJobs.name} = ${name}`);
}
