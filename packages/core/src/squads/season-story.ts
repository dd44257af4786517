import { z } from 'zod';
import { isoDateTimeSchema, type SeasonState } from '../season/season.schemas.ts';
import { type DashboardStatus, dashboardStatus, GOAL_TARGET, projectedGoals } from './squad-rules.ts';

/** One pick's goals in one match; the kick-off time is the goal date. */
export const squadGoalSchema = z.object({
  playerId: z.string(),
  fixtureId: z.int(),
  gameweek: z.int().min(1),
  kickoffAt: isoDateTimeSchema,
  goals: z.int().min(1),
  clubCode: z.string(),
});
export type SquadGoal = z.infer<typeof squadGoalSchema>;

/** GET /api/squad/goals: the signed-in user's picks' goals up to the server clock, by kick-off. */
export const squadGoalsSchema = z.object({ goals: z.array(squadGoalSchema) });
export type SquadGoals = z.infer<typeof squadGoalsSchema>;

/** The tooltip warns from this running total on: 21 is close. */
export const CLOSE_TO_TARGET_FROM = 18;

/** Rows of the season chart: the total plus 5, at least 25 and at most 50 (specification, section 9). */
export const SEASON_CHART_ROWS = { headroom: 5, min: 25, max: 50 } as const;

export function seasonChartRows(totalGoals: number): number {
  return Math.min(
    SEASON_CHART_ROWS.max,
    Math.max(SEASON_CHART_ROWS.min, totalGoals + SEASON_CHART_ROWS.headroom),
  );
}

/** What the story needs of a pick: `name` is the player's display name (`playerDisplayName`). */
export interface StoryPick {
  playerId: string;
  name: string;
}

export interface GoalDot {
  playerId: string;
  /** The pick's slot (0 to 3), so each player keeps one colour. */
  pickIndex: number;
  playerName: string;
  gameweek: number;
  kickoffAt: string;
  /** The squad's total right after this goal; also the dot's height in the chart. */
  runningTotal: number;
  /** Above 21: the goal that took (or kept) the squad bust. */
  isDangerZone: boolean;
  /** From 18 on the tooltip warns that 21 is close. */
  isCloseToTarget: boolean;
}

export interface StoryGameweek {
  week: number;
  /** This gameweek's goals in kick-off order, each one dot. */
  dots: GoalDot[];
  /** The squad's total once this gameweek's goals are in (0 for weeks not played yet). */
  totalAfter: number;
  isPlayed: boolean;
  /** The current gameweek: the WEEK n badge. */
  isCurrent: boolean;
}

export interface PlayerBreakdownEntry {
  playerId: string;
  pickIndex: number;
  playerName: string;
  goals: number;
}

/** The dashboard's banner: its status, and "final_bust" once the season is over and the squad is bust. */
export type StoryBannerKind = DashboardStatus | 'final_bust';

export interface SeasonStory {
  gameweeks: StoryGameweek[];
  /** How many goals the chart's columns can hold. */
  chartRows: number;
  currentGoals: number;
  /** Goals to 21 exactly; null once 21 is out of reach (over it, or the season is over). */
  goalsNeeded: number | null;
  projectedGoals: number;
  currentGameweek: number;
  /** Gameweeks still to play, as the calendar counts them (all 38 until the picks lock). */
  weeksLeft: number;
  /** False until the picks lock at the deadline: no goals to tell yet. */
  hasSeasonStarted: boolean;
  isSeasonOver: boolean;
  banner: StoryBannerKind;
  /** Most goals first; the players still to score at the bottom. */
  breakdown: PlayerBreakdownEntry[];
}

export interface SeasonStoryInput {
  /** In slot order. */
  picks: readonly StoryPick[];
  /** The picks' goals up to the clock; other players' rows are ignored. */
  goals: readonly SquadGoal[];
  season: Pick<
    SeasonState,
    'gameweeks' | 'currentGameweek' | 'weeksLeft' | 'isDeadlinePassed' | 'isSeasonOver'
  >;
}

/**
 * The season story of a squad: every goal of its picks as a dot in its gameweek's column,
 * at the height of the squad's running total after it, with the numbers and the status the
 * dashboard shows around the chart.
 */
export function buildSeasonStory({ picks, goals, season }: SeasonStoryInput): SeasonStory {
  const pickIndexById = new Map(picks.map((pick, index) => [pick.playerId, index]));
  // Chronological; a goal in the same match (or kicking off together) follows the slot order.
  const rows = goals
    .filter((row) => pickIndexById.has(row.playerId))
    .map((row) => ({ row, pickIndex: pickIndexById.get(row.playerId) ?? 0, time: Date.parse(row.kickoffAt) }))
    .sort((a, b) => a.time - b.time || a.pickIndex - b.pickIndex || a.row.fixtureId - b.row.fixtureId);

  const hasSeasonStarted = season.isDeadlinePassed;
  const gameweeks: StoryGameweek[] = season.gameweeks.map(({ week }) => ({
    week,
    dots: [],
    totalAfter: 0,
    isPlayed: hasSeasonStarted && week <= season.currentGameweek,
    isCurrent: hasSeasonStarted && week === season.currentGameweek,
  }));
  const goalsByPick = picks.map(() => 0);

  let runningTotal = 0;
  for (const { row, pickIndex } of rows) {
    const pick = picks[pickIndex];
    if (!pick) continue;
    for (let goal = 0; goal < row.goals; goal += 1) {
      runningTotal += 1;
      gameweeks[row.gameweek - 1]?.dots.push({
        playerId: pick.playerId,
        pickIndex,
        playerName: pick.name,
        gameweek: row.gameweek,
        kickoffAt: row.kickoffAt,
        runningTotal,
        isDangerZone: runningTotal > GOAL_TARGET,
        isCloseToTarget: runningTotal >= CLOSE_TO_TARGET_FROM,
      });
    }
    goalsByPick[pickIndex] = (goalsByPick[pickIndex] ?? 0) + row.goals;
  }

  let totalSoFar = 0;
  for (const gameweek of gameweeks) {
    totalSoFar = gameweek.dots.at(-1)?.runningTotal ?? totalSoFar;
    gameweek.totalAfter = gameweek.isPlayed || gameweek.dots.length > 0 ? totalSoFar : 0;
  }

  const status = dashboardStatus(goalsByPick, { isSeasonOver: season.isSeasonOver });
  const breakdown = picks
    .map((pick, pickIndex) => ({
      playerId: pick.playerId,
      pickIndex,
      playerName: pick.name,
      goals: goalsByPick[pickIndex] ?? 0,
    }))
    .sort((a, b) => b.goals - a.goals || a.playerName.localeCompare(b.playerName, 'en'));

  return {
    gameweeks,
    chartRows: seasonChartRows(runningTotal),
    currentGoals: runningTotal,
    goalsNeeded: season.isSeasonOver || runningTotal > GOAL_TARGET ? null : GOAL_TARGET - runningTotal,
    projectedGoals: projectedGoals(runningTotal, season.currentGameweek, season.gameweeks.length),
    currentGameweek: season.currentGameweek,
    weeksLeft: season.weeksLeft,
    hasSeasonStarted,
    isSeasonOver: season.isSeasonOver,
    banner: season.isSeasonOver && status === 'bust' ? 'final_bust' : status,
    breakdown,
  };
}
