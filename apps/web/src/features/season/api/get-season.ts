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

/**
 * The server's clock minus this device's, in milliseconds (0 until the season has loaded): the
 * game's moments (join deadlines) are the server's, whose clock the demo moves.
 */
export function useServerClockOffset(): number {
  const season = useSeason();
  return season.data ? Date.parse(season.data.now) - season.dataUpdatedAt : 0;
}
