import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeOnboardingThroughApi, pickSquadThroughApi, signUpThroughApi } from './support/accounts.ts';
import {
  baseUrl,
  DESKTOP,
  expectNoSeriousAxeViolations,
  MOBILE,
  screenshot,
  setUpBrowser,
} from './support/browser.ts';
import { resetServerClock, setServerClock } from './support/clock.ts';
import { pathnameIs, shownStandings, waitForToast } from './support/leagues.ts';

const browser = setUpBrowser();

/*
 * One invite-only league of 27 members: its admin, the viewer (a member who is not the admin),
 * a buster and 24 of a crowd, all asking through the API and approved by the admin. After
 * gameweek 20 the three squads are safe, going bust and bust, so the standings mix every
 * status. Their order must be the global board's order restricted to the members.
 */
const TAG = `Ls${randomUUID().slice(0, 6)}`;
const LEAGUE_NAME = `Standings ${TAG}`;
const WEEK = 20;
const CROWD_SIZE = 24;
const PEOPLE = {
  viewer: { name: `${TAG} Viewer`, squad: ['Saka', 'Rice', 'Palmer', 'Watkins'] },
  admin: { name: `${TAG} Admin`, squad: ['Saliba', 'Trossard', 'Eze', 'Gyökeres'] },
  buster: { name: `${TAG} Buster`, squad: ['Haaland', 'Semenyo', 'Thiago', 'Bowen'] },
} as const;
const CROWD_SQUAD = ['Haaland', 'Saka', 'B.Fernandes', 'Gabriel'];
const MEMBER_COUNT = 3 + CROWD_SIZE;

let viewer: BrowserContext;
let admin: BrowserContext;
/** Signed in, ready to play, never asked to join. */
let outsider: BrowserContext;
/** Asked to join and is still waiting. */
let waiting: BrowserContext;
const memberNames: string[] = [];
const league = { id: '', code: '' };
/** Member names in the global board's order. */
let globalOrder: string[] = [];

function origin(): Record<string, string> {
  return { Origin: new URL(baseUrl()).origin };
}

async function player(fullName: string, squad: readonly string[]): Promise<BrowserContext> {
  const context = await browser().newContext({
    viewport: DESKTOP,
    baseURL: baseUrl(),
    reducedMotion: 'reduce',
  });
  await signUpThroughApi(context);
  await completeOnboardingThroughApi(context, { fullName });
  await pickSquadThroughApi(context, squad);
  return context;
}

