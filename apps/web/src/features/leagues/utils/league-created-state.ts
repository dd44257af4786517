import { type LeagueSummary, leagueSummarySchema } from '@hit21/core';

/** What creating a league passes along to /leagues/created (router state). */
export interface LeagueCreatedState {
  league: LeagueSummary;
}

/** The league passed along, or null (a reload after the history entry lost it, a typed address). */
export function readLeagueCreatedState(state: unknown): LeagueSummary | null {
  if (typeof state !== 'object' || state === null || !('league' in state)) return null;
  const parsed = leagueSummarySchema.safeParse(state.league);
  return parsed.success ? parsed.data : null;
}
