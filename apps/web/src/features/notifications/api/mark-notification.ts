import {
  type AppNotification,
  type MarkNotificationInput,
  type NotificationSummary,
  notificationSchema,
} from '@hit21/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import {
  type NotificationPages,
  removeNotification,
  summaryAfterMark,
  upsertNotification,
} from '../utils/notification-cache.ts';
import { notificationQueryKeys } from './notification-query-keys.ts';

export function markNotification(id: string, input: MarkNotificationInput): Promise<AppNotification> {
  return api.patch(`/api/notifications/${encodeURIComponent(id)}`, input, { schema: notificationSchema });
}

interface Snapshot {
  unread: NotificationPages | undefined;
  read: NotificationPages | undefined;
  summary: NotificationSummary | undefined;
}

/**
 * The read / unread circle: the item moves to the other tab at once (and the counts follow),
 * goes back if the server refuses, and every notification query reloads afterwards.
 */
export function useMarkNotification() {
  const queryClient = useQueryClient();
  const unreadKey = notificationQueryKeys.list('unread');
  const readKey = notificationQueryKeys.list('read');
  const summaryKey = notificationQueryKeys.summary();

  return useMutation({
    mutationFn: ({ item, read }: { item: AppNotification; read: boolean }) =>
      markNotification(item.id, { read }),
    onMutate: async ({ item, read }): Promise<Snapshot> => {
      await queryClient.cancelQueries({ queryKey: notificationQueryKeys.all });
      const snapshot: Snapshot = {
        unread: queryClient.getQueryData<NotificationPages>(unreadKey),
        read: queryClient.getQueryData<NotificationPages>(readKey),
        summary: queryClient.getQueryData<NotificationSummary>(summaryKey),
      };
      const moved = { ...item, read };
      queryClient.setQueryData<NotificationPages>(read ? unreadKey : readKey, (data) =>
        removeNotification(data, item.id),
      );
      queryClient.setQueryData<NotificationPages>(read ? readKey : unreadKey, (data) =>
        upsertNotification(data, moved),
      );
      queryClient.setQueryData<NotificationSummary>(summaryKey, (summary) =>
        summaryAfterMark(summary, item, read),
      );
      return snapshot;
    },
    onError: (_error, _variables, snapshot) => {
      if (!snapshot) return;
      queryClient.setQueryData(unreadKey, snapshot.unread);
      queryClient.setQueryData(readKey, snapshot.read);
      queryClient.setQueryData(summaryKey, snapshot.summary);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationQueryKeys.all }),
  });
}
