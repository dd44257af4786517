/** The game's numbers: four picks, aiming at 21 goals. */
export const TEAM_SIZE = 4;
export const GOAL_TARGET = 21;

/** Leaderboard and standings status (DECISIONS.md). */
export type SquadStatus = 'safe' | 'going_bust' | 'bust';
/** The dashboard adds "optimal": exactly 21 with every pick on the scoresheet. */
export type DashboardStatus = SquadStatus | 'optimal';

/**
 * bust if the total is over 21 (checked first); going_bust if any pick has 0 goals or there
 * are no picks; safe otherwise. Once the season is over, going_bust is final: bust.
 */
export function squadStatus(pickGoals: readonly number[], options: { isSeasonOver: boolean }): SquadStatus {
  const total = pickGoals.reduce((sum, goals) => sum + goals, 0);
  if (total > GOAL_TARGET) return 'bust';
  if (pickGoals.length === 0 || pickGoals.some((goals) => goals === 0)) {
    return options.isSeasonOver ? 'bust' : 'going_bust';
  }
  return 'safe';
}

export function dashboardStatus(
  pickGoals: readonly number[],
  options: { isSeasonOver: boolean },
): DashboardStatus {
  const status = squadStatus(pickGoals, options);
  const total = pickGoals.reduce((sum, goals) => sum + goals, 0);
  return status === 'safe' && total === GOAL_TARGET && pickGoals.length === TEAM_SIZE ? 'optimal' : status;
}

/** Projected season total: goals so far × total weeks ÷ current week, to one decimal. */
export function projectedGoals(currentGoals: number, currentWeek: number, totalWeeks: number): number {
  if (currentWeek <= 0) return currentGoals;
  return Math.round(((currentGoals * totalWeeks) / currentWeek) * 10) / 10;
}
