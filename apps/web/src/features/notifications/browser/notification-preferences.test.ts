import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BROWSER_NOTIFICATIONS_KEY,
  NOTIFICATION_SOUND_KEY,
  parseFlag,
  readNotificationPreferences,
  setBrowserNotificationsEnabled,
  setNotificationSoundEnabled,
  subscribeToNotificationPreferences,
} from './notification-preferences.ts';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
}

let storage: Storage;
const storageListeners = new Set<() => void>();
beforeEach(() => {
  storage = memoryStorage();
  storageListeners.clear();
  vi.stubGlobal('window', {
    localStorage: storage,
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'storage') storageListeners.add(listener);
    },
    removeEventListener: (type: string, listener: () => void) => {
      if (type === 'storage') storageListeners.delete(listener);
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('notification preferences on this device', () => {
  it('start with browser notifications off and the sound on', () => {
    expect(readNotificationPreferences()).toEqual({ isBrowserEnabled: false, isSoundEnabled: true });
  });

  it('store the sound under notificationSoundEnabled as "true" or "false"', () => {
    setNotificationSoundEnabled(false);
    expect(storage.getItem(NOTIFICATION_SOUND_KEY)).toBe('false');
    expect(readNotificationPreferences().isSoundEnabled).toBe(false);
    setNotificationSoundEnabled(true);
    expect(storage.getItem(NOTIFICATION_SOUND_KEY)).toBe('true');
    setBrowserNotificationsEnabled(true);
    expect(storage.getItem(BROWSER_NOTIFICATIONS_KEY)).toBe('true');
    expect(readNotificationPreferences()).toEqual({ isBrowserEnabled: true, isSoundEnabled: true });
  });

  it('read what another tab stored, and treat anything else as the default', () => {
    storage.setItem(NOTIFICATION_SOUND_KEY, 'false');
    storage.setItem(BROWSER_NOTIFICATIONS_KEY, 'yes please');
    expect(readNotificationPreferences()).toEqual({ isBrowserEnabled: false, isSoundEnabled: false });
    expect(parseFlag(null, true)).toBe(true);
    expect(parseFlag('TRUE', false)).toBe(false);
  });

  it('answer the same object until something changes, as useSyncExternalStore needs', () => {
    const first = readNotificationPreferences();
    expect(readNotificationPreferences()).toBe(first);
    setNotificationSoundEnabled(!first.isSoundEnabled);
    const second = readNotificationPreferences();
    expect(second).not.toBe(first);
    expect(readNotificationPreferences()).toBe(second);
  });

  it('tell subscribers of a change here and in other tabs, until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToNotificationPreferences(listener);
    setNotificationSoundEnabled(false);
    expect(listener).toHaveBeenCalledTimes(1);
    for (const storageListener of storageListeners) storageListener();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    setNotificationSoundEnabled(true);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(storageListeners.size).toBe(0);
  });

  it('still hold for the page when localStorage refuses them', () => {
    const refusing = {
      ...memoryStorage(),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    vi.stubGlobal('window', { localStorage: refusing, addEventListener() {}, removeEventListener() {} });
    setBrowserNotificationsEnabled(true);
    expect(readNotificationPreferences().isBrowserEnabled).toBe(true);
    setBrowserNotificationsEnabled(false);
    expect(readNotificationPreferences().isBrowserEnabled).toBe(false);
  });
});
