import { type ClubList, clubListSchema } from '@hit21/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The clubs of the current season with their codes and colours. */
export function listClubs({ signal }: { signal?: AbortSignal } = {}): Promise<ClubList> {
  return api.get('/api/clubs', { schema: clubListSchema, signal });
}

export function getClubsQueryOptions() {
  return queryOptions({
    queryKey: ['clubs'],
    queryFn: ({ signal }) => listClubs({ signal }),
    // Clubs change once a season.
    staleTime: 60 * 60_000,
  });
}

export function useClubs() {
  return useQuery(getClubsQueryOptions());
}
