import type { Database, Transaction } from '../../../db/database.ts';
import {
  failStaleRuns,
  findLatestRun,
  insertRunningRun,
  insertSkippedRun,
  tryStatsSyncClaimLock,
} from './stats-sync-runs-repository.ts';

/**
 * A run still marked running after this long died with its instance; a run is stopped well
 * before (run-stats-sync.ts bounds it), so a live one is never taken for dead.
 */
export const STALE_RUN_MS = 10 * 60_000;

export type Claim = { status: 'claimed'; runId: number } | { status: 'skipped'; reason: string };

/**
 * Claims the next sync for this instance. The claim is a `running` row, taken under a
 * transaction-scoped advisory lock so two instances never both claim: a second one finds
 * the lock taken or the row there and is skipped (and says so in a `skipped` row).
 */
export async function claimStatsSync(db: Database, { source }: { source: string }): Promise<Claim> {
  return db.transaction(async (tx): Promise<Claim> => {
    if (!(await tryStatsSyncClaimLock(tx))) {
      return recordSkipped(tx, source, 'another instance is starting a goals sync');
    }

    await failStaleRuns(tx, STALE_RUN_MS);
    const latest = await findLatestRun(tx);
    if (latest?.status === 'running') {
      const since = latest.startedAt.toISOString();
      return recordSkipped(tx, source, `another goals sync is running (since ${since})`);
    }

    const runId = await insertRunningRun(tx, source);
    if (runId === undefined) throw new Error('The goals sync could not be recorded');
    return { status: 'claimed', runId };
  });
}

async function recordSkipped(tx: Transaction, source: string, reason: string): Promise<Claim> {
  await insertSkippedRun(tx, source, reason);
  return { status: 'skipped', reason };
}
