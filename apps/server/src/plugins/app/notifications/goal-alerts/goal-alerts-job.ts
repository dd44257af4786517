import { isAppErrorWithReason } from '@hit21/core';
import fp from 'fastify-plugin';
import { ADVISORY_LOCK_KEYS } from '../../../../db/advisory-locks.ts';
import { runGoalAlerts } from './run-goal-alerts.ts';

/** The scheduler's name for the goal alerts; `scheduler.runSoon(GOAL_ALERTS_JOB)` after a goals sync. */
export const GOAL_ALERTS_JOB = 'goal-alerts';

/** Sent on commit by every write to `goals` (migration 0014's trigger): a goal to alert may have come. */
export const GOAL_ALERTS_CHANNEL = 'goal_alerts';

export interface GoalAlertsJobOptions {
  /** How often the counted goals are compared with the alerted ones (the game clock passes kick-offs). */
  intervalMs?: number;
}

/**
 * The goal alerts as the scheduler's `goal-alerts` job: every few seconds (the game clock
 * passing a kick-off), one instance at a time, and at once when the goals change: any write to
 * `goals`, from this instance or another process, wakes every instance's job (whichever takes
 * the lock runs it; a wake during a run asks for one more). A run with nothing new is one small query.
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
    // A lost wake is only late: the interval still looks.
    const unlisten = await fastify.database.listen(GOAL_ALERTS_CHANNEL, () =>
      fastify.scheduler.runSoon(GOAL_ALERTS_JOB),
    );
    fastify.addHook('onClose', async () => {
      await unlisten().catch((error: unknown) =>
        fastify.log.debug({ err: error }, 'Could not stop listening for goal writes'),
      );
    });
  },
  { name: 'goal-alerts-job', dependencies: ['config', 'db', 'scheduler', 'active-season'] },
);
