import { NOTIFICATION_LIMITS } from '@hit21/core';
import type { Database } from '../../../../db/database.ts';
import { fanOutGoalStep, type GoalStepResult } from './fan-out-goal-step.ts';
import {
  forgetMarksBeforeKickoff,
  type GoalDiff,
  listGoalDiffs,
  recordOldGoalsUnalerted,
} from './goal-alerts-repository.ts';

/** Pickers served per transaction: small enough to hold, large enough to be quick. */
export const GOAL_ALERT_BATCH_SIZE = 5_000;

export interface RunGoalAlertsOptions {
  db: Database;
  seasonId: string;
  /** Game time: a goal counts once its kick-off has passed. */
  now: Date;
  batchSize?: number;
  /** Stops between steps (the server closing); the next run goes on from there. */
  signal?: AbortSignal;
  /** Called after each committed step (tests: throw to cut a run off between batches). */
  afterStep?: (goal: GoalDiff, result: GoalStepResult) => void | Promise<void>;
}

export interface GoalAlertsResult {
  /** Goals whose alerts were fanned out to the end, and corrections likewise. */
  goals: number;
  corrections: number;
  /** (scorer, match) pairs recorded or lowered without alerts. */
  silent: number;
  notifications: number;
  batches: number;
  durationMs: number;
}

/**
 * Alerts every goal of the season that has come to count since the last run (and corrects
 * every one taken away), exactly once across runs and instances. Cheap when nothing changed:
 * three small statements over the season's goal rows and marks. Each (scorer, match) is then settled step
 * by step (fan-out-goal-step.ts), in event order.
 */
export async function runGoalAlerts(options: RunGoalAlertsOptions): Promise<GoalAlertsResult> {
  const { db, seasonId, now, signal, afterStep } = options;
  const batchSize = options.batchSize ?? GOAL_ALERT_BATCH_SIZE;
  const started = performance.now();
  const result: GoalAlertsResult = {
    goals: 0,
    corrections: 0,
    silent: 0,
    notifications: 0,
    batches: 0,
    durationMs: 0,
  };
  // The silent cases in bulk first (a demo clock moved by weeks touches every goal); the
  // steps below still handle any that arrive meanwhile, one by one.
  const freshSince = new Date(now.getTime() - NOTIFICATION_LIMITS.goalAlertFreshnessHours * 3_600_000);
  result.silent += await forgetMarksBeforeKickoff(db, seasonId, now);
  result.silent += await recordOldGoalsUnalerted(db, seasonId, freshSince);
  for (const goal of await listGoalDiffs(db, seasonId, now)) {
    for (;;) {
      if (signal?.aborted) break;
      const step = await fanOutGoalStep({ db, seasonId, now, goal, batchSize });
      await afterStep?.(goal, step);
      if (step.status === 'settled') break;
      if (step.status === 'silent') {
        result.silent += 1;
        break;
      }
      if (step.status === 'batch') {
        result.batches += 1;
        result.notifications += step.notifications;
        if (step.isGoalDone && step.kind === 'alert') result.goals += 1;
        if (step.isGoalDone && step.kind === 'correction') result.corrections += 1;
      }
    }
  }
  result.durationMs = Math.round(performance.now() - started);
  return result;
}
