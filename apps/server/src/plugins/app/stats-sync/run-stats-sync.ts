import type { DatabaseHandle } from '../../../db/database.ts';
import type { StatsSyncSummary } from '../../../db/schema/index.ts';
import { lockSeasonData } from '../season/season-facts-repository.ts';
import { findActiveSeason } from '../season/season-repository.ts';
import { applyGoalFeed } from './apply-goal-feed.ts';
import { readFplApiFeed } from './fpl-api-feed.ts';
import { readFplFolderFeed } from './fpl-folder-feed.ts';
import { withStatsSyncClaim } from './stats-sync-runs.ts';
import { finishStatsSyncRun } from './stats-sync-runs-repository.ts';

/** A whole run (every request of the read) stops after this. */
const RUN_TIMEOUT_MS = 5 * 60_000;

export interface RunStatsSyncOptions {
  database: DatabaseHandle;
  /** An FPL API base URL (http or https, e.g. https://fantasy.premierleague.com/api/) or a folder of FPL CSV files. */
  source: string;
  /** The season to sync; the active season when not given. */
  seasonId?: string;
  /** Stops a run in progress (the server is closing). */
  signal?: AbortSignal;
  /** Per request to the FPL API. */
  fetchTimeoutMs?: number;
}

export type StatsSyncResult =
  | { status: 'ok'; summary: StatsSyncSummary }
  | { status: 'failed'; error: string }
  | { status: 'skipped'; reason: string };

/**
 * One goals sync: claim it (one instance at a time), read and check the whole feed, then
 * apply it in one transaction that also records the run. Any failure before or during the
 * apply leaves the stored goals as they were and is returned (and recorded) as `failed`.
 */
export async function runStatsSync(options: RunStatsSyncOptions): Promise<StatsSyncResult> {
  const { database, source } = options;
  const { db } = database;
  return withStatsSyncClaim(database, source, async (claim): Promise<StatsSyncResult> => {
    if (claim.status !== 'claimed') return claim;
    try {
      const season = await findActiveSeason(db, options.seasonId);
      const timeout = AbortSignal.timeout(RUN_TIMEOUT_MS);
      const feed = isApiUrl(source)
        ? await readFplApiFeed(source, {
            timeoutMs: options.fetchTimeoutMs,
            signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
          })
        : await readFplFolderFeed(source, season);
      const summary = await db.transaction(async (tx) => {
        // The season loader's lock: a sync never writes while a season is reloaded.
        await lockSeasonData(tx);
        const applied = await applyGoalFeed(tx, { seasonId: season.id, feed });
        await finishStatsSyncRun(tx, claim.runId, { status: 'ok', summary: applied });
        return applied;
      });
      return { status: 'ok', summary };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // Best effort: a database that is down cannot record its own failure (the next run closes it).
      await finishStatsSyncRun(db, claim.runId, { status: 'failed', error: message }).catch(() => {});
      return { status: 'failed', error: message };
    }
  });
}

export function isApiUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

/** One line for logs and the command line. */
export function describeStatsSyncResult(source: string, result: StatsSyncResult): string {
  switch (result.status) {
    case 'ok': {
      const { summary } = result;
      const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
      return (
        `Goals sync from ${source}: ${plural(summary.goalsAdded, 'goal')} added, ${summary.goalsChanged} changed, ` +
        `${summary.goalsRemoved} removed; ${plural(summary.playersAdded, 'player')} added; ` +
        `${plural(summary.transfers, 'transfer')}; gameweeks ${describeWeeks(summary.gameweeks)}`
      );
    }
    case 'failed':
      return `Goals sync from ${source} failed, nothing was changed: ${result.error}`;
    case 'skipped':
      return `Goals sync from ${source} skipped: ${result.reason}`;
  }
}

/** [1, 2, 3, 21, 22] → "1–3, 21–22". */
function describeWeeks(weeks: number[]): string {
  if (weeks.length === 0) return 'none';
  const ranges: [number, number][] = [];
  for (const week of [...weeks].sort((a, b) => a - b)) {
    const last = ranges.at(-1);
    if (last && week === last[1] + 1) last[1] = week;
    else ranges.push([week, week]);
  }
  return ranges.map(([from, to]) => (from === to ? `${from}` : `${from}–${to}`)).join(', ');
}
