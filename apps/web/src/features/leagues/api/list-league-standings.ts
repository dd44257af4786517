import { type LeagueStandingsPage, type LeagueStandingsParams, leagueStandingsPageSchema } from '@hit21/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { leagueQueryKeys } from './league-query-keys.ts';

/** One page of a league's standings: the global order restricted to its approved members. */
export function listLeagueStandings(
  leagueId: string,
  params: LeagueStandingsParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<LeagueStandingsPage> {
  return api.get(`/api/leagues/${encodeURIComponent(leagueId)}/standings`, {
    schema: leagueStandingsPageSchema,
    query: { ...params, me: params.me ? true : undefined },
    signal,
  });
}

export function listLeagueStandingsQueryOptions(leagueId: string, params: LeagueStandingsParams) {
  return queryOptions({
    queryKey: leagueQueryKeys.standings(leagueId, params),
    queryFn: ({ signal }) => listLeagueStandings(leagueId, params, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 15_000,
    // Before the first computation, or while new members wait to be ranked: ask again shortly.
    refetchInterval: (query) => {
      const data = query.state.data;
      if (data?.computedAt === null) return 2_000;
      return data?.pendingWithinSeconds ? 3_000 : 60_000;
    },
  });
}

export function useLeagueStandings(leagueId: string, params: LeagueStandingsParams) {
  return useQuery(listLeagueStandingsQueryOptions(leagueId, params));
}
