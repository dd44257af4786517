import { randomUUID } from 'node:crypto';
import { joinRequestMessage, joinRequestTitle, LEAGUE_MESSAGES, NOTIFICATION_MESSAGES } from '@hit21/core';
import type { BrowserContext, Page } from 'playwright-core';
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
import { checkScreen, openAdminTab, pathnameIs, waitForToast } from './support/leagues.ts';
import {
  bell,
  closeBell,
  emptyStateText,
  itemsWith,
  leaguesLink,
  manageLink,
  membersTab,
  openBell,
  openBellTab,
  originHeaders,
  readBadge,
  storedNotifications,
  waitForBadges,
} from './support/notifications.ts';

const browser = setUpBrowser();

/*
 * Join-request notifications reaching the admin live: the admin keeps two pages open (the
 * leagues list and the dashboard) while players ask to join in browsers of their own. The
 * dashboard is never reloaded; the other page moves only where the admin goes to act. The steps
 * share the league, so they run in order.
 */
const TAG = randomUUID().slice(0, 6);
const LEAGUE_NAME = `Live Bell ${TAG}`;
const ADMIN_NAME = `Nia Notify ${TAG}`;
const BEA = `Bea Asker ${TAG}`;
const CAL = `Cal Blip ${TAG}`;
/** The promise: a request reaches the admin's open pages within 2 seconds. */
const LIVE_MS = 2_000;

interface Person {
  context: BrowserContext;
  page: Page;
}

let admin: Person & { dashboard: Page };
let bea: Person;
let cal: Person;
const league = { id: '', code: '' };

async function person(label: string, fullName: string, viewport = DESKTOP): Promise<Person> {
  const context = await browser().newContext({ viewport, baseURL: baseUrl(), reducedMotion: 'reduce' });
  await signUpThroughApi(context, newAccount(label));
  await completeOnboardingThroughApi(context, { fullName });
  await pickSquadThroughApi(context);
  return { context, page: await context.newPage() };
}

/** Asks to join from the invite link, as a signed-in player does; answers when the server said yes. */
async function askToJoinFromLink(who: Person): Promise<number> {
  const { page } = who;
  await page.goto(`/join/${league.code}`);
  await page.getByText(LEAGUE_NAME).first().waitFor();
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/api/leagues/join') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Join League' }).click();
  expect((await answered).status()).toBe(200);
  const at = Date.now();
  await waitForToast(page, LEAGUE_MESSAGES.applied);
  return at;
}

/** The admin's badges on both open pages. */
function adminBadges() {
  return {
    'bell on /leagues': bell(admin.page),
    'Leagues link': leaguesLink(admin.page),
    'Manage on the card': manageLink(admin.page, LEAGUE_NAME),
    'bell on /dashboard': bell(admin.dashboard),
  };
}

const done = new Set<number>();
function needs(step: number): void {
  if (!done.has(step)) throw new Error(`Step ${step} did not get to its end`);
}

beforeAll(async () => {
  await resetServerClock();
  const adminPerson = await person('notify-admin', ADMIN_NAME);
  admin = { ...adminPerson, dashboard: await adminPerson.context.newPage() };
  bea = await person('notify-bea', BEA, MOBILE);
  cal = await person('notify-cal', CAL);
});

afterAll(async () => {
  await Promise.all([admin?.context.close(), bea?.context.close(), cal?.context.close()]);
});

