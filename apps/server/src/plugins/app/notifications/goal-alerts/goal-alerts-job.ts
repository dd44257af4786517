import { isAppErrorWithReason } from '@hit21/core';
import fp from 'fastify-plugin';
import { ADVISORY_LOCK_KEYS } from '../../../../db/advisory-locks.ts';
import { runGoalAlerts } from './run-goal-alerts.ts';

/** The scheduler's name for the goal alerts; `scheduler.runSoon(GOAL_ALERTS_JOB)` after a goals sync. */
export const GOAL_ALERTS_JOB = 'goal-alerts';

export interface GoalAlertsJobOptions {
  /** How often the counted goals are compared with the alerted ones (the game clock passes kick-offs). */
  intervalMs?: number;
}

/**
 * The goal alerts as the scheduler's `goal-alerts` job: every few seconds, one instance at a
 * time, and soon after a goals sync. A run with nothing new is one small query.
 */
export const goalAlertsJob = fp<GoalAlertsJobOptions>(
  async (fastify, options) => {
    fastify.scheduler.add({
      name: GOAL_ALERTS_JOB,
      intervalMs: options.intervalMs ?? 5_000,
      lockKey: ADVISORY_LOCK_KEYS.goalAlertsJob,
      async run(signal) {
        let seasonId: string;
        try {
          seasonId = (await fastify.activeSeason.get()).id;
        } catch (error) {
          // Before the first season is loaded there is nothing to alert.
          if (isAppErrorWithReason(error, 'SEASON_NOT_LOADED')) return;
          throw error;
        }
        const result = await runGoalAlerts({ db: fastify.db, seasonId, now: fastify.clock(), signal });
        if (result.notifications > 0 || result.silent > 0 || result.corrections > 0) {
          fastify.log.info(
            { goalAlerts: result },
            `Goal alerts: ${result.goals} goals and ${result.corrections} corrections, ${result.notifications} notifications in ${result.durationMs} ms`,
          );
        }
      },
    });
  },
  { name: 'goal-alerts-job', dependencies: ['config', 'db', 'scheduler', 'active-season'] },
);
