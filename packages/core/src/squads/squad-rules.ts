import type { AppErrorReason } from '../errors/app-error-reasons.ts';

/** The game's numbers: four picks, aiming at 21 goals. */
export const SQUAD_SIZE = 4;
export const GOAL_TARGET = 21;

export const SQUAD_MESSAGES = {
  exactlyFour: 'Please select exactly 4 players',
  duplicate: 'Player already selected',
  goalkeeper: "Goalkeepers can't be picked",
  locked: 'Team editing is disabled now as the season has started',
  onlyUnscored: 'Now that the season has started, only players with 0 goals this season are available',
  seasonOver: 'The season is over: teams can no longer be picked',
} as const;

/** Leaderboard and standings status (DECISIONS.md). */
export type SquadStatus = 'safe' | 'going_bust' | 'bust';
/** The dashboard adds "optimal": exactly 21 with every pick on the scoresheet. */
export type DashboardStatus = SquadStatus | 'optimal';

/** A fan's picks without a goal; all four for a fan without picks, who goes bust as one waiting for a scorer. */
export function scorelessPicks(pickGoals: readonly number[]): number {
  return pickGoals.length === 0 ? SQUAD_SIZE : pickGoals.filter((goals) => goals === 0).length;
}

/**
 * bust if the total is over 21 (checked first); going_bust if a pick has 0 goals or there are no
 * picks (`scorelessPicks`); safe otherwise. Once the season is over, going_bust is final: bust.
 */
export function entryStatus(
  entry: { totalGoals: number; scoreless: number },
  options: { isSeasonOver: boolean },
): SquadStatus {
  if (entry.totalGoals > GOAL_TARGET) return 'bust';
  if (entry.scoreless > 0) return options.isSeasonOver ? 'bust' : 'going_bust';
  return 'safe';
}

export function squadStatus(pickGoals: readonly number[], options: { isSeasonOver: boolean }): SquadStatus {
  const totalGoals = pickGoals.reduce((sum, goals) => sum + goals, 0);
  return entryStatus({ totalGoals, scoreless: scorelessPicks(pickGoals) }, options);
}

export function dashboardStatus(
  pickGoals: readonly number[],
  options: { isSeasonOver: boolean },
): DashboardStatus {
  const status = squadStatus(pickGoals, options);
  const total = pickGoals.reduce((sum, goals) => sum + goals, 0);
  return status === 'safe' && total === GOAL_TARGET && pickGoals.length === SQUAD_SIZE ? 'optimal' : status;
}

/** Projected season total: goals so far × total weeks ÷ current week, to one decimal. */
export function projectedGoals(currentGoals: number, currentWeek: number, totalWeeks: number): number {
  if (currentWeek <= 0) return currentGoals;
  return Math.round(((currentGoals * totalWeeks) / currentWeek) * 10) / 10;
}

export interface SquadSelectionContext {
  /** The chosen players as the server sees them now. */
  players: readonly { position: string; goals: number }[];
  isDeadlinePassed: boolean;
  isSeasonOver: boolean;
  /** Whether the user already has a saved squad this season. */
  hasSquad: boolean;
}

/** The refusals of a squad save that the rules decide; each is a declared `AppErrorReason`. */
export type SquadSelectionRefusal = Extract<
  AppErrorReason,
  'GOALKEEPER_NOT_ALLOWED' | 'SQUAD_LOCKED' | 'SEASON_OVER' | 'ONLY_UNSCORED_PLAYERS'
>;

/** What a person reads for each refusal (the specification's words). */
export const SQUAD_SELECTION_MESSAGES: Record<SquadSelectionRefusal, string> = {
  GOALKEEPER_NOT_ALLOWED: SQUAD_MESSAGES.goalkeeper,
  SQUAD_LOCKED: SQUAD_MESSAGES.locked,
  SEASON_OVER: SQUAD_MESSAGES.seasonOver,
  ONLY_UNSCORED_PLAYERS: SQUAD_MESSAGES.onlyUnscored,
};

/**
 * Why a squad may not be saved now, or undefined when it may (DECISIONS.md): never a
 * goalkeeper; before the deadline anything goes; after it an existing squad is locked, and a
 * first squad may only hold players who have not scored yet, until the season ends.
 */
export function squadSelectionProblem(context: SquadSelectionContext): SquadSelectionRefusal | undefined {
  if (context.players.some((player) => player.position === 'goalkeeper')) return 'GOALKEEPER_NOT_ALLOWED';
  if (!context.isDeadlinePassed) return undefined;
  if (context.hasSquad) return 'SQUAD_LOCKED';
  if (context.isSeasonOver) return 'SEASON_OVER';
  if (context.players.some((player) => player.goals > 0)) return 'ONLY_UNSCORED_PLAYERS';
  return undefined;
}
