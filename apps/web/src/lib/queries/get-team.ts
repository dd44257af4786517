import { type Team, teamSchema } from '@hit21/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

/** The signed-in user's picks with their goals so far, and whether the server accepts a save now. */
export function getTeam({ signal }: { signal?: AbortSignal } = {}): Promise<Team> {
  return api.get('/api/team', { schema: teamSchema, signal });
}

export function getTeamQueryOptions() {
  return queryOptions({ queryKey: ['team'], queryFn: ({ signal }) => getTeam({ signal }) });
}

export function useTeam() {
  return useQuery(getTeamQueryOptions());
}
