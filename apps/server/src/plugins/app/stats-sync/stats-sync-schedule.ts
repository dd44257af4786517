import fp from 'fastify-plugin';
import { ADVISORY_LOCK_KEYS } from '../../../db/advisory-locks.ts';
import { GOAL_ALERTS_JOB } from '../notifications/goal-alerts/goal-alerts-job.ts';
import { describeStatsSyncResult, runStatsSync } from './run-stats-sync.ts';

export interface StatsSyncScheduleOptions {
  /** An FPL API base URL or a folder of FPL CSV files (STATS_SYNC_SOURCE). */
  source: string;
  /** Time between the end of one run and the start of the next. */
  intervalMs: number;
}

/**
 * The goals sync as the scheduler's `stats-sync` job: when the server is ready and then every
 * interval, one instance at a time and once per interval between them (the scheduler's claim),
 * never overlapping itself; closing stops a run in progress. The sync's own claim
 * (stats-sync-runs.ts) still records each run and keeps `npm run sync` from running beside it.
 */
export const statsSyncSchedule = fp<StatsSyncScheduleOptions>(
  async (fastify, { source, intervalMs }) => {
    fastify.scheduler.add({
      name: 'stats-sync',
      intervalMs,
      lockKey: ADVISORY_LOCK_KEYS.statsSyncJob,
      async run(signal) {
        const result = await runStatsSync({
          database: fastify.database,
          source,
          seasonId: fastify.config.SEASON_ID,
          signal,
        });
        const line = describeStatsSyncResult(source, result);
        if (result.status === 'ok') {
          fastify.log.info({ statsSync: result.summary }, line);
          // New goals move scores and ranks: re-rank now rather than at the next check.
          fastify.standings.requestRefresh();
          // And alert the players whose picks scored now rather than at the next turn.
          fastify.scheduler.runSoon(GOAL_ALERTS_JOB);
        } else if (result.status === 'failed') fastify.log.error(line);
        else if (result.status === 'skipped') fastify.log.info(line);
        else fastify.log.debug(line);
      },
    });
  },
  { name: 'stats-sync-schedule', dependencies: ['config', 'db', 'scheduler'] },
);
