import {
  badgeText,
  NOTIFICATION_LIMITS,
  NOTIFICATION_MESSAGES,
  type NotificationSummary,
  type NotificationTab,
} from '@hit21/core';

/** The empty state of a tab: "No notifications" while the player has none at all. */
export function emptyStateFor(
  tab: NotificationTab,
  summary: Pick<NotificationSummary, 'unreadCount' | 'readCount'> | undefined,
): { title: string; hint?: string } {
  if (!summary || summary.unreadCount + summary.readCount === 0) return NOTIFICATION_MESSAGES.emptyAll;
  return tab === 'unread' ? NOTIFICATION_MESSAGES.emptyUnread : NOTIFICATION_MESSAGES.emptyRead;
}

/** The bell's accessible name, with the unread count a sighted player reads on its badge. */
export function bellLabel(unreadCount: number): string {
  if (unreadCount === 0) return 'Notifications';
  return `Notifications, ${badgeText(unreadCount, NOTIFICATION_LIMITS.headerBadgeCap)} unread`;
}

/** The avatar's letter: the first of the actor's name, or "?" when there is none. */
export function avatarInitial(actorName: string): string {
  const first = Array.from(actorName.trim())[0];
  return first ? first.toLocaleUpperCase('en-GB') : '?';
}

/** The full date and time behind a relative time, e.g. "Tuesday 5 August 2025 at 14:03". */
export function fullDateTime(at: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(at);
}