async function askToJoin(context: BrowserContext): Promise<void> {
  const response = await context.request.post('/api/leagues/join', {
    data: { code: league.code },
    headers: origin(),
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(((await response.json()) as { status: string }).status).toBe('pending');
}

interface StandingsPage {
  rows: {
    rank: number;
    fullName: string;
    totalGoals: number;
    status: string;
    isYou: boolean;
    picks?: unknown[];
  }[];
  total: number;
  computedAt: string | null;
  pendingWithinSeconds: number | null;
}

async function readStandings(context: BrowserContext, pageSize = 100): Promise<StandingsPage> {
  const response = await context.request.get(`/api/leagues/${league.id}/standings`, { params: { pageSize } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as StandingsPage;
}

/** The members as the global board ranks them (its search finds this file's users by their tag). */
async function readGlobalOrder(): Promise<string[]> {
  const response = await viewer.request.get('/api/leaderboard/global', {
    params: { search: TAG, pageSize: 50 },
  });
  expect(response.status(), await response.text()).toBe(200);
  const board = (await response.json()) as { rows: { rank: number; fullName: string }[] };
  return board.rows
    .filter((row) => memberNames.includes(row.fullName))
    .sort((a, b) => a.rank - b.rank)
    .map((row) => row.fullName);
}

/** expect.poll for beforeAll, where vitest does not allow it. */
async function waitUntil<T>(read: () => Promise<T>, expected: T, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < until) {
    last = await read();
    if (last === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`Still ${String(last)}, waiting for ${String(expected)}`);
}

beforeAll(async () => {
  await resetServerClock();
  admin = await player(PEOPLE.admin.name, PEOPLE.admin.squad);
  const created = await admin.request.post('/api/leagues', {
    data: { name: LEAGUE_NAME, maxMembers: 50, joinMode: 'invite_only' },
    headers: origin(),
  });
  expect(created.status(), await created.text()).toBe(201);
  Object.assign(league, (await created.json()) as { id: string; code: string });

  viewer = await player(PEOPLE.viewer.name, PEOPLE.viewer.squad);
  const buster = await player(PEOPLE.buster.name, PEOPLE.buster.squad);
  memberNames.push(PEOPLE.admin.name, PEOPLE.viewer.name, PEOPLE.buster.name);
  await askToJoin(viewer);
  await askToJoin(buster);
  await buster.close();
  for (let start = 1; start <= CROWD_SIZE; start += 12) {
    await Promise.all(
      Array.from({ length: Math.min(12, CROWD_SIZE - start + 1) }, async (_, offset) => {
        const name = `${TAG} Crowd ${String(start + offset).padStart(2, '0')}`;
        const context = await player(name, CROWD_SQUAD);
        await askToJoin(context);
        memberNames.push(name);
        await context.close();
      }),
    );
  }
  waiting = await player(`${TAG} Waiting`, CROWD_SQUAD);
  await askToJoin(waiting);
  outsider = await player(`${TAG} Outsider`, CROWD_SQUAD);

  // The admin approves everybody but the one left waiting.
  const pending = await admin.request.get(`/api/leagues/${league.id}/members`, {
    params: { status: 'pending' },
  });
  expect(pending.status(), await pending.text()).toBe(200);
  const requests = ((await pending.json()) as { members: { userId: string; fullName: string }[] }).members;
  // Everybody but the admin, and the one who stays waiting.
  expect(requests).toHaveLength(MEMBER_COUNT - 1 + 1);
  await Promise.all(
    requests
      .filter((member) => memberNames.includes(member.fullName))
      .map(async (member) => {
        const response = await admin.request.put(`/api/leagues/${league.id}/members/${member.userId}`, {
          data: { status: 'approved' },
          headers: origin(),
        });
        expect(response.status(), await response.text()).toBe(200);
      }),
  );

  await setServerClock({ afterGameweek: WEEK });
  // Both boards are recomputed in the background once the server notices: wait until the
  // league holds every member, and the global board scores the buster after gameweek 20.
  await waitUntil(async () => {
    const standings = await readStandings(viewer);
    const statuses = new Set(standings.rows.map((row) => row.status));
    return `${standings.total} ${standings.pendingWithinSeconds} ${[...statuses].sort().join(',')}`;
  }, `${MEMBER_COUNT} null bust,going_bust,safe`);
  await waitUntil(async () => (await readGlobalOrder()).length, MEMBER_COUNT);
  globalOrder = await readGlobalOrder();
}, 240_000);

afterAll(async () => {
  await resetServerClock();
  for (const context of [viewer, admin, outsider, waiting]) await context?.close();
});

async function openStandings(
  context: BrowserContext,
  path = `/leagues/${league.id}/standings`,
): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await page.getByRole('table').waitFor();
  return page;
}

function rowOf(page: Page, name: string) {
  return page.getByTestId('standings-row').filter({ hasText: name });
}

describe('league standings', () => {
  it('ranks the members 1, 2, 3, … in the global order, with goals out of 21, status and the viewer highlighted; pages, searches and Show Me Only', async () => {
    const api = await readStandings(viewer);
    expect(api.rows.map((row) => row.fullName)).toEqual(globalOrder);
    expect(api.rows.map((row) => row.rank)).toEqual(Array.from({ length: MEMBER_COUNT }, (_, i) => i + 1));
    // The server shows the viewer their own picks, nobody else's.
    expect(api.rows.filter((row) => row.picks !== undefined).map((row) => row.fullName)).toEqual([
      PEOPLE.viewer.name,
    ]);

    const page = await openStandings(viewer);
    expect(await page.title()).toBe('League Standings | Hit21');
    await page.getByRole('heading', { level: 2, name: LEAGUE_NAME }).waitFor();
    // Default page size 50: everybody on one page, no pagination.
    expect(await shownStandings(page, memberNames)).toEqual(
      globalOrder.map((name, index) => ({ rank: index + 1, name })),
    );
    expect(await page.getByRole('navigation', { name: 'Standings pages' }).count()).toBe(0);
    await page.getByText(`Showing 1 to ${MEMBER_COUNT} of ${MEMBER_COUNT} players`).waitFor();

    const mine = rowOf(page, PEOPLE.viewer.name);
    expect(await mine.getAttribute('data-you')).toBe('true');
    expect(await mine.getByText('You', { exact: true }).isVisible()).toBe(true);
    expect(await page.locator('[data-you]').count()).toBe(1);
    const mineApi = api.rows.find((row) => row.isYou);
    expect((await mine.locator('td').nth(1).innerText()).replace(/\s/g, '')).toBe(
      `${mineApi?.totalGoals}/21`,
    );
    // Safe, going bust and bust each show their word.
    expect(
      await rowOf(page, PEOPLE.viewer.name).locator('[data-status]').last().getAttribute('data-status'),
    ).toBe('safe');
    expect(await rowOf(page, PEOPLE.admin.name).locator('[data-status]').last().innerText()).toMatch(
      /^going bust$/i,
    );
    expect(await rowOf(page, PEOPLE.buster.name).locator('[data-status]').last().innerText()).toMatch(
      /^bust$/i,
    );
    // Joined, as an en-GB date.
    expect(await mine.locator('td').nth(3).innerText()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);

    // The viewer's picks open under their row; another member's stay hidden.
    await mine.getByRole('button', { name: `Players of ${PEOPLE.viewer.name}` }).click();
    const picks = page.getByRole('list', { name: 'Your picks' });
    await picks.waitFor();
    expect(await picks.getByRole('listitem').count()).toBe(4);
    await picks.getByText('Saka').first().waitFor();
    await rowOf(page, PEOPLE.admin.name)
      .getByRole('button', { name: `Players of ${PEOPLE.admin.name}` })
      .click();
    await page.getByText('Player selections are hidden').waitFor();
    expect(await page.getByText('Saliba').count()).toBe(0);

    await page
      .getByRole('complementary', { name: 'Rules' })
      .getByRole('heading', { name: 'Game Rules' })
      .waitFor();
    await page.getByRole('heading', { name: 'Tie-Breaking Rules' }).waitFor();
    await page.getByText('If picks are identical, a virtual coin toss.').waitFor();
    await screenshot(page, 'league-standings-desktop');
    await expectNoSeriousAxeViolations(page);

    // Pages by 25, 50 or 100 with Go to; Show Me Only; search over names; each going back to page 1.
    await page.getByRole('combobox', { name: 'Show' }).click();
    await page.getByRole('option', { name: '25' }).click();
    await expect.poll(() => page.getByTestId('standings-row').count()).toBe(25);
    const pages = page.getByRole('navigation', { name: 'Standings pages' });
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await expect
      .poll(() => shownStandings(page, memberNames))
      .toEqual(globalOrder.slice(25).map((name, index) => ({ rank: 26 + index, name })));
    await page.getByText(`Showing 26 to ${MEMBER_COUNT} of ${MEMBER_COUNT} players`).waitFor();
    await pages.getByRole('spinbutton', { name: 'Go to' }).fill('1');
    await expect.poll(() => page.getByTestId('standings-row').count()).toBe(25);
    expect(await pages.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');

    // From page 2, a search goes back to page 1.
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => page.getByTestId('standings-row').count()).toBe(MEMBER_COUNT - 25);
    const search = page.getByRole('searchbox', { name: 'Search members' });
    await search.fill(`${TAG} crowd 0`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const crowdOnes = globalOrder.filter((name) => name.startsWith(`${TAG} Crowd 0`));
    await expect
      .poll(() => shownStandings(page, memberNames))
      .toEqual(crowdOnes.map((name) => ({ rank: globalOrder.indexOf(name) + 1, name })));
    await search.fill('nobody-by-this-name');
    await search.press('Enter');
    await page.getByText('No players found matching your search criteria.').waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => page.getByTestId('standings-row').count()).toBe(25);

    // Show Me Only: just the viewer, with their rank in the league; Show All brings everybody back.
    await page.getByRole('button', { name: 'Show Me Only' }).click();
    await expect
      .poll(() => shownStandings(page, memberNames))
      .toEqual([{ rank: globalOrder.indexOf(PEOPLE.viewer.name) + 1, name: PEOPLE.viewer.name }]);
    await page.getByRole('button', { name: 'Show All' }).click();
    await expect.poll(() => page.getByTestId('standings-row').count()).toBe(25);

    await page.getByRole('combobox', { name: 'Show' }).click();
    await page.getByRole('option', { name: '100' }).click();
    await expect.poll(() => page.getByTestId('standings-row').count()).toBe(MEMBER_COUNT);
    await page.close();
  });

  it('is usable at 375 px: no sideways scroll, status and joined under the name, picks open, a member’s League Details', async () => {
    const context = await browser().newContext({
      viewport: MOBILE,
      baseURL: baseUrl(),
      reducedMotion: 'reduce',
    });
    await context.addCookies(await viewer.cookies());
    const page = await openStandings(context);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const mine = rowOf(page, PEOPLE.viewer.name);
    expect(await mine.getByText(/^Joined /).isVisible()).toBe(true);
    expect(await mine.getByRole('button', { name: `Players of ${PEOPLE.viewer.name}` }).isVisible()).toBe(
      true,
    );
    await mine.getByRole('button', { name: `Players of ${PEOPLE.viewer.name}` }).click();
    await page.getByRole('list', { name: 'Your picks' }).waitFor();
    await mine.scrollIntoViewIfNeeded();
    await screenshot(page, 'league-standings-mobile');
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('tab', { name: 'League Details' }).click();
    // A member who is not the admin: the facts name the admin, no Manage, Leave League.
    expect(await factsOf(page)).toMatchObject({ 'Created By': 'League Admin' });
    expect(await page.getByRole('link', { name: 'Manage' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Leave League' }).waitFor();
    await screenshot(page, 'league-details-mobile');
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });

  // The notice of members still to be ranked, and Try Again after a failure:
  // apps/web/src/app/screens/league-standings-states.test.tsx.

  it('League Details: the facts, Manage for the admin, and tabs by keyboard', async () => {
    const page = await openStandings(admin, `/leagues/${league.id}`);
    const standingsTab = page.getByRole('tab', { name: 'Standings' });
    await standingsTab.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    const details = page.getByRole('tabpanel', { name: 'League Details' });
    await details.waitFor();
    expect(await factsOf(page)).toEqual({
      'Created By': 'You',
      'Maximum Members': '50',
      Status: 'Active',
      'Join Mode': 'Invite Only',
    });
    expect(await details.getByRole('link', { name: 'Manage' }).getAttribute('href')).toBe(
      `/leagues/${league.id}/admin`,
    );
    expect(await details.getByRole('button', { name: 'Leave League' }).count()).toBe(0);
    await screenshot(page, 'league-details-admin-desktop');
    await expectNoSeriousAxeViolations(page);
    // A member's view of the same tab is checked at 375 px above.
    await page.close();
  });

  it('says "League Not Found" to anyone who is not an approved member, with Back to Leagues', async () => {
    for (const [who, path] of [
      [outsider, `/leagues/${league.id}/standings`],
      [waiting, `/leagues/${league.id}`],
      [viewer, `/leagues/${randomUUID()}`],
      [viewer, '/leagues/not-a-league'],
    ] as const) {
      const page = await who.newPage();
      await page.goto(path);
      await page.getByRole('heading', { name: 'League Not Found' }).waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
      expect(await page.getByText(LEAGUE_NAME).count()).toBe(0);
      if (who === outsider) {
        await screenshot(page, 'league-not-found-desktop');
        await expectNoSeriousAxeViolations(page);
        await page.getByRole('link', { name: 'Back to Leagues' }).click();
        await page.waitForURL(pathnameIs('/leagues'));
      }
      await page.close();
    }
  });

  it('a member leaves after confirming ("Left League", then /leagues); a failure says so and keeps them in', async () => {
    const page = await viewer.newPage();
    await page.goto(`/leagues/${league.id}?tab=details`);
    await page.getByRole('tabpanel', { name: 'League Details' }).waitFor();

    // Cancel changes nothing.
    await page.getByRole('button', { name: 'Leave League' }).click();
    let dialog = page.getByRole('dialog', { name: 'Leave League?' });
    await dialog.getByText(`Are you sure you want to leave ${LEAGUE_NAME}?`).waitFor();
    await screenshot(page, 'league-leave-dialog-desktop');
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The server fails once: an error toast, still a member.
    await page.route('**/api/leagues/*/membership', (route) =>
      route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'x', userMessage: 'x' } }),
    );
    await page.getByRole('button', { name: 'Leave League' }).click();
    dialog = page.getByRole('dialog', { name: 'Leave League?' });
    await dialog.getByRole('button', { name: 'Leave League' }).click();
    expect(await waitForToast(page, 'Failed to leave the league. Please try again.')).toContain('Error');
    expect((await readStandings(viewer)).total).toBe(MEMBER_COUNT);
    await page.unroute('**/api/leagues/*/membership');

    await dialog.getByRole('button', { name: 'Leave League' }).click();
    expect(await waitForToast(page, 'Left League')).toContain('Left League');
    await page.waitForURL(pathnameIs('/leagues'));
    const response = await viewer.request.get(`/api/leagues/${league.id}`);
    expect(response.status()).toBe(404);
    await page.goto(`/leagues/${league.id}/standings`);
    await page.getByRole('heading', { name: 'League Not Found' }).waitFor();
    // The others see one member fewer once the standings are recomputed.
    await expect
      .poll(async () => (await readStandings(admin)).rows.map((row) => row.fullName), { timeout: 30_000 })
      .toEqual(globalOrder.filter((name) => name !== PEOPLE.viewer.name));
    await page.close();
  });
});

async function factsOf(page: Page): Promise<Record<string, string>> {
  // evaluateAll does not wait, so the facts are awaited first: right after a tab click the
  // panel may still be rendering.
  const facts = page.getByRole('tabpanel', { name: 'League Details' }).locator('dl > div');
  await facts.first().waitFor();
  return facts.evaluateAll((items) =>
    Object.fromEntries(
      items.map((item) => [
        item.querySelector('dt')?.textContent?.trim() ?? '',
        item.querySelector('dd')?.textContent?.trim() ?? '',
      ]),
    ),
  );
}
