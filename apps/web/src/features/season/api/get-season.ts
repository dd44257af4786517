import { type SeasonState, seasonStateSchema } from '@hit21/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The season and the server's clock: current gameweek, deadline passed, season over. */
export function getSeason({ signal }: { signal?: AbortSignal } = {}): Promise<SeasonState> {
  return api.get('/api/season', { schema: seasonStateSchema, signal });
}

export function getSeasonQueryOptions() {
  return queryOptions({
    queryKey: ['season'],
    queryFn: ({ signal }) => getSeason({ signal }),
    // The clock moves by gameweeks; a few minutes of staleness is fine.
    staleTime: 5 * 60_000,
  });
}

export function useSeason() {
  return useQuery(getSeasonQueryOptions());
}
