import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import type { Executor } from '../../src/db/database.ts';
import { scheduledJobs } from '../../src/db/schema/index.ts';
import type { JobOutcome } from '../../src/plugins/app/scheduler/scheduler.ts';
import {
  STANDINGS_PLACING_JOB,
  STANDINGS_REFRESH_JOB,
} from '../../src/plugins/app/standings/standings-service.ts';

/**
 * Keeps the standings check and placing jobs from ever claiming a turn on this database, as if
 * another instance had started them and never finished: a test that asserts what its own
 * `standings.refresh()` did then cannot see a background turn do it first.
 */
export async function holdOffStandingsJobs(db: Executor): Promise<void> {
  for (const name of [STANDINGS_REFRESH_JOB, STANDINGS_PLACING_JOB]) {
    await db
      .insert(scheduledJobs)
      .values({ name, lastStartedAt: sql`'infinity'`, lastFinishedAt: sql`'infinity'` })
      .onConflictDoUpdate({
        target: scheduledJobs.name,
        set: { lastStartedAt: sql`'infinity'`, lastFinishedAt: sql`'infinity'` },
      });
  }
}

/**
 * Takes a forced turn of a job and answers its outcome. A turn the app started on its own (its
 * first, when the server is ready, or one a write asked for) may still be running or hold the
 * lock: this waits for it rather than answering 'running' or 'busy'.
 */
export async function takeTurn(app: FastifyInstance, job: string): Promise<JobOutcome> {
  let outcome: JobOutcome = 'running';
  await vi.waitUntil(
    async () => {
      outcome = await app.scheduler.runTurn(job, { isForced: true });
      return outcome !== 'running' && outcome !== 'busy';
    },
    { timeout: 15_000, interval: 50 },
  );
  return outcome;
}
