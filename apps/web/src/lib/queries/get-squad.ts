import { type Squad, squadSchema } from '@hit21/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

/** The signed-in user's picks with their goals so far, and whether the server accepts a save now. */
export function getSquad({ signal }: { signal?: AbortSignal } = {}): Promise<Squad> {
  return api.get('/api/squad', { schema: squadSchema, signal });
}

export function getSquadQueryOptions() {
  return queryOptions({ queryKey: ['squad'], queryFn: ({ signal }) => getSquad({ signal }) });
}

export function useSquad() {
  return useQuery(getSquadQueryOptions());
}
