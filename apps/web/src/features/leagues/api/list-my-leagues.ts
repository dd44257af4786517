import { type MyLeagues, myLeaguesSchema } from '@hit21/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { leagueQueryKeys } from './league-query-keys.ts';

/** Every league the signed-in player has joined, asked to join, or runs, newest first. */
export function listMyLeagues({ signal }: { signal?: AbortSignal } = {}): Promise<MyLeagues> {
  return api.get('/api/leagues', { schema: myLeaguesSchema, signal });
}

export function listMyLeaguesQueryOptions() {
  return queryOptions({
    queryKey: leagueQueryKeys.mine(),
    queryFn: ({ signal }) => listMyLeagues({ signal }),
    // Pending-request badges and approvals change while the page is open.
    refetchInterval: 30_000,
  });
}

export function useMyLeagues() {
  return useQuery(listMyLeaguesQueryOptions());
}
