import { describe, expect, it } from 'vitest';
import {
  dashboardStatus,
  projectedGoals,
  SQUAD_MESSAGES,
  SQUAD_SELECTION_MESSAGES,
  squadSelectionProblem,
  squadStatus,
} from './squad-rules.ts';

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

describe('squadSelectionProblem', () => {
  const outfield = [
    { position: 'forward', goals: 0 },
    { position: 'midfielder', goals: 0 },
    { position: 'defender', goals: 0 },
    { position: 'forward', goals: 0 },
  ];
  const before = { isDeadlinePassed: false, isSeasonOver: false, hasSquad: false };
  const after = { isDeadlinePassed: true, isSeasonOver: false, hasSquad: false };

  it('accepts any outfield team before the deadline, even an edit', () => {
    expect(
      squadSelectionProblem({
        ...before,
        players: [...outfield.slice(1), { position: 'forward', goals: 5 }],
      }),
    ).toBeUndefined();
    expect(squadSelectionProblem({ ...before, hasSquad: true, players: outfield })).toBeUndefined();
  });

  it('never accepts a goalkeeper', () => {
    expect(
      squadSelectionProblem({
        ...before,
        players: [...outfield.slice(1), { position: 'goalkeeper', goals: 0 }],
      }),
    ).toBe('GOALKEEPER_NOT_ALLOWED');
  });

  it('locks an existing team after the deadline', () => {
    expect(squadSelectionProblem({ ...after, hasSquad: true, players: outfield })).toBe('SQUAD_LOCKED');
  });

  it('lets a first team after the deadline hold only players on 0 goals, until the season ends', () => {
    expect(squadSelectionProblem({ ...after, players: outfield })).toBeUndefined();
    expect(
      squadSelectionProblem({ ...after, players: [...outfield.slice(1), { position: 'forward', goals: 1 }] }),
    ).toBe('ONLY_UNSCORED_PLAYERS');
    expect(squadSelectionProblem({ ...after, isSeasonOver: true, players: outfield })).toBe('SEASON_OVER');
  });
});

describe('SQUAD_SELECTION_MESSAGES', () => {
  it("words every refusal in the specification's terms", () => {
    expect(SQUAD_SELECTION_MESSAGES).toEqual({
      GOALKEEPER_NOT_ALLOWED: SQUAD_MESSAGES.goalkeeper,
      SQUAD_LOCKED: SQUAD_MESSAGES.locked,
      SEASON_OVER: SQUAD_MESSAGES.seasonOver,
      ONLY_UNSCORED_PLAYERS: SQUAD_MESSAGES.onlyUnscored,
    });
  });
});
