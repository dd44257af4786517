import type { AppNotification } from '@hit21/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotificationNavigate } from './notification-navigation.ts';
import { BROWSER_NOTIFICATIONS_KEY, NOTIFICATION_SOUND_KEY } from './notification-preferences.ts';
import { NOTIFICATION_ICON, showBrowserNotification } from './show-browser-notification.ts';

/** The browser's Notification, recording what the page asks of it. */
class FakeNotification extends EventTarget {
  static permission: NotificationPermission = 'granted';
  static shown: FakeNotification[] = [];
  isClosed = false;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    super();
    FakeNotification.shown.push(this);
  }
  close() {
    if (this.isClosed) return;
    this.isClosed = true;
    this.dispatchEvent(new Event('close'));
  }
}

let nextId = 100;
function joinRequest(overrides: Partial<AppNotification> = {}): AppNotification {
  nextId += 1;
  return {
    id: String(nextId),
    type: 'join_request',
    title: 'New join request',
    message: 'Bea Striker wants to join Friday Five',
    actorName: 'Bea Striker',
    leagueId: '0b7a4a52-7d1e-4d4e-9a57-3c1c8e3a3b10',
    leagueName: 'Friday Five',
    goalKind: null,
    createdAt: '2026-01-10T12:00:00.000Z',
    read: false,
    ...overrides,
  };
}

const stored = new Map<string, string>();
const focus = vi.fn();
const assign = vi.fn();
const createOscillator = vi.fn();

beforeEach(() => {
  vi.useFakeTimers();
  FakeNotification.permission = 'granted';
  FakeNotification.shown = [];
  stored.clear();
  stored.set(BROWSER_NOTIFICATIONS_KEY, 'true');
  focus.mockClear();
  assign.mockClear();
  createOscillator.mockClear();
  vi.stubGlobal('window', {
    Notification: FakeNotification,
    localStorage: { getItem: (key: string) => stored.get(key) ?? null },
    setTimeout,
    clearTimeout,
    focus,
    location: { assign },
    // An audio context that is not allowed to start: the sound must stay silent, not throw.
    AudioContext: class {
      state = 'suspended';
      resume = () => Promise.reject(new Error('not allowed'));
      createOscillator = createOscillator;
    },
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a browser notification for a new notification', () => {
  it('shows the title and message with the site icon, tagged by id, and closes after 5 seconds', () => {
    const item = joinRequest();
    showBrowserNotification(item);
    expect(FakeNotification.shown).toHaveLength(1);
    const [shown] = FakeNotification.shown;
    expect(shown?.title).toBe('New join request');
    expect(shown?.options).toEqual({ body: item.message, icon: NOTIFICATION_ICON, tag: item.id });
    vi.advanceTimersByTime(4999);
    expect(shown?.isClosed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(shown?.isClosed).toBe(true);
  });

  it('never shows the same id twice', () => {
    const item = joinRequest();
    showBrowserNotification(item);
    showBrowserNotification({ ...item });
    expect(FakeNotification.shown).toHaveLength(1);
  });

  it('shows nothing unless the player switched them on and the browser allows them', () => {
    stored.set(BROWSER_NOTIFICATIONS_KEY, 'false');
    showBrowserNotification(joinRequest());
    stored.set(BROWSER_NOTIFICATIONS_KEY, 'true');
    FakeNotification.permission = 'denied';
    showBrowserNotification(joinRequest());
    FakeNotification.permission = 'default';
    showBrowserNotification(joinRequest());
    FakeNotification.permission = 'granted';
    showBrowserNotification(joinRequest({ read: true }));
    expect(FakeNotification.shown).toHaveLength(0);
  });

  it('brings the window forward on the league admin page, or the dashboard for a goal alert', () => {
    const navigate = vi.fn();
    const unregister = registerNotificationNavigate(navigate);
    const request = joinRequest();
    showBrowserNotification(request);
    showBrowserNotification(
      joinRequest({ type: 'goal', leagueId: null, leagueName: null, goalKind: 'scored' }),
    );
    const [requestShown, goalShown] = FakeNotification.shown;
    requestShown?.dispatchEvent(new Event('click', { cancelable: true }));
    goalShown?.dispatchEvent(new Event('click', { cancelable: true }));
    expect(focus).toHaveBeenCalledTimes(2);
    expect(navigate.mock.calls).toEqual([[`/leagues/${request.leagueId}/admin`], ['/dashboard']]);
    expect(requestShown?.isClosed).toBe(true);
    unregister();
    // Without the router (not mounted yet), a full page load.
    showBrowserNotification(joinRequest({ type: 'goal', leagueId: null }));
    FakeNotification.shown[2]?.dispatchEvent(new Event('click'));
    expect(assign).toHaveBeenCalledWith('/dashboard');
  });

  it('stays silent without throwing when audio is not allowed, and when the sound is off', async () => {
    showBrowserNotification(joinRequest());
    await vi.advanceTimersByTimeAsync(500);
    stored.set(NOTIFICATION_SOUND_KEY, 'false');
    showBrowserNotification(joinRequest());
    await vi.advanceTimersByTimeAsync(500);
    expect(FakeNotification.shown).toHaveLength(2);
    expect(createOscillator).not.toHaveBeenCalled();
  });

  it('gives up quietly where notifications need a service worker', () => {
    vi.stubGlobal('window', {
      ...globalThis.window,
      Notification: class {
        static permission = 'granted';
        constructor() {
          throw new TypeError('Illegal constructor');
        }
      },
    });
    expect(() => showBrowserNotification(joinRequest())).not.toThrow();
  });
});
