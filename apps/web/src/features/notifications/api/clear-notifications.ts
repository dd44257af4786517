import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notificationQueryKeys } from './notification-query-keys.ts';

/** "Clear all unread": the specification's clear empties every notification of the player. */
export function clearNotifications(): Promise<void> {
  return api.delete('/api/notifications');
}

export function useClearNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearNotifications,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationQueryKeys.all }),
  });
}
