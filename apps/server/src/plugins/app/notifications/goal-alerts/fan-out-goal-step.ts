import {
  type GoalAlertFacts,
  goalAlertKind,
  goalAlertMessage,
  goalAlertTitle,
  NOTIFICATION_LIMITS,
  wantsGoalAlert,
} from '@hit21/core';
import type { Database } from '../../../../db/database.ts';
import { publishNotificationEvent } from '../notification-events-repository.ts';
import {
  deleteMark,
  findGoal,
  type GoalAlertMark,
  type GoalAlertRow,
  type GoalDiff,
  insertGoalAlerts,
  insertMark,
  listPickerSquads,
  lockMark,
  type PickerSquad,
  readScorerWords,
  updateMark,
} from './goal-alerts-repository.ts';

export type GoalStepResult =
  /** Counted and alerted agree: nothing more to do for this (scorer, match). */
  | { status: 'settled' }
  /** Recorded without alerts: an old goal at first sight, or a kick-off the clock went back before. */
  | { status: 'silent' }
  /** One batch of a goal's fan-out stored; `isGoalDone` when it was the goal's last. */
  | {
      status: 'batch';
      kind: 'alert' | 'correction';
      goalNumber: number;
      pickers: number;
      notifications: number;
      isGoalDone: boolean;
    }
  /** Another run wrote the mark first: look again. */
  | { status: 'again' };

export interface GoalStepOptions {
  db: Database;
  seasonId: string;
  now: Date;
  goal: GoalDiff;
  batchSize: number;
}

/**
 * One step of the alerts of one (scorer, match), in one transaction holding its mark's row
 * lock: decide what the difference between counted and alerted goals calls for, and fan out
 * one batch of pickers of the goal under way, moving the mark's progress with the rows it
 * writes. So runs on several instances take turns rather than repeat each other, and a run cut
 * off between steps leaves the next one exactly where it stopped.
 */
export async function fanOutGoalStep(options: GoalStepOptions): Promise<GoalStepResult> {
  const { db, seasonId, now, goal, batchSize } = options;
  return db.transaction(async (tx): Promise<GoalStepResult> => {
    let mark = await lockMark(tx, goal);
    const row = await findGoal(tx, goal);
    const counted = row && row.kickoffAt <= now ? row.goals : 0;

    if (!mark) {
      if (!row || counted === 0) return { status: 'settled' };
      const isOld = now.getTime() - row.kickoffAt.getTime() > FRESHNESS_MS;
      mark = await insertMark(tx, goal, {
        goals: isOld ? counted : 0,
        kickoffAt: row.kickoffAt,
        clubCode: row.clubCode,
        ...NOTHING_PENDING,
      });
      if (!mark) return { status: 'again' };
      if (isOld) return { status: 'silent' };
    }
    if (row) mark = { ...mark, kickoffAt: row.kickoffAt, clubCode: row.clubCode };

    if (mark.pendingGoal === null || mark.pendingKind === null) {
      if (counted > mark.goals) {
        mark = { ...mark, pendingGoal: mark.goals + 1, pendingKind: 'alert', pendingAfterUserId: null };
      } else if (counted < mark.goals && mark.kickoffAt && mark.kickoffAt > now) {
        // The clock went back before the kick-off: forget, so passing it again is a first sight.
        await deleteMark(tx, goal);
        return { status: 'silent' };
      } else if (counted < mark.goals) {
        mark = { ...mark, pendingGoal: mark.goals, pendingKind: 'correction', pendingAfterUserId: null };
      } else {
        if (mark.goals === 0) await deleteMark(tx, goal);
        return { status: 'settled' };
      }
    }

    const { pendingGoal: goalNumber, pendingKind: kind } = mark;
    if (goalNumber === null || kind === null) throw new Error('A goal alert fan-out lost its goal');
    const squads = await listPickerSquads(tx, {
      seasonId,
      now,
      goal,
      kickoffAt: mark.kickoffAt ?? now,
      afterUserId: mark.pendingAfterUserId,
      limit: batchSize,
    });
    const words = await readScorerWords(tx, goal.playerId, mark.clubCode);
    const alerts = squads.flatMap((squad) => alertFor(squad, { ...words, goalNumber, kind }));
    const range = await insertGoalAlerts(tx, goal, words.scorer, alerts);
    if (range) await publishNotificationEvent(tx, { kind: 'created-range', ...range });

    const isGoalDone = squads.length < batchSize;
    if (!isGoalDone) {
      await updateMark(tx, goal, { ...mark, pendingAfterUserId: squads.at(-1)?.userId ?? null });
    } else {
      const goals = kind === 'alert' ? goalNumber : goalNumber - 1;
      if (goals === 0) await deleteMark(tx, goal);
      else await updateMark(tx, goal, { ...mark, goals, ...NOTHING_PENDING });
    }
    return {
      status: 'batch',
      kind,
      goalNumber,
      pickers: squads.length,
      notifications: alerts.length,
      isGoalDone,
    };
  });
}

const FRESHNESS_MS = NOTIFICATION_LIMITS.goalAlertFreshnessHours * 3_600_000;

const NOTHING_PENDING = {
  pendingGoal: null,
  pendingKind: null,
  pendingAfterUserId: null,
} satisfies Partial<GoalAlertMark>;

/**
 * What goal `goalNumber` of the match did to one picker's squad, in event order; a correction
 * goes to those whose preference took the goal's alert, with the total the squad is back on.
 */
function alertFor(
  squad: PickerSquad,
  goal: { scorer: string; club: string; goalNumber: number; kind: 'alert' | 'correction' },
): GoalAlertRow[] {
  const totalBefore = squad.squadBefore + goal.goalNumber - 1;
  const wasScorerOnZero = squad.scorerBefore + goal.goalNumber - 1 === 0;
  const goalKind = goalAlertKind({
    totalBefore,
    totalAfter: totalBefore + 1,
    picksOnZeroBefore: squad.othersOnZero + (wasScorerOnZero ? 1 : 0),
    picksOnZeroAfter: squad.othersOnZero,
  });
  if (!wantsGoalAlert(squad.preference, goalKind)) return [];
  const facts: GoalAlertFacts =
    goal.kind === 'alert'
      ? { kind: goalKind, scorer: goal.scorer, club: goal.club, total: totalBefore + 1 }
      : { kind: 'correction', scorer: goal.scorer, club: goal.club, total: squad.squadNow };
  return [
    {
      userId: squad.userId,
      kind: facts.kind,
      title: goalAlertTitle(facts),
      message: goalAlertMessage(facts),
    },
  ];
}
