import { randomUUID } from 'node:crypto';
import { joinRequestMessage, joinRequestTitle, NOTIFICATION_MESSAGES } from '@hit21/core';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeOnboardingThroughApi,
  dismissToasts,
  newAccount,
  pickSquadThroughApi,
  signUpThroughApi,
} from './support/accounts.ts';
import { baseUrl, DESKTOP, MOBILE, screenshot, setUpBrowser } from './support/browser.ts';
import { resetServerClock } from './support/clock.ts';
import { checkScreen, waitForToast } from './support/leagues.ts';
import { openBell, originHeaders } from './support/notifications.ts';

const browser = setUpBrowser();

/*
 * The notification settings dialog as a league admin uses it: opened from the bell's gear,
 * browser notifications switched on (permission granted), the sound switched and tested, and
 * a join request arriving live as a browser notification that closes itself after 5 seconds.
 * Then the same dialog where the browser blocks notifications, and where asking fails.
 */
const TAG = randomUUID().slice(0, 6);
const LEAGUE_NAME = `Bell Ringers ${TAG}`;
const REQUESTER = `Rita Requester ${TAG}`;
const TEAM = ['Saka', 'Rice', 'Palmer', 'Watkins'];

interface ShownNotification {
  title: string;
  body?: string;
  tag?: string;
  icon?: string;
  shownAt: number;
  closedAt: number | null;
}

declare global {
  interface Window {
    shownNotifications?: ShownNotification[];
    /** The notifications themselves, to click as a person would. */
    notificationObjects?: Notification[];
    oscillatorsStarted?: number;
  }
}

/**
 * Records what the page asks of the browser: each Notification it constructs (and when it is
 * closed) and each tone the Web Audio API is asked for. The real browser still does the work.
 */
function recordNotificationsAndSound(): void {
  const shown: ShownNotification[] = [];
  window.shownNotifications = shown;
  window.notificationObjects = [];
  window.oscillatorsStarted = 0;
  const RealNotification = window.Notification;
  class RecordingNotification extends RealNotification {
    private readonly record: ShownNotification;
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      this.record = {
        title,
        body: options?.body,
        tag: options?.tag,
        icon: options?.icon,
        shownAt: performance.now(),
        closedAt: null,
      };
      shown.push(this.record);
      window.notificationObjects?.push(this);
    }
    override close() {
      this.record.closedAt ??= performance.now();
      super.close();
    }
  }
  window.Notification = RecordingNotification;
  const createOscillator = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function countedOscillator(this: AudioContext) {
    window.oscillatorsStarted = (window.oscillatorsStarted ?? 0) + 1;
    return createOscillator.call(this);
  };
}

async function signedInAdmin(viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser().newContext({ viewport, baseURL: baseUrl(), reducedMotion: 'reduce' });
  await context.addInitScript(recordNotificationsAndSound);
  await signUpThroughApi(context, newAccount('notification-settings'));
  await completeOnboardingThroughApi(context, { fullName: `Nia Settings ${TAG}` });
  await pickSquadThroughApi(context, TEAM);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page };
}

const pageErrors: string[] = [];

/** The dialog, opened the way a person does: the bell, then its gear. */
async function openSettings(page: Page): Promise<Locator> {
  const panel = await openBell(page);
  await panel.getByRole('button', { name: 'Notification settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Notification Settings' });
  await dialog.waitFor();
  return dialog;
}

function browserSwitch(dialog: Locator): Locator {
  return dialog.getByRole('switch', { name: 'Browser notifications' });
}

function soundSwitch(dialog: Locator): Locator {
  return dialog.getByRole('switch', { name: 'Notification sound' });
}

async function expectChecked(control: Locator, isChecked: boolean): Promise<void> {
  await expect.poll(() => control.getAttribute('aria-checked')).toBe(String(isChecked));
}

function stored(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => window.localStorage.getItem(name), key);
}

let admin: { context: BrowserContext; page: Page };
let requester: BrowserContext;
const league = { id: '', code: '' };

