import { type PlayerListParams, type PlayerPage, playerPageSchema } from '@hit21/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** One page of the pickable players; every filter, sort and page runs on the server. */
export function listPlayers(
  query: PlayerListParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PlayerPage> {
  return api.get('/api/players', { schema: playerPageSchema, query: { ...query }, signal });
}

export function listPlayersQueryOptions(query: PlayerListParams) {
  return queryOptions({
    queryKey: ['players', query],
    queryFn: ({ signal }) => listPlayers(query, { signal }),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function usePlayers(query: PlayerListParams) {
  return useQuery(listPlayersQueryOptions(query));
}
