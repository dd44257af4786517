import type { GoalDot } from '@hit21/core';
import { describe, expect, it } from 'vitest';
import { goalDotLabel, goalDotWarning } from './goal-dot-copy.ts';

function dot(runningTotal: number): GoalDot {
  return {
    playerId: 'haaland',
    pickIndex: 0,
    playerName: 'Erling Haaland',
    gameweek: 20,
    // Midday UTC: the same calendar day in every time zone the tests may run in.
    kickoffAt: '2026-01-03T12:30:00.000Z',
    runningTotal,
    isDangerZone: runningTotal > 21,
    isCloseToTarget: runningTotal >= 18,
  };
}

describe('goalDotWarning', () => {
  it('says nothing below 18, warns from 18 to 21, and calls the danger zone above', () => {
    expect(goalDotWarning(dot(17))).toBeUndefined();
    expect(goalDotWarning(dot(18))).toBe('Close to 21: only 3 more goals before the danger zone');
    expect(goalDotWarning(dot(20))).toBe('Close to 21: only 1 more goal before the danger zone');
    expect(goalDotWarning(dot(21))).toBe('Bang on 21: one more goal and you are bust');
    expect(goalDotWarning(dot(22))).toBe('Danger zone: 22 is over 21, so the team is bust');
  });
});

describe('goalDotLabel', () => {
  it('reads the player, the date, the week and the running total, with the warning', () => {
    expect(goalDotLabel(dot(7))).toBe(
      'Erling Haaland goal, Sat 3 Jan 2026, gameweek 20: running total 7 of 21',
    );
    expect(goalDotLabel(dot(19))).toBe(
      'Erling Haaland goal, Sat 3 Jan 2026, gameweek 20: running total 19 of 21. Close to 21: only 2 more goals before the danger zone',
    );
  });
});