beforeAll(async () => {
  await resetServerClock();
  admin = await signedInAdmin();
  await admin.context.grantPermissions(['notifications'], { origin: new URL(baseUrl()).origin });
  const created = await admin.context.request.post('/api/leagues', {
    data: { name: LEAGUE_NAME, joinMode: 'invite_only', maxMembers: 50 },
    headers: originHeaders(),
  });
  expect(created.status(), await created.text()).toBe(201);
  Object.assign(league, (await created.json()) as { id: string; code: string });

  requester = await signedInRequester(REQUESTER);
});

afterAll(async () => {
  await Promise.all([admin?.context.close(), requester?.close()]);
});

async function signedInRequester(fullName: string): Promise<BrowserContext> {
  const context = await browser().newContext({ baseURL: baseUrl() });
  await signUpThroughApi(context, newAccount('notification-requester'));
  await completeOnboardingThroughApi(context, { fullName });
  await pickSquadThroughApi(context, TEAM);
  return context;
}

async function askToJoin(context: BrowserContext): Promise<void> {
  const joined = await context.request.post('/api/leagues/join', {
    data: { code: league.code },
    headers: originHeaders(),
  });
  expect(joined.status(), await joined.text()).toBe(200);
}

describe('notification settings with notifications allowed', () => {
  it('opens from the bell with notifications Disabled and the steps for this browser open', async () => {
    const { page } = admin;
    await page.goto('/dashboard');
    const dialog = await openSettings(page);
    await expectChecked(browserSwitch(dialog), false);
    await dialog.getByText('Disabled', { exact: true }).waitFor();
    await expectChecked(soundSwitch(dialog), true);
    // Headless Chromium is Chrome: its steps are open, the others closed.
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Chrome' }).getAttribute('aria-expanded'))
      .toBe('true');
    expect(await dialog.getByRole('button', { name: 'Firefox' }).getAttribute('aria-expanded')).toBe('false');
    await dialog.getByRole('button', { name: 'Safari' }).click();
    await dialog.getByText('Find this site in the list and choose Allow.').waitFor();
    expect(await dialog.getByTestId('notification-permission-warning').count()).toBe(0);
    await screenshot(page, 'notification-settings-desktop');
    await checkScreen(page, 'notification-settings');
  });

  it('switches browser notifications on, and off with the browser settings reminder', async () => {
    const { page } = admin;
    const dialog = page.getByRole('dialog', { name: 'Notification Settings' });
    await browserSwitch(dialog).click();
    await expectChecked(browserSwitch(dialog), true);
    await dialog.getByText('Enabled', { exact: true }).waitFor();
    expect(await stored(page, 'browserNotificationsEnabled')).toBe('true');

    await browserSwitch(dialog).click();
    const text = await waitForToast(page, NOTIFICATION_MESSAGES.browserSettingsRequired.title);
    expect(text).toContain(NOTIFICATION_MESSAGES.browserSettingsRequired.disable);
    await expectChecked(browserSwitch(dialog), false);
    await dismissToasts(page);
    await browserSwitch(dialog).click();
    await expectChecked(browserSwitch(dialog), true);
  });

  it('keeps the sound choice in notificationSoundEnabled across a reload, and tests the sound', async () => {
    const { page } = admin;
    let dialog = page.getByRole('dialog', { name: 'Notification Settings' });
    await soundSwitch(dialog).click();
    await expectChecked(soundSwitch(dialog), false);
    expect(await stored(page, 'notificationSoundEnabled')).toBe('false');

    await page.reload();
    dialog = await openSettings(page);
    await expectChecked(soundSwitch(dialog), false);
    await expectChecked(browserSwitch(dialog), true);
    await soundSwitch(dialog).click();
    await expectChecked(soundSwitch(dialog), true);
    expect(await stored(page, 'notificationSoundEnabled')).toBe('true');

    await dialog.getByRole('button', { name: 'Test sound' }).click();
    // Three tones, and nothing thrown.
    await expect.poll(() => page.evaluate(() => window.oscillatorsStarted)).toBe(3);
    expect(pageErrors).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('shows a join request arriving live as a browser notification that closes after 5 seconds', async () => {
    const { page } = admin;
    await askToJoin(requester);

    await expect
      .poll(() => page.evaluate(() => window.shownNotifications?.length), { timeout: 10_000 })
      .toBe(1);
    const [shown] = (await page.evaluate(() => window.shownNotifications)) ?? [];
    expect(shown).toMatchObject({
      title: joinRequestTitle(),
      body: joinRequestMessage(REQUESTER, LEAGUE_NAME),
      icon: '/favicon.svg',
    });
    // The beep went with it (audio was allowed by the earlier click on Test sound).
    await expect.poll(() => page.evaluate(() => window.oscillatorsStarted)).toBe(6);
    await expect
      .poll(() => page.evaluate(() => window.shownNotifications?.[0]?.closedAt ?? null), { timeout: 10_000 })
      .not.toBeNull();
    const [closed] = (await page.evaluate(() => window.shownNotifications)) ?? [];
    const openFor = (closed?.closedAt ?? 0) - (closed?.shownAt ?? 0);
    expect(openFor).toBeGreaterThanOrEqual(4900);
    expect(openFor).toBeLessThan(6500);
    expect(pageErrors).toEqual([]);
  });

  it('takes the admin to the league admin page when a browser notification is clicked', async () => {
    const { page } = admin;
    const second = await signedInRequester(`Sol Second ${TAG}`);
    try {
      await askToJoin(second);
      await expect
        .poll(() => page.evaluate(() => window.shownNotifications?.length), { timeout: 10_000 })
        .toBe(2);
      await page.evaluate(() => window.notificationObjects?.[1]?.dispatchEvent(new Event('click')));
      await page.waitForURL((url) => url.pathname === `/leagues/${league.id}/admin`);
      expect(await page.evaluate(() => window.shownNotifications?.[1]?.closedAt)).not.toBeNull();
      // A client-side navigation: the page (and its record of notifications) is the same one.
      expect(await page.evaluate(() => window.shownNotifications?.length)).toBe(2);
    } finally {
      await second.close();
    }
  });
});

describe('notification settings where the browser says no', () => {
  it('warns when the browser blocks notifications, and says why the switch stays off', async () => {
    const { context, page } = await signedInAdmin(MOBILE);
    try {
      await page.goto('/dashboard');
      // The browser's own setting, as a player who once chose Block.
      const { targetInfo } = await (await context.newCDPSession(page)).send('Target.getTargetInfo');
      await (await browser().newBrowserCDPSession()).send('Browser.setPermission', {
        permission: { name: 'notifications' },
        setting: 'denied',
        origin: new URL(baseUrl()).origin,
        browserContextId: targetInfo.browserContextId,
      });
      const dialog = await openSettings(page);
      const warning = dialog.getByTestId('notification-permission-warning');
      await warning.waitFor();
      expect(await warning.innerText()).toContain(NOTIFICATION_MESSAGES.browserSettingsRequired.denied);
      await screenshot(page, 'notification-settings-blocked-mobile');
      await checkScreen(page, 'notification-settings-blocked');

      await browserSwitch(dialog).click();
      const text = await waitForToast(page, NOTIFICATION_MESSAGES.browserSettingsRequired.title);
      expect(text).toContain(NOTIFICATION_MESSAGES.browserSettingsRequired.denied);
      await expectChecked(browserSwitch(dialog), false);
      await dialog.getByText('Disabled', { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('says Permission Error when asking the browser fails', async () => {
    const { context, page } = await signedInAdmin(MOBILE);
    try {
      await context.addInitScript(() => {
        window.Notification.requestPermission = () => Promise.reject(new Error('The request was blocked'));
      });
      await page.goto('/dashboard');
      const dialog = await openSettings(page);
      await browserSwitch(dialog).click();
      const text = await waitForToast(page, NOTIFICATION_MESSAGES.permissionError.title);
      expect(text).toContain(NOTIFICATION_MESSAGES.permissionError.description);
      await expectChecked(browserSwitch(dialog), false);
    } finally {
      await context.close();
    }
  });
});
