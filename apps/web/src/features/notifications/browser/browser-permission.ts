import { useSyncExternalStore } from 'react';

/** What the browser lets this site do; "unsupported" when it has no web notifications at all. */
export type BrowserPermission = NotificationPermission | 'unsupported';

export function isNotificationSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

export function readBrowserPermission(): BrowserPermission {
  return isNotificationSupported() ? window.Notification.permission : 'unsupported';
}

const listeners = new Set<() => void>();

function notifyListeners(): void {
  for (const listener of listeners) listener();
}

/**
 * Asks the browser (it shows its own prompt when the player has not decided yet). Older Safari
 * answers through a callback rather than a promise, so both are listened to. Throws when the
 * browser refuses to ask.
 */
export async function requestBrowserPermission(): Promise<BrowserPermission> {
  if (!isNotificationSupported()) return 'unsupported';
  const answer = await new Promise<NotificationPermission>((resolve, reject) => {
    try {
      const returned = window.Notification.requestPermission(resolve);
      if (returned) returned.then(resolve, reject);
    } catch (error) {
      reject(error);
    }
  });
  notifyListeners();
  return answer;
}

/**
 * The permission changes outside the page (the browser's site settings), so it is read again
 * when the browser says it changed, and whenever the player comes back to the tab.
 */
export function subscribeToBrowserPermission(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('focus', listener);
  document.addEventListener('visibilitychange', listener);
  let status: PermissionStatus | undefined;
  let isSubscribed = true;
  navigator.permissions
    ?.query({ name: 'notifications' })
    .then((result) => {
      if (!isSubscribed) return;
      status = result;
      status.addEventListener('change', listener);
    })
    .catch(() => undefined);
  return () => {
    isSubscribed = false;
    listeners.delete(listener);
    window.removeEventListener('focus', listener);
    document.removeEventListener('visibilitychange', listener);
    status?.removeEventListener('change', listener);
  };
}

export function useBrowserPermission(): BrowserPermission {
  return useSyncExternalStore(subscribeToBrowserPermission, readBrowserPermission);
}
