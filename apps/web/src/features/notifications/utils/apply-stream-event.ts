import type { AppNotification } from '@hit21/core';
import type { QueryClient } from '@tanstack/react-query';
import { notificationQueryKeys } from '../api/notification-query-keys.ts';
import { type NotificationPages, removeNotification, upsertNotification } from './notification-cache.ts';

/**
 * A notification pushed by the stream: into its tab's cached list (by id, so never twice), out
 * of the other tab, and the counts and a join request's league views asked for again.
 */
export function applyStreamNotification(queryClient: QueryClient, item: AppNotification): void {
  const ownTab = notificationQueryKeys.list(item.read ? 'read' : 'unread');
  const otherTab = notificationQueryKeys.list(item.read ? 'unread' : 'read');
  queryClient.setQueryData<NotificationPages>(ownTab, (data) => upsertNotification(data, item));
  queryClient.setQueryData<NotificationPages>(otherTab, (data) => removeNotification(data, item.id));
  void queryClient.invalidateQueries({ queryKey: notificationQueryKeys.summary() });
  if (item.type === 'join_request' && item.leagueId) {
    // The leagues feature's keys (['leagues', id, …] and ['leagues', 'mine']): its lists and badges.
    void queryClient.invalidateQueries({ queryKey: ['leagues', item.leagueId] });
    void queryClient.invalidateQueries({ queryKey: ['leagues', 'mine'] });
  }
  if (item.type === 'goal') {
    // The open dashboard tells the same story as the alert: the squad's goals and where the clock stands.
    void queryClient.invalidateQueries({ queryKey: ['squad'] });
    void queryClient.invalidateQueries({ queryKey: ['season'] });
  }
}

/** After a (re)connection or a `sync`: everything comes from the store again. */
export function reloadNotifications(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: notificationQueryKeys.all });
}
