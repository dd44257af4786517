import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './browser.ts';
import { committedSeason } from './clock.ts';

/*
 * The bell, its dropdown and the badges as a person finds them (roles and names), with the
 * timing of a badge that changes live, for the notification browser tests.
 */

/** The header's bell (its name starts with "Notifications"; the settings dialog is named apart). */
export function bell(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
}

/** The open dropdown (a dialog named Notifications). */
export function dropdown(page: Page): Locator {
  return page.getByRole('dialog', { name: /^Notifications/ });
}

/**
 * Opens the dropdown (if closed) on a page brought to the front, as a person looks at the tab
 * they click in: Chromium pauses a background tab's animations, which would leave the
 * dropdown's pop-in at its first, transparent frame.
 */
export async function openBell(page: Page): Promise<Locator> {
  await page.bringToFront();
  const panel = dropdown(page);
  if (!(await panel.isVisible())) await bell(page).click();
  await panel.waitFor();
  return panel;
}

export async function closeBell(page: Page): Promise<void> {
  if (await dropdown(page).isVisible()) await page.keyboard.press('Escape');
  await dropdown(page).waitFor({ state: 'hidden' });
}

/** The dropdown's tab, opened. */
export async function openBellTab(page: Page, name: 'Unread' | 'Read'): Promise<Locator> {
  const panel = await openBell(page);
  const tab = panel.getByRole('tab', { name: new RegExp(`^${name}`) });
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
  return panel;
}

/** The header's Leagues link (the desktop row; on a phone it sits in the menu). */
export function leaguesLink(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Leagues/ });
}

/** Manage on the league's card at /leagues. */
export function manageLink(page: Page, leagueName: string): Locator {
  return page.getByRole('article', { name: leagueName }).getByRole('link', { name: /^Manage/ });
}

/** The admin page's Members tab. */
export function membersTab(page: Page): Locator {
  return page.getByRole('tab', { name: /^Members/ });
}

/**
 * The number a badge shows on this control ("" when none): the digits (or "99+") in its
 * visible text, beside its label.
 */
export async function readBadge(control: Locator): Promise<string> {
  if ((await control.count()) === 0) return '';
  const text = await control.first().innerText();
  return /(\d+\+?)/.exec(text)?.[1] ?? '';
}

/**
 * Waits until each control's badge reads `expected` ("" for no badge); answers how long that
 * took from `since` (ms since the epoch, e.g. when the change was made elsewhere). Each control
 * is read in a loop of its own, so the time taken is when that control was seen, not when a
 * round of reading the others came back to it (on a busy machine a read takes 100 ms or more).
 */
export async function waitForBadges(
  controls: Record<string, Locator>,
  expected: string,
  { since = Date.now(), timeoutMs = 10_000 } = {},
): Promise<Record<string, number>> {
  const deadline = since + timeoutMs;
  const seen = await Promise.all(
    Object.entries(controls).map(async ([name, control]) => {
      for (;;) {
        const shown = await readBadge(control).catch(() => '?');
        if (shown === expected) return [name, Date.now() - since] as const;
        if (Date.now() > deadline) {
          throw new Error(`The badge on ${name} did not read "${expected}" in ${timeoutMs} ms: "${shown}"`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }),
  );
  return Object.fromEntries(seen);
}

/** The open tab's empty state, once its list has loaded: its words. */
export async function emptyStateText(panel: Locator): Promise<string> {
  const empty = panel.getByTestId('notifications-empty');
  await empty.waitFor({ timeout: 10_000 });
  return empty.innerText();
}

/** The dropdown's items whose text holds `text`. */
export function itemsWith(panel: Locator, text: string | RegExp): Locator {
  return panel.getByRole('listitem').filter({ hasText: text });
}

export interface StoredNotification {
  id: string;
  type: 'join_request' | 'goal';
  title: string;
  message: string;
  read: boolean;
}

/** Every notification of the context's player, both tabs, from the store (first pages). */
export async function storedNotifications(context: BrowserContext): Promise<StoredNotification[]> {
  const all: StoredNotification[] = [];
  for (const tab of ['unread', 'read']) {
    const response = await context.request.get('/api/notifications', { params: { tab, limit: 50 } });
    expect(response.status(), await response.text()).toBe(200);
    all.push(...((await response.json()) as { items: StoredNotification[] }).items);
  }
  return all;
}

export function originHeaders(): Record<string, string> {
  return { Origin: new URL(baseUrl()).origin };
}

export interface SeasonPlayer {
  fplCode: number;
  name: string;
  webName: string;
  secondName: string;
  clubName: string;
}

/** A committed player by his short (web) name, with his club's name. */
export async function seasonPlayer(webName: string): Promise<SeasonPlayer> {
  const facts = await committedSeason();
  const player = facts.players.find((candidate) => candidate.webName === webName);
  if (!player) throw new Error(`No committed player "${webName}"`);
  const clubCode = player.clubSpells[0]?.clubCode;
  const club = facts.clubs.find((candidate) => candidate.code === clubCode);
  return { ...player, clubName: club?.name ?? '' };
}

/** Goals by these players (committed facts) kicked off at or before `at`: the squad total then. */
export async function squadTotalAt(players: readonly SeasonPlayer[], at: string): Promise<number> {
  const facts = await committedSeason();
  const codes = new Set(players.map((player) => player.fplCode));
  return facts.goals
    .filter((goal) => codes.has(goal.fplCode) && Date.parse(goal.kickoffAt) <= Date.parse(at))
    .reduce((sum, goal) => sum + goal.goals, 0);
}

/** Saves exactly these committed players as the context's squad (the clock before the deadline). */
export async function pickSeasonPlayers(
  context: BrowserContext,
  players: readonly SeasonPlayer[],
): Promise<void> {
  const playerIds: string[] = [];
  for (const wanted of players) {
    const response = await context.request.get('/api/players', {
      params: { search: wanted.secondName || wanted.webName, pageSize: 50 },
    });
    expect(response.status(), await response.text()).toBe(200);
    const { players: found } = (await response.json()) as {
      players: { id: string; name: string; webName: string }[];
    };
    const match = found.find(
      (candidate) => candidate.webName === wanted.webName && candidate.name === wanted.name,
    );
    if (!match) throw new Error(`The catalogue has no "${wanted.name}" (${wanted.webName})`);
    playerIds.push(match.id);
  }
  const saved = await context.request.put('/api/squad', { data: { playerIds }, headers: originHeaders() });
  expect(saved.status(), await saved.text()).toBe(200);
}
