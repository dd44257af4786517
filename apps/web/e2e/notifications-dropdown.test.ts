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
import { checkScreen, openAdminTab, pathnameIs, waitForToast } from './support/leagues.ts';
import {
  bell,
  closeBell,
  dropdown,
  emptyStateText,
  itemsWith,
  leaguesLink,
  manageLink,
  membersTab,
  openBellTab,
  originHeaders,
  readBadge,
  waitForBadges,
} from './support/notifications.ts';

const browser = setUpBrowser();

/*
 * The bell's dropdown as a league admin works through it: two players ask to join an
 * invite-only league while the admin's /leagues page is open; the admin reads the items, moves
 * them between Unread and Read, marks all, clears all, and does it all again from the keyboard
 * and on a phone. The live delivery across pages and reconnection is notifications-live.test.ts.
 */
const TAG = randomUUID().slice(0, 6);
const LEAGUE_NAME = `Dropdown Derby ${TAG}`;
const ADMIN_NAME = `Ada Admin ${TAG}`;
const BEN = `Ben Asker ${TAG}`;
const CARA = `Cara Asker ${TAG}`;

interface Person {
  context: BrowserContext;
  page: Page;
}

let admin: Person;
const league = { id: '', code: '' };

async function person(label: string, fullName: string): Promise<Person> {
  const context = await browser().newContext({
    viewport: DESKTOP,
    baseURL: baseUrl(),
    reducedMotion: 'reduce',
  });
  await signUpThroughApi(context, newAccount(label));
  await completeOnboardingThroughApi(context, { fullName });
  await pickSquadThroughApi(context);
  return { context, page: await context.newPage() };
}

async function askToJoin(fullName: string, label: string): Promise<void> {
  const requester = await person(label, fullName);
  try {
    const response = await requester.context.request.post('/api/leagues/join', {
      data: { code: league.code },
      headers: originHeaders(),
    });
    expect(response.status(), await response.text()).toBe(200);
  } finally {
    await requester.context.close();
  }
}

/** The tab's count as its label shows it ("Unread 2" → 2). */
async function tabCount(panel: Locator, name: 'Unread' | 'Read'): Promise<number> {
  const text = await panel.getByRole('tab', { name: new RegExp(`^${name}`) }).innerText();
  return Number(/(\d+)/.exec(text)?.[1] ?? Number.NaN);
}

async function expectTabCounts(panel: Locator, unread: number, read: number): Promise<void> {
  await expect.poll(() => tabCount(panel, 'Unread')).toBe(unread);
  await expect.poll(() => tabCount(panel, 'Read')).toBe(read);
}

/** The open tab's empty state as one line of words. */
async function emptyState(panel: Locator): Promise<string> {
  return (await emptyStateText(panel)).replace(/\s+/g, ' ').trim();
}

function needs(...values: string[]): void {
  if (values.some((value) => !value)) throw new Error('An earlier step failed');
}

beforeAll(async () => {
  await resetServerClock();
  admin = await person('dropdown-admin', ADMIN_NAME);
  const created = await admin.context.request.post('/api/leagues', {
    data: { name: LEAGUE_NAME, joinMode: 'invite_only', maxMembers: 50 },
    headers: originHeaders(),
  });
  expect(created.status(), await created.text()).toBe(201);
  Object.assign(league, (await created.json()) as { id: string; code: string });
});

afterAll(async () => {
  await admin?.context.close();
});

