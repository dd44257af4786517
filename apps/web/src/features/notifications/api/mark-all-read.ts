import type { NotificationSummary } from '@hit21/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { summaryAfterMarkAllRead } from '../utils/notification-cache.ts';
import { notificationQueryKeys } from './notification-query-keys.ts';

export function markAllNotificationsRead(): Promise<void> {
  return api.post('/api/notifications/read-all');
}

/** "Mark all as read": the counts and badges drop at once; the lists reload from the store. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => {
      queryClient.setQueryData<NotificationSummary>(notificationQueryKeys.summary(), summaryAfterMarkAllRead);
      return queryClient.invalidateQueries({ queryKey: notificationQueryKeys.all });
    },
  });
}
