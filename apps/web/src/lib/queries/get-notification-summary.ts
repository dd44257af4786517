import { type NotificationSummary, notificationSummarySchema } from '@hit21/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

/*
 * The counts behind the bell, the Leagues link, Manage on league cards and the admin page's
 * Members tab. Shared (lib, not a feature) because the leagues screens show them too. The live
 * stream keeps it fresh by invalidating it; the key sits under ['notifications'] so one
 * invalidation of notifications refreshes it with the lists.
 */
export const NOTIFICATION_SUMMARY_KEY = ['notifications', 'summary'] as const;

export function getNotificationSummary({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<NotificationSummary> {
  return api.get('/api/notifications/summary', { schema: notificationSummarySchema, signal });
}

export function getNotificationSummaryQueryOptions() {
  return queryOptions({
    queryKey: NOTIFICATION_SUMMARY_KEY,
    queryFn: ({ signal }) => getNotificationSummary({ signal }),
    // The stream says when it changes; this is only a safety net for a stream that cannot connect.
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

export function useNotificationSummary({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getNotificationSummaryQueryOptions(), enabled });
}

/** Unread join requests of one league the player administers (0 when none or not loaded). */
export function useUnreadJoinRequests(leagueId: string): number {
  const { data } = useNotificationSummary();
  return data?.unreadJoinRequestsByLeague[leagueId] ?? 0;
}