describe('join requests reach the admin live', () => {
  it('1. the admin creates an invite-only league and keeps /leagues and the dashboard open', async () => {
    const { page } = admin;
    await page.goto('/leagues');
    await page.getByRole('button', { name: 'Create League' }).first().click();
    const form = page.getByRole('dialog');
    await form.getByLabel('League Name').fill(LEAGUE_NAME);
    expect(await form.getByRole('radio', { name: /^Invite Only/ }).isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Create League' }).click();
    await page.waitForURL(pathnameIs('/leagues/created'), { timeout: 5_000 });
    league.code = (await page.getByTestId('league-code').textContent()) ?? '';
    const href = await page.getByRole('link', { name: 'Manage League' }).getAttribute('href');
    league.id = /\/leagues\/([^/]+)\/admin/.exec(href ?? '')?.[1] ?? '';
    expect(league.code).toMatch(/^[A-Z0-9]{8}$/);

    await page.goto('/leagues');
    await manageLink(page, LEAGUE_NAME).waitFor();
    await admin.dashboard.goto('/dashboard');
    await bell(admin.dashboard).waitFor();
    // Nothing yet: no badge anywhere.
    for (const [name, control] of Object.entries(adminBadges())) {
      expect(await readBadge(control), name).toBe('');
    }
    const panel = await openBell(page);
    // No notification at all yet: the first empty state.
    expect(await emptyStateText(panel)).toContain(NOTIFICATION_MESSAGES.emptyAll.hint);
    await closeBell(page);
    done.add(1);
  });

  it('2. a request from the invite link shows on every badge and in the dropdown within 2 s', async () => {
    needs(1);
    const since = await askToJoinFromLink(bea);
    const took = await waitForBadges(adminBadges(), '1', { since });
    for (const [name, ms] of Object.entries(took)) {
      expect(ms, `${name} took ${ms} ms`).toBeLessThan(LIVE_MS);
    }
    console.info(`join request reached the admin's badges in ${JSON.stringify(took)} ms`);

    const panel = await openBell(admin.page);
    const item = itemsWith(panel, joinRequestMessage(BEA, LEAGUE_NAME));
    await item.waitFor();
    expect(await item.count()).toBe(1);
    expect(await item.innerText()).toContain(joinRequestTitle());
    expect(await item.innerText()).toContain('Just now');
    // The view-league icon leads to the league's admin page.
    expect(await item.locator(`a[href="/leagues/${league.id}/admin"]`).count()).toBe(1);
    expect(await panel.getByRole('tab', { name: /^Unread/ }).innerText()).toContain('1');
    await screenshot(admin.page, 'notifications-dropdown-desktop');
    await checkScreen(admin.page, 'notifications-dropdown');
    await closeBell(admin.page);
    done.add(2);
  });

  it('3. approving on the members page takes the notification off both open pages', async () => {
    needs(2);
    const { page } = admin;
    await page.goto(`/leagues/${league.id}/admin`);
    await openAdminTab(page, 'Members');
    expect(await readBadge(membersTab(page))).toBe('1');
    await page.getByRole('button', { name: `Approve ${BEA}` }).click();
    await waitForToast(page, 'Request Approved');
    // The dashboard page was not touched: the other tab learns of it from the stream.
    await waitForBadges(
      { 'bell on admin page': bell(page), 'bell on /dashboard': bell(admin.dashboard) },
      '',
      {
        timeoutMs: LIVE_MS + 1_000,
      },
    );
    const panel = await openBell(admin.dashboard);
    await expect.poll(() => itemsWith(panel, joinRequestMessage(BEA, LEAGUE_NAME)).count()).toBe(0);
    // The request's notification is gone, not read: the player has none at all again.
    expect(await emptyStateText(panel)).toContain(NOTIFICATION_MESSAGES.emptyAll.title);
    await closeBell(admin.dashboard);
    await dismissToasts(page);
    done.add(3);
  });

  it('4. a request made while the stream is cut appears once after it reconnects', async () => {
    needs(3);
    const { page, context } = admin;
    await page.goto('/leagues');
    await manageLink(page, LEAGUE_NAME).waitFor();
    await context.setOffline(true);
    try {
      await cal.context.request.post('/api/leagues/join', {
        data: { code: league.code },
        headers: originHeaders(),
      });
      // Cut off, the pages cannot hear of it.
      await new Promise((resolve) => setTimeout(resolve, LIVE_MS));
      expect(await readBadge(bell(page)), 'the bell heard of a request while offline').toBe('');
    } finally {
      await context.setOffline(false);
    }
    const since = Date.now();
    const took = await waitForBadges(adminBadges(), '1', { since, timeoutMs: 15_000 });
    console.info(`after reconnecting, the badges caught up in ${JSON.stringify(took)} ms`);
    for (const viewer of [page, admin.dashboard]) {
      const panel = await openBellTab(viewer, 'Unread');
      await itemsWith(panel, joinRequestMessage(CAL, LEAGUE_NAME)).waitFor();
      expect(await itemsWith(panel, joinRequestMessage(CAL, LEAGUE_NAME)).count()).toBe(1);
      expect(await itemsWith(panel, /wants to join/).count()).toBe(1);
      await closeBell(viewer);
    }
    // Both pages listen again: marking it read and unread on another device reaches them live.
    const calItem = (await storedNotifications(context)).find(
      (item) => item.message === joinRequestMessage(CAL, LEAGUE_NAME),
    );
    if (!calItem) throw new Error("Cal's request is not in the admin's store");
    for (const [read, badge] of [
      [true, ''],
      [false, '1'],
    ] as const) {
      const marked = await context.request.patch(`/api/notifications/${calItem.id}`, {
        data: { read },
        headers: originHeaders(),
      });
      expect(marked.status(), await marked.text()).toBe(200);
      await waitForBadges(adminBadges(), badge, { timeoutMs: LIVE_MS });
    }
    done.add(4);
  });

  it('5. the requester withdraws: the notification goes from the admin’s pages', async () => {
    needs(4);
    const withdrawn = await cal.context.request.delete(`/api/leagues/${league.id}/membership`, {
      headers: originHeaders(),
    });
    expect(withdrawn.status(), await withdrawn.text()).toBe(204);
    const since = Date.now();
    const took = await waitForBadges(adminBadges(), '', { since, timeoutMs: LIVE_MS + 1_000 });
    console.info(`the withdrawal cleared the badges in ${JSON.stringify(took)} ms`);
    const panel = await openBell(admin.dashboard);
    await expect.poll(() => itemsWith(panel, /wants to join/).count()).toBe(0);
    expect(await emptyStateText(panel)).toContain(NOTIFICATION_MESSAGES.emptyAll.title);
    await screenshot(admin.dashboard, 'notifications-dropdown-empty-desktop');
    await closeBell(admin.dashboard);
  });
});
