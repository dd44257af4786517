import { type Squad, squadSchema } from '@hit21/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

/** The signed-in user's picks with their goals so far, and whether the server accepts a save now. */
export function getTeam({ signal }: { signal?: AbortSignal } = {}): Promise<Squad> {
  return api.get('/api/squad', { schema: squadSchema, signal });
}

export function getTeamQueryOptions() {
  return queryOptions({ queryKey: ['squad'], queryFn: ({ signal }) => getTeam({ signal }) });
}

export function useTeam() {
  return useQuery(getTeamQueryOptions());
}
