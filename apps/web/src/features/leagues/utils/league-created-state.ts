import { type CreatedLeague, createdLeagueSchema } from '@hit21/core';

/** What creating a league passes along to /leagues/created (router state). */
export interface LeagueCreatedState {
  league: CreatedLeague;
}

/** The league passed along, or null (a reload after the history entry lost it, a typed address). */
export function readLeagueCreatedState(state: unknown): CreatedLeague | null {
  if (typeof state !== 'object' || state === null || !('league' in state)) return null;
  const parsed = createdLeagueSchema.safeParse(state.league);
  return parsed.success ? parsed.data : null;
}
