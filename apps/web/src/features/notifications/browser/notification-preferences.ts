import { useSyncExternalStore } from 'react';

/*
 * The player's notification choices on this device, kept in localStorage: whether Hit21 may
 * show browser notifications (the browser's own permission is asked for separately) and
 * whether they beep. One small store, so the settings dialog and the live stream always agree.
 */

/** The specification's key for the sound choice ("true" or "false"; on when never set). */
export const NOTIFICATION_SOUND_KEY = 'notificationSoundEnabled';
/** Browser notifications are off until the player switches them on. */
export const BROWSER_NOTIFICATIONS_KEY = 'browserNotificationsEnabled';

export interface NotificationPreferences {
  isBrowserEnabled: boolean;
  isSoundEnabled: boolean;
}

const DEFAULTS: NotificationPreferences = { isBrowserEnabled: false, isSoundEnabled: true };

const listeners = new Set<() => void>();
// Where choices go when localStorage refuses them (private browsing, storage full): they
// still hold for this page.
const unstored = new Map<string, string>();
let snapshot: NotificationPreferences = DEFAULTS;

function readRaw(key: string): string | null {
  try {
    return unstored.get(key) ?? window.localStorage.getItem(key);
  } catch {
    return unstored.get(key) ?? null;
  }
}

/** "true" and "false" as stored; anything else is the default. */
export function parseFlag(raw: string | null, fallback: boolean): boolean {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return fallback;
}

/** The current choices; the same object while nothing changed (useSyncExternalStore needs that). */
export function readNotificationPreferences(): NotificationPreferences {
  const next: NotificationPreferences = {
    isBrowserEnabled: parseFlag(readRaw(BROWSER_NOTIFICATIONS_KEY), DEFAULTS.isBrowserEnabled),
    isSoundEnabled: parseFlag(readRaw(NOTIFICATION_SOUND_KEY), DEFAULTS.isSoundEnabled),
  };
  if (
    next.isBrowserEnabled !== snapshot.isBrowserEnabled ||
    next.isSoundEnabled !== snapshot.isSoundEnabled
  ) {
    snapshot = next;
  }
  return snapshot;
}

function writeFlag(key: string, value: boolean): void {
  const raw = String(value);
  try {
    window.localStorage.setItem(key, raw);
    unstored.delete(key);
  } catch {
    unstored.set(key, raw);
  }
  for (const listener of listeners) listener();
}

export function setBrowserNotificationsEnabled(isEnabled: boolean): void {
  writeFlag(BROWSER_NOTIFICATIONS_KEY, isEnabled);
}

export function setNotificationSoundEnabled(isEnabled: boolean): void {
  writeFlag(NOTIFICATION_SOUND_KEY, isEnabled);
}

/** Changes made here, and in other tabs of the same site (the storage event). */
export function subscribeToNotificationPreferences(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useNotificationPreferences(): NotificationPreferences {
  return useSyncExternalStore(subscribeToNotificationPreferences, readNotificationPreferences);
}
