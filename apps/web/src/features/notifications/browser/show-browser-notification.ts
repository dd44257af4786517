import { type AppNotification, NOTIFICATION_LIMITS } from '@hit21/core';
import { readBrowserPermission } from './browser-permission.ts';
import { navigateFromNotification, notificationTarget } from './notification-navigation.ts';
import { readNotificationPreferences } from './notification-preferences.ts';
import { playNotificationSound } from './notification-sound.ts';
import { createShownNotificationIds } from './shown-notification-ids.ts';

/** The site's own icon (apps/web/public). */
export const NOTIFICATION_ICON = '/favicon.svg';

const shownIds = createShownNotificationIds();

/**
 * A new notification from the live stream, shown by the browser when the player switched
 * browser notifications on and the browser allows them: it closes itself after 5 seconds,
 * a click brings Hit21 forward on the notification's page, and it beeps when sound is on.
 * Each id shows at most once in the page's life.
 */
export function showBrowserNotification(item: AppNotification): void {
  if (!shownIds.claim(item.id) || item.read) return;
  if (readBrowserPermission() !== 'granted') return;
  const preferences = readNotificationPreferences();
  if (!preferences.isBrowserEnabled) return;

  let notification: Notification;
  try {
    // The tag makes a repeat from another tab replace this one rather than stack up.
    notification = new window.Notification(item.title, {
      body: item.message,
      icon: NOTIFICATION_ICON,
      tag: item.id,
    });
  } catch {
    // Some mobile browsers show notifications only through a service worker: the bell has it.
    return;
  }
  const closeTimer = window.setTimeout(() => notification.close(), NOTIFICATION_LIMITS.browserNotificationMs);
  notification.addEventListener('close', () => window.clearTimeout(closeTimer));
  notification.addEventListener('click', (event) => {
    event.preventDefault();
    window.focus();
    navigateFromNotification(notificationTarget(item));
    notification.close();
  });
  if (preferences.isSoundEnabled) void playNotificationSound();
}
