import { describe, expect, it } from 'vitest';
import { dashboardStatus, projectedGoals, squadStatus } from './squad-rules.ts';

describe('squadStatus', () => {
  it.each([
    [[5, 5, 5, 5], false, 'safe'],
    [[9, 4, 5, 3], false, 'safe'],
    [[10, 10, 2, 0], false, 'bust'],
    [[10, 10, 1, 1], false, 'bust'],
    [[7, 0, 3, 2], false, 'going_bust'],
    [[], false, 'going_bust'],
    [[7, 0, 3, 2], true, 'bust'],
    [[], true, 'bust'],
    [[6, 6, 6, 3], true, 'safe'],
  ] as const)('%o (season over: %s) is %s', (goals, isSeasonOver, status) => {
    expect(squadStatus(goals, { isSeasonOver })).toBe(status);
  });
});

describe('dashboardStatus', () => {
  it('is optimal at exactly 21 with every pick scoring', () => {
    expect(dashboardStatus([9, 4, 5, 3], { isSeasonOver: false })).toBe('optimal');
    expect(dashboardStatus([9, 4, 8, 0], { isSeasonOver: false })).toBe('going_bust');
    expect(dashboardStatus([9, 4, 5, 2], { isSeasonOver: false })).toBe('safe');
  });
});

describe('projectedGoals', () => {
  it('scales goals so far to 38 weeks, to one decimal', () => {
    expect(projectedGoals(10, 20, 38)).toBe(19);
    expect(projectedGoals(7, 12, 38)).toBe(22.2);
    expect(projectedGoals(0, 5, 38)).toBe(0);
    expect(projectedGoals(3, 0, 38)).toBe(3);
  });
});