// The empty dropdown, and a failed load with Try Again and an item without its league, are
// checked on the screen: apps/web/src/app/screens/notifications-dropdown-states.test.tsx.
describe('the notifications dropdown', () => {
  it('2. two requests: the bell and the Leagues badge count them without a reload', async () => {
    needs(league.id);
    const { page } = admin;
    // The admin watches /leagues, with nothing yet: the counts come without a reload.
    await page.goto('/leagues');
    await manageLink(page, LEAGUE_NAME).waitFor();
    expect(await readBadge(bell(page))).toBe('');
    await askToJoin(BEN, 'dropdown-ben');
    await askToJoin(CARA, 'dropdown-cara');
    await waitForBadges(
      { bell: bell(page), leagues: leaguesLink(page), manage: manageLink(page, LEAGUE_NAME) },
      '2',
    );
    expect(await bell(page).getAttribute('aria-label')).toBe('Notifications, 2 unread');
    expect(await leaguesLink(page).getAttribute('aria-label')).toBe('Leagues, 2 new join requests');
    expect(await manageLink(page, LEAGUE_NAME).getAttribute('aria-label')).toBe(
      `Manage ${LEAGUE_NAME}: 2 new join requests`,
    );
  });

  it('3. each item shows who, what, when and its two actions; Read is still empty', async () => {
    needs(league.id);
    const { page } = admin;
    const panel = await openBellTab(page, 'Unread');
    await expectTabCounts(panel, 2, 0);
    const items = panel.getByTestId('notification-item');
    await expect.poll(() => items.count()).toBe(2);
    // Newest first.
    expect(await items.nth(0).innerText()).toContain(joinRequestMessage(CARA, LEAGUE_NAME));
    const ben = itemsWith(panel, joinRequestMessage(BEN, LEAGUE_NAME));
    const text = await ben.innerText();
    expect(text.startsWith('B\n')).toBe(true); // the avatar's initial
    expect(text).toContain(joinRequestTitle());
    expect(text).toContain('Just now');
    // The full date sits behind the relative time.
    expect(await ben.locator('time').getAttribute('title')).toMatch(/\d{4} at \d{2}:\d{2}$/);
    expect(await ben.getByRole('button', { name: `Mark as read: ${joinRequestTitle()}` }).count()).toBe(1);
    expect(await ben.getByRole('link', { name: `View league ${LEAGUE_NAME}` }).getAttribute('href')).toBe(
      `/leagues/${league.id}/admin`,
    );
    await screenshot(page, 'notifications-dropdown-desktop');
    await checkScreen(page, 'notifications-dropdown');
    const read = await openBellTab(page, 'Read');
    expect(await emptyState(read)).toBe(NOTIFICATION_MESSAGES.emptyRead.title);
  });

  it('4. the circle moves an item to Read and back, with the counts and badges', async () => {
    needs(league.id);
    const { page } = admin;
    let panel = await openBellTab(page, 'Unread');
    const benMessage = joinRequestMessage(BEN, LEAGUE_NAME);
    await itemsWith(panel, benMessage)
      .getByRole('button', { name: /^Mark as read/ })
      .click();
    await expect.poll(() => itemsWith(panel, benMessage).count()).toBe(0);
    await expectTabCounts(panel, 1, 1);
    // The page behind an open dropdown is hidden from assistive technology: read its badges closed.
    await closeBell(page);
    await waitForBadges(
      { bell: bell(page), leagues: leaguesLink(page), manage: manageLink(page, LEAGUE_NAME) },
      '1',
    );

    panel = await openBellTab(page, 'Read');
    const readItem = itemsWith(panel, benMessage);
    await readItem.waitFor();
    expect(await readItem.getAttribute('data-read')).toBe('true');
    await readItem.getByRole('button', { name: /^Mark as unread/ }).click();
    await expect.poll(() => itemsWith(panel, benMessage).count()).toBe(0);
    await expectTabCounts(panel, 2, 0);
    expect(await emptyState(panel)).toBe(NOTIFICATION_MESSAGES.emptyRead.title);
    await closeBell(page);
    await waitForBadges({ bell: bell(page), leagues: leaguesLink(page) }, '2');
    // The store agrees: a reload shows the same.
    await page.reload();
    panel = await openBellTab(page, 'Unread');
    await expect.poll(() => panel.getByTestId('notification-item').count()).toBe(2);
    await closeBell(page);
  });

  it('5. the Members tab counts the unread requests (9+), and the view-league icon leads there', async () => {
    needs(league.id);
    const { page } = admin;
    const panel = await openBellTab(page, 'Unread');
    await itemsWith(panel, joinRequestMessage(BEN, LEAGUE_NAME))
      .getByRole('link', { name: `View league ${LEAGUE_NAME}` })
      .click();
    await page.waitForURL(pathnameIs(`/leagues/${league.id}/admin`));
    await dropdown(page).waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 2, name: LEAGUE_NAME }).waitFor();
    await waitForBadges({ members: membersTab(page) }, '2');
    expect(await membersTab(page).innerText()).toMatch(/2\s*new join requests$/i);
    await openAdminTab(page, 'Members');
  });

  it('6. "Mark all as read" empties Unread and the badges; the items wait under Read', async () => {
    needs(league.id);
    const { page } = admin;
    let panel = await openBellTab(page, 'Unread');
    await panel.getByRole('button', { name: NOTIFICATION_MESSAGES.markAllRead }).click();
    expect(await emptyState(panel)).toBe(
      `${NOTIFICATION_MESSAGES.emptyUnread.title} ${NOTIFICATION_MESSAGES.emptyUnread.hint}`,
    );
    await expectTabCounts(panel, 0, 2);
    expect(await panel.getByRole('button', { name: NOTIFICATION_MESSAGES.markAllRead }).isDisabled()).toBe(
      true,
    );
    panel = await openBellTab(page, 'Read');
    await expect.poll(() => panel.getByTestId('notification-item').count()).toBe(2);
    await screenshot(page, 'notifications-read-desktop');
    await closeBell(page);
    await waitForBadges({ bell: bell(page), leagues: leaguesLink(page), members: membersTab(page) }, '');
    // Manage on the card has no badge either (the requests still wait on the members list).
    await page.goto('/leagues');
    await manageLink(page, LEAGUE_NAME).waitFor();
    expect(await readBadge(manageLink(page, LEAGUE_NAME))).toBe('');
    expect(await manageLink(page, LEAGUE_NAME).getAttribute('aria-label')).toBe(`Manage ${LEAGUE_NAME}`);
  });

  it('7. "Clear all unread" empties both tabs, with its toast', async () => {
    needs(league.id);
    const { page } = admin;
    const panel = await openBellTab(page, 'Read');
    await panel.getByRole('button', { name: NOTIFICATION_MESSAGES.clearAll }).click();
    expect(await waitForToast(page, NOTIFICATION_MESSAGES.cleared)).toContain(NOTIFICATION_MESSAGES.cleared);
    expect(await emptyStateText(panel)).toContain(NOTIFICATION_MESSAGES.emptyAll.title);
    await expectTabCounts(panel, 0, 0);
    await closeBell(page);
    await dismissToasts(page);
  });

  it('8. the keyboard reaches everything; Escape closes and focus goes back to the bell', async () => {
    needs(league.id);
    const { page } = admin;
    await askToJoin(`Dee Keys ${TAG}`, 'dropdown-dee');
    await waitForBadges({ bell: bell(page) }, '1');
    await bell(page).focus();
    await page.keyboard.press('Enter');
    const panel = dropdown(page);
    await panel.waitFor();
    const focusedName = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? '';
      });
    // Tab walks the header's gear, the tabs, then the item's actions and the footer.
    const seen: string[] = [];
    for (let step = 0; step < 6; step += 1) {
      seen.push(await focusedName());
      await page.keyboard.press('Tab');
    }
    expect(seen.join(' | ')).toContain('Notification settings');
    expect(seen.join(' | ')).toContain(`View league ${LEAGUE_NAME}`);
    expect(seen.join(' | ')).toContain(`Mark as read: ${joinRequestTitle()}`);
    // Enter on the circle marks it read.
    for (let step = 0; step < 8 && !(await focusedName()).startsWith('Mark as read'); step += 1) {
      await page.keyboard.press('Shift+Tab');
    }
    await page.keyboard.press('Enter');
    await expectTabCounts(panel, 0, 1);
    // Arrows move between the tabs.
    await panel.getByRole('tab', { name: /^Unread/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => panel.getByRole('tab', { name: /^Read/ }).getAttribute('aria-selected'))
      .toBe('true');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    // Radix hands focus back when the menu's content unmounts, which can trail its hiding.
    await expect.poll(focusedName).toMatch(/^Notifications/);
  });

  it('9. on a phone the dropdown fits the screen, and the Leagues badge is in the menu', async () => {
    needs(league.id);
    const { page } = admin;
    const read = await openBellTab(page, 'Read');
    await read.getByRole('button', { name: /^Mark as unread/ }).click();
    await closeBell(page);
    await page.setViewportSize(MOBILE);
    try {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await waitForBadges({ leagues: leaguesLink(page) }, '1');
      await page.keyboard.press('Escape');
      const panel = await openBellTab(page, 'Unread');
      await panel.getByTestId('notification-item').first().waitFor();
      const box = await panel.boundingBox();
      expect(box).not.toBeNull();
      if (box) {
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
        expect(box.y + box.height).toBeLessThanOrEqual(MOBILE.height);
      }
      await screenshot(page, 'notifications-dropdown-mobile');
      await closeBell(page);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await screenshot(page, 'notifications-menu-mobile');
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });
});
