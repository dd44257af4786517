import {
  type LeaderboardPage,
  type LeaderboardParams,
  type LeaderboardType,
  leaderboardPageSchema,
} from '@hit21/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** One page of the global, country or club board as the signed-in user sees it. */
export function listLeaderboard(
  type: LeaderboardType,
  query: LeaderboardParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<LeaderboardPage> {
  return api.get(`/api/leaderboard/${type}`, {
    schema: leaderboardPageSchema,
    // "me" is sent only when set: its absence means the whole board.
    query: { ...query, me: query.me ? true : undefined },
    signal,
  });
}

export function listLeaderboardQueryOptions(type: LeaderboardType, query: LeaderboardParams) {
  return queryOptions({
    queryKey: ['leaderboard', type, query],
    queryFn: ({ signal }) => listLeaderboard(type, query, { signal }),
    // Keep the current page on screen while the next one of the same board loads; another
    // tab's rows would be a different board.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === type ? keepPreviousData(previous) : undefined,
    // The server updates a stale board in the background when it is read: read again soon.
    staleTime: 15_000,
    // Before the first computation, or while the viewer waits to be ranked: ask again shortly.
    refetchInterval: (current) => {
      const data = current.state.data;
      if (data?.computedAt === null) return 2_000;
      return data?.viewerPending ? 3_000 : 60_000;
    },
  });
}

export function useLeaderboard(type: LeaderboardType, query: LeaderboardParams) {
  return useQuery(listLeaderboardQueryOptions(type, query));
}
