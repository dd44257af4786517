import { GOAL_TARGET, type GoalDot } from '@hit21/core';
import { formatGoalDate } from './format-goal-date.ts';

/** The warning a goal's tooltip carries from 18 on, or undefined below it. */
export function goalDotWarning(dot: Pick<GoalDot, 'runningTotal' | 'isCloseToTarget' | 'isDangerZone'>) {
  if (dot.isDangerZone) return `Danger zone: ${dot.runningTotal} is over 21, so the team is bust`;
  if (!dot.isCloseToTarget) return undefined;
  const toGo = GOAL_TARGET - dot.runningTotal;
  if (toGo === 0) return 'Bang on 21: one more goal and you are bust';
  return `Close to 21: only ${toGo} more ${toGo === 1 ? 'goal' : 'goals'} before the danger zone`;
}

/** What a screen reader hears on a dot: the tooltip's facts in one sentence. */
export function goalDotLabel(dot: GoalDot): string {
  const warning = goalDotWarning(dot);
  const facts = `${dot.playerName} goal, ${formatGoalDate(dot.kickoffAt)}, gameweek ${dot.gameweek}: running total ${dot.runningTotal} of ${GOAL_TARGET}`;
  return warning ? `${facts}. ${warning}` : facts;
}
