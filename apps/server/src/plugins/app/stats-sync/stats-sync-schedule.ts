import fp from 'fastify-plugin';
import { describeStatsSyncResult, runStatsSync } from './run-stats-sync.ts';

export interface StatsSyncScheduleOptions {
  /** An FPL API base URL or a folder of FPL CSV files (STATS_SYNC_SOURCE). */
  source: string;
  /** Time between the end of one run and the start of the next. */
  intervalMs: number;
}

/**
 * Runs the goals sync when the server is ready and then every interval: one run at a time in
 * this process (the next is scheduled when one ends), one instance at a time across servers
 * (the claim in stats-sync-runs.ts), and an instance whose turn another one has just taken
 * does nothing. The timer never keeps the process alive; closing stops a run in progress.
 */
export const statsSyncSchedule = fp<StatsSyncScheduleOptions>(
  async (fastify, { source, intervalMs }) => {
    const stopping = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;

    const runOnce = async () => {
      const result = await runStatsSync({
        db: fastify.db,
        source,
        seasonId: fastify.config.SEASON_ID,
        // A little under the interval, so the instance whose turn it is is never "not due" by a few milliseconds.
        minimumGapMs: Math.floor(intervalMs * 0.9),
        signal: stopping.signal,
      });
      const line = describeStatsSyncResult(source, result);
      if (result.status === 'ok') {
        fastify.log.info({ statsSync: result.summary }, line);
        // New goals move scores and ranks: re-rank now rather than at the next check.
        fastify.standings.requestRefresh();
      } else if (result.status === 'failed') fastify.log.error(line);
      else if (result.status === 'skipped') fastify.log.info(line);
      else fastify.log.debug(line);
    };
    const scheduleNext = (delayMs: number) => {
      timer = setTimeout(() => {
        running = runOnce()
          .catch((error) => fastify.log.error({ err: error }, `Goals sync from ${source} could not run`))
          .finally(() => {
            running = undefined;
            if (!stopping.signal.aborted) scheduleNext(intervalMs);
          });
      }, delayMs);
      timer.unref();
    };

    fastify.addHook('onReady', async () => scheduleNext(0));
    fastify.addHook('onClose', async () => {
      stopping.abort(new Error('the server is closing'));
      clearTimeout(timer);
      await running;
    });
  },
  { name: 'stats-sync-schedule', dependencies: ['config', 'db'] },
);
