import { type LeagueDetail, leagueDetailSchema } from '@hit21/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { leagueQueryKeys } from './league-query-keys.ts';

/** A league the player is an approved member of; anything else is LEAGUE_NOT_FOUND (404). */
export function getLeague(
  leagueId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<LeagueDetail> {
  return api.get(`/api/leagues/${encodeURIComponent(leagueId)}`, { schema: leagueDetailSchema, signal });
}

export function getLeagueQueryOptions(leagueId: string) {
  return queryOptions({
    queryKey: leagueQueryKeys.detail(leagueId),
    queryFn: ({ signal }) => getLeague(leagueId, { signal }),
    retry: false,
  });
}

export function useLeague(leagueId: string) {
  return useQuery(getLeagueQueryOptions(leagueId));
}
