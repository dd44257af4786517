import type { NotificationTab } from '@hit21/core';
import { NOTIFICATION_SUMMARY_KEY } from '../../../lib/queries/get-notification-summary.ts';

/** Every notification query lives under ['notifications']: one invalidation reloads them all. */
export const notificationQueryKeys = {
  all: ['notifications'] as const,
  summary: () => NOTIFICATION_SUMMARY_KEY,
  list: (tab: NotificationTab) => ['notifications', 'list', tab] as const,
};
