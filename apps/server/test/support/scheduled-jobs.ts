import { sql } from 'drizzle-orm';
import type { Executor } from '../../src/db/database.ts';
import { scheduledJobs } from '../../src/db/schema/index.ts';
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
