import {
  NOTIFICATION_LIMITS,
  type NotificationsPage,
  type NotificationTab,
  notificationsPageSchema,
} from '@hit21/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notificationQueryKeys } from './notification-query-keys.ts';

/** One page of a tab, newest first; `before` continues after the last item already shown. */
export function listNotifications(
  tab: NotificationTab,
  before: string | undefined,
  { signal }: { signal?: AbortSignal } = {},
): Promise<NotificationsPage> {
  return api.get('/api/notifications', {
    schema: notificationsPageSchema,
    query: { tab, before, limit: NOTIFICATION_LIMITS.defaultPageSize },
    signal,
  });
}

export function listNotificationsQueryOptions(tab: NotificationTab) {
  return infiniteQueryOptions({
    queryKey: notificationQueryKeys.list(tab),
    queryFn: ({ pageParam, signal }) => listNotifications(tab, pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextBefore ?? undefined,
    // The stream keeps the lists current; a reload happens on every (re)connection.
    staleTime: 5 * 60_000,
  });
}

export function useNotifications(tab: NotificationTab, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...listNotificationsQueryOptions(tab), enabled });
}
