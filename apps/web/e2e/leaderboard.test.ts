import { randomUUID } from 'node:crypto';
import { LEADERBOARD_MESSAGES, SEARCH_TOTAL_CAP, type SquadStatus, squadStatus } from '@hit21/core';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeOnboardingThroughApi, pickSquadThroughApi, signUpThroughApi } from './support/accounts.ts';
import {
  baseUrl,
  DESKTOP,
  expectNoSeriousAxeViolations,
  MOBILE,
  screenshot,
  serveUndrawnPages,
  setUpBrowser,
} from './support/browser.ts';
import { committedSeason, resetServerClock, setServerClock } from './support/clock.ts';

const browser = setUpBrowser();

/*
 * Other test files share the server and its users, so this file's users carry a tag of their
 * own in their names, and live in a country nobody else picks: the Tuvalu board holds exactly
 * them. The three "stars" are fans of Burnley; the crowd, of Sunderland.
 */
const TAG = `Lb${randomUUID().slice(0, 6)}`;
const COUNTRY = 'Tuvalu';
const STAR_CLUB = 'Burnley';
const CROWD_CLUB = 'Sunderland';
const CROWD_SIZE = 52;
const WEEK = 20;

// After gameweek 20: all four scored and at most 21; one has not scored; well over 21.
const STARS = {
  viewer: { name: `${TAG} Viewer`, squad: ['Saka', 'Rice', 'Palmer', 'Watkins'], status: 'safe' },
  rival: { name: `${TAG} Rival`, squad: ['Saliba', 'Trossard', 'Eze', 'Gyökeres'], status: 'going_bust' },
  buster: { name: `${TAG} Buster`, squad: ['Haaland', 'Semenyo', 'Thiago', 'Bowen'], status: 'bust' },
} as const;
// Bust too, but by fewer goals than the buster: the crowd ranks between the rival and him.
const CROWD_SQUAD = ['Haaland', 'Saka', 'B.Fernandes', 'Gabriel'];
const BOARD_SIZE = 3 + CROWD_SIZE;

interface PickGoals {
  webName: string;
  goals: number;
}

/** Each pick's goals up to gameweek `week`, from the committed season facts. */
async function goalsAfter(squad: readonly string[], week: number): Promise<PickGoals[]> {
  const { players, goals } = await committedSeason();
  return squad.map((webName) => {
    const player = players.find((candidate) => candidate.webName === webName);
    if (!player) throw new Error(`${webName} is not in the committed season`);
    const count = goals
      .filter((goal) => goal.fplCode === player.fplCode && goal.gameweek <= week)
      .reduce((sum, goal) => sum + goal.goals, 0);
    return { webName, goals: count };
  });
}

function totalOf(picks: readonly PickGoals[]): number {
  return picks.reduce((sum, pick) => sum + pick.goals, 0);
}

let viewer: BrowserContext;
const expected = new Map<keyof typeof STARS, { total: number; status: SquadStatus; picks: PickGoals[] }>();

async function newUser(fullName: string, favouriteClub: string): Promise<BrowserContext> {
  const context = await browser().newContext({
    viewport: DESKTOP,
    baseURL: baseUrl(),
    reducedMotion: 'reduce',
  });
  await signUpThroughApi(context);
  await completeOnboardingThroughApi(context, { fullName, country: COUNTRY, favouriteClub });
  return context;
}

beforeAll(async () => {
  // Teams are picked before the deadline, where the server's clock stands between tests.
  await resetServerClock();
  for (const [key, star] of Object.entries(STARS) as [
    keyof typeof STARS,
    (typeof STARS)[keyof typeof STARS],
  ][]) {
    const context = await newUser(star.name, STAR_CLUB);
    await pickSquadThroughApi(context, star.squad);
    const picks = await goalsAfter(star.squad, WEEK);
    const status = squadStatus(
      picks.map((pick) => pick.goals),
      { isSeasonOver: false },
    );
    // The fixture is what the tests below assume.
    expect(status).toBe(star.status);
    expected.set(key, { total: totalOf(picks), status, picks });
    if (key === 'viewer') viewer = context;
    else await context.close();
  }
  const crowdTotal = totalOf(await goalsAfter(CROWD_SQUAD, WEEK));
  expect(crowdTotal).toBeGreaterThan(21);
  expect(crowdTotal).toBeLessThan(expected.get('buster')?.total ?? 0);

  for (let start = 1; start <= CROWD_SIZE; start += 13) {
    await Promise.all(
      Array.from({ length: Math.min(13, CROWD_SIZE - start + 1) }, async (_, offset) => {
        const context = await newUser(`${TAG} Crowd ${String(start + offset).padStart(2, '0')}`, CROWD_CLUB);
        await pickSquadThroughApi(context, CROWD_SQUAD);
        await context.close();
      }),
    );
  }
}, 180_000);

afterAll(async () => {
  await viewer?.close();
});

/**
 * The tests only read the boards: the clock is moved once, after gameweek 20, and the file
 * waits once for the recompute (each move makes the server rank everybody again).
 */
beforeAll(async () => {
  await setServerClock({ afterGameweek: WEEK });
  // The server recomputes the boards in the background once it notices the clock moved: wait
  // until the country board holds everyone, scored after gameweek 20.
  const want = `${BOARD_SIZE} ${STARS.buster.name} ${expected.get('buster')?.total}`;
  const until = Date.now() + 30_000;
  let last = '';
  while (last !== want) {
    if (Date.now() > until) throw new Error(`The country board is still ${last}, not ${want}`);
    const response = await viewer.request.get('/api/leaderboard/country', {
      params: { pageSize: 50, page: 2 },
    });
    if (response.status() !== 200) last = `HTTP ${response.status()}`;
    else {
      const board = (await response.json()) as {
        total: number;
        rows: { fullName: string; totalGoals: number }[];
      };
      const lastRow = board.rows.at(-1);
      last = `${board.total} ${lastRow?.fullName} ${lastRow?.totalGoals}`;
    }
    if (last !== want) await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, 60_000);

afterAll(async () => {
  await resetServerClock();
});

interface ShownRow {
  rank: number;
  name: string;
  goals: number;
  status: string | null;
  isYou: boolean;
}

function rows(page: Page): Locator {
  return page.getByTestId('leaderboard-row');
}

/** The rows as a person reads them: rank, name, goals, status and the "You" badge. */
async function shownRows(page: Page): Promise<ShownRow[]> {
  return rows(page).evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = (tr as HTMLTableRowElement).cells;
      const nameCell = cells[1] as HTMLElement;
      const visibleStatus = [...tr.querySelectorAll<HTMLElement>('[data-status]')].find(
        (badge) => badge.offsetParent !== null,
      );
      return {
        rank: Number((cells[0] as HTMLElement).innerText.trim()),
        name: nameCell.querySelector('span span span')?.textContent ?? '',
        goals: Number.parseInt((cells[2] as HTMLElement).innerText, 10),
        status: visibleStatus?.dataset.status ?? null,
        isYou: /\byou\b/i.test(nameCell.innerText),
      };
    }),
  );
}

function showing(page: Page): Promise<string | null> {
  return page.getByText(/^Showing [\d,]+ to [\d,]+ of [\d,]+\+? players?$/).textContent();
}

async function openBoard(page: Page, pathname: string): Promise<void> {
  await page.goto(pathname);
  await rows(page).first().waitFor();
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Search players' }).fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('the leaderboard', () => {
  it('/leaderboard opens the global tab; the country board ranks everyone with the viewer highlighted', async () => {
    const page = await viewer.newPage();
    // Chromium hides a beacon's body from the test: keep a copy of each one sent.
    await page.addInitScript(() => {
      const sent: string[] = [];
      Object.assign(window, { sentBeacons: sent });
      const original = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => {
        if (data instanceof Blob) data.text().then((text) => sent.push(text));
        return original(url, data);
      };
    });
    const leaderboardViews = () =>
      page.evaluate(() =>
        (window as unknown as { sentBeacons: string[] }).sentBeacons
          .map((text) => JSON.parse(text))
          .filter((event) => event.name === 'leaderboard_viewed'),
      );
    try {
      await page.goto('/leaderboard');
      await page.waitForURL('**/leaderboard/global');
      await expect.poll(() => page.title()).toBe('Global Leaderboard | Hit21');
      expect(await page.getByRole('tab', { name: 'Global', selected: true }).count()).toBe(1);
      await rows(page).first().waitFor();
      await screenshot(page, 'leaderboard-global-desktop');

      await page.getByRole('tab', { name: 'Country' }).click();
      await page.waitForURL('**/leaderboard/country');
      await expect.poll(() => page.title()).toBe(`${COUNTRY} Leaderboard | Hit21`);
      await expect.poll(() => showing(page)).toBe(`Showing 1 to 25 of ${BOARD_SIZE} players`);
      // Each tab viewed is recorded, with its type.
      await expect.poll(leaderboardViews).toEqual([
        { name: 'leaderboard_viewed', path: '/leaderboard/global', properties: { type: 'global' } },
        { name: 'leaderboard_viewed', path: '/leaderboard/country', properties: { type: 'country' } },
      ]);

      const shown = await shownRows(page);
      expect(shown).toHaveLength(25);
      expect(shown.map((row) => row.rank)).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
      const viewerExpected = expected.get('viewer');
      const rivalExpected = expected.get('rival');
      expect(shown[0]).toEqual({
        rank: 1,
        name: STARS.viewer.name,
        goals: viewerExpected?.total,
        status: 'safe',
        isYou: true,
      });
      expect(shown[1]).toEqual({
        rank: 2,
        name: STARS.rival.name,
        goals: rivalExpected?.total,
        status: 'going_bust',
        isYou: false,
      });
      expect(
        shown.slice(2).every((row) => row.status === 'bust' && row.name.startsWith(`${TAG} Crowd`)),
      ).toBe(true);
      expect(shown.filter((row) => row.isYou)).toHaveLength(1);

      // Only a safe player in the top 3 wears the crown: the viewer, not the going-bust rival.
      expect(await rows(page).nth(0).getByRole('img', { name: 'Top 3' }).count()).toBe(1);
      expect(await page.getByRole('img', { name: 'Top 3' }).count()).toBe(1);
      // The country column is the club on the country board.
      expect(await rows(page).nth(0).textContent()).toContain(STAR_CLUB);

      // The viewer's own picks, with their goals; everybody else's are hidden.
      await page.getByRole('button', { name: `Picks of ${STARS.viewer.name}` }).click();
      const ownPicks = page.getByRole('list', { name: 'Your picks' });
      const pickTexts = await ownPicks.getByRole('listitem').allTextContents();
      expect(pickTexts).toHaveLength(4);
      for (const pick of viewerExpected?.picks ?? []) {
        expect(
          pickTexts.some((text) => text.endsWith(`${pick.goals} ${pick.goals === 1 ? 'goal' : 'goals'}`)),
        ).toBe(true);
      }
      const rivalPicks = page.getByRole('button', { name: `Picks of ${STARS.rival.name}` });
      expect(await rivalPicks.getAttribute('aria-expanded')).toBe('false');
      await rivalPicks.click();
      expect(await rivalPicks.getAttribute('aria-expanded')).toBe('true');
      expect(await page.getByText('Player selections are hidden').count()).toBe(1);
      await screenshot(page, 'leaderboard-country-expanded-desktop');
      await expectNoSeriousAxeViolations(page);

      // The rules panels and the links.
      expect(await page.getByRole('heading', { name: 'Game Rules' }).count()).toBe(1);
      expect(await page.getByRole('heading', { name: 'Tie-Breaking Rules' }).count()).toBe(1);
      expect(await page.getByText('If picks are identical, a virtual coin toss.').count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Mini Leagues' }).getAttribute('href')).toBe('/leagues');
      expect(await page.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings');
    } finally {
      await page.close();
    }
  });

  it('searches and clears, shows 25 or 50 a page, and goes to a page', async () => {
    const page = await viewer.newPage();
    try {
      await openBoard(page, '/leaderboard/country');
      const pages = page.getByRole('navigation', { name: 'Leaderboard pages' });

      // Go to page 3: the last 5 of 55.
      await pages.getByRole('spinbutton', { name: 'Go to' }).fill('3');
      await expect.poll(() => showing(page)).toBe(`Showing 51 to ${BOARD_SIZE} of ${BOARD_SIZE} players`);
      expect(await pages.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
      const lastRows = await shownRows(page);
      expect(lastRows.map((row) => row.rank)).toEqual([51, 52, 53, 54, 55]);
      expect(lastRows.at(-1)).toMatchObject({
        name: STARS.buster.name,
        status: 'bust',
        goals: expected.get('buster')?.total,
      });
      // Beyond the last page, the box stops at it.
      await pages.getByRole('button', { name: 'Page 1' }).click();
      await expect.poll(() => showing(page)).toBe(`Showing 1 to 25 of ${BOARD_SIZE} players`);
      await pages.getByRole('spinbutton', { name: 'Go to' }).fill('9');
      await expect.poll(() => showing(page)).toBe(`Showing 51 to ${BOARD_SIZE} of ${BOARD_SIZE} players`);

      // Case-insensitive search over names: back to page 1, one row with its board rank.
      await search(page, STARS.rival.name.toUpperCase());
      await expect.poll(() => showing(page)).toBe('Showing 1 to 1 of 1 player');
      expect(await shownRows(page)).toEqual([
        expect.objectContaining({ rank: 2, name: STARS.rival.name, status: 'going_bust' }),
      ]);
      expect(await pages.count()).toBe(0);
      // Over clubs too: on this board only the three stars support Burnley.
      await search(page, STAR_CLUB.toLowerCase());
      await expect
        .poll(async () => (await shownRows(page)).map((row) => row.name))
        .toEqual([STARS.viewer.name, STARS.rival.name, STARS.buster.name]);
      expect(await showing(page)).toBe('Showing 1 to 3 of 3 players');
      await screenshot(page, 'leaderboard-club-search-desktop');

      await page.getByRole('button', { name: 'Clear search' }).click();
      // The address changes before the new tab renders: wait for the screen, not the URL.
      await expect.poll(() => page.getByRole('textbox', { name: 'Search players' }).inputValue()).toBe('');
      await expect.poll(() => showing(page)).toBe(`Showing 1 to 25 of ${BOARD_SIZE} players`);

      // 50 a page: 2 pages; page 2 holds the last 5.
      await page.getByRole('combobox', { name: 'Show' }).click();
      await page.getByRole('option', { name: '50', exact: true }).click();
      await expect.poll(() => showing(page)).toBe(`Showing 1 to 50 of ${BOARD_SIZE} players`);
      expect(await rows(page).count()).toBe(50);
      await pages.getByRole('button', { name: 'Page 2' }).click();
      await expect.poll(() => showing(page)).toBe(`Showing 51 to ${BOARD_SIZE} of ${BOARD_SIZE} players`);
      // A new page size goes back to page 1.
      await page.getByRole('combobox', { name: 'Show' }).click();
      await page.getByRole('option', { name: '25', exact: true }).click();
      await expect.poll(() => showing(page)).toBe(`Showing 1 to 25 of ${BOARD_SIZE} players`);

      // Nobody matches.
      await search(page, `${TAG} nobody`);
      await page.getByText('No players found matching your search criteria.').waitFor();
      await screenshot(page, 'leaderboard-empty-search-desktop');
      await expectNoSeriousAxeViolations(page);
    } finally {
      await page.close();
    }
  });

  it('shows a search matching more than 10,000 as "10,000+", with Next and no Last page, on a phone and a desktop', async () => {
    const page = await viewer.newPage();
    try {
      // The board here holds a few dozen players: its answers are given the total the server
      // counts for a search matching more than the cap (decision 018), their rows left as read.
      await page.route('**/api/leaderboard/country?*', async (route) => {
        const headers = { ...route.request().headers() };
        delete headers['if-none-match'];
        const response = await route.fetch({ headers });
        const answer = (await response.json()) as { page: number; pageSize: number };
        const total = Math.max(SEARCH_TOTAL_CAP, answer.page * answer.pageSize);
        await route.fulfill({ response, json: { ...answer, total, isTotalCapped: true } });
      });
      for (const viewport of [DESKTOP, MOBILE]) {
        const name = viewport === MOBILE ? 'mobile' : 'desktop';
        await page.setViewportSize(viewport);
        await openBoard(page, '/leaderboard/country');
        await search(page, TAG);
        await expect.poll(() => showing(page)).toBe('Showing 1 to 25 of 10,000+ players');
        const pages = page.getByRole('navigation', { name: 'Leaderboard pages' });
        expect(await pages.getByRole('button', { name: 'Last page' }).count()).toBe(0);
        if (viewport === MOBILE) await pages.getByText('1 of 401+').waitFor();
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `leaderboard-search-capped-${name}`);
        await pages.getByRole('button', { name: 'Next page' }).filter({ visible: true }).click();
        await expect.poll(() => showing(page)).toBe('Showing 26 to 50 of 10,000+ players');
        expect((await shownRows(page))[0]?.rank).toBe(26);
      }
    } finally {
      await page.close();
    }
  });

  it('Show Me Only shows just the viewer with their rank, Show All everyone; the team tab by keyboard; changing tab empties the search', async () => {
    const page = await viewer.newPage();
    try {
      await openBoard(page, '/leaderboard/global');
      // Where the viewer stands globally, from the API (other files' players are on this board).
      const response = await viewer.request.get('/api/leaderboard/global', { params: { me: 'true' } });
      const [own] = ((await response.json()) as { rows: { rank: number }[] }).rows;
      expect(own).toBeDefined();

      await page.getByRole('button', { name: 'Show Me Only' }).click();
      await expect.poll(() => showing(page)).toBe('Showing 1 to 1 of 1 player');
      expect(await shownRows(page)).toEqual([
        {
          rank: own?.rank,
          name: STARS.viewer.name,
          goals: expected.get('viewer')?.total,
          status: 'safe',
          isYou: true,
        },
      ]);
      await page.getByRole('button', { name: 'Show All' }).click();
      await expect.poll(async () => (await rows(page).count()) > 1).toBe(true);
      expect(await page.getByRole('button', { name: 'Show Me Only' }).count()).toBe(1);

      await search(page, TAG);
      await expect.poll(() => showing(page)).toBe(`Showing 1 to 25 of ${BOARD_SIZE} players`);

      // Arrow keys move between the tabs; Enter opens one.
      await page.getByRole('tab', { name: 'Global' }).focus();
      for (const next of ['Country', 'Team']) {
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(next);
      }
      await page.keyboard.press('Enter');
      await page.waitForURL('**/leaderboard/team');
      await expect.poll(() => page.title()).toBe(`${STAR_CLUB} Leaderboard | Hit21`);
      // The address changes before the new tab renders: wait for the screen, not the URL.
      await expect.poll(() => page.getByRole('textbox', { name: 'Search players' }).inputValue()).toBe('');

      // The Burnley board, narrowed to this file's fans of it: the three stars, in order.
      await search(page, TAG);
      await expect
        .poll(async () => (await shownRows(page)).map((row) => row.name))
        .toEqual([STARS.viewer.name, STARS.rival.name, STARS.buster.name]);
      const shown = await shownRows(page);
      expect(shown.map((row) => row.status)).toEqual(['safe', 'going_bust', 'bust']);
      expect(shown[0]?.rank).toBeLessThan(shown[1]?.rank ?? 0);
      expect(shown[1]?.rank).toBeLessThan(shown[2]?.rank ?? 0);
      // The club board shows each player's country.
      expect(await rows(page).nth(0).textContent()).toContain(COUNTRY);

      // Expand by keyboard.
      await page.getByRole('button', { name: `Picks of ${STARS.viewer.name}` }).focus();
      await page.keyboard.press('Enter');
      // The rows are drawn by the server: a press before the app takes the page over acts after it.
      const ownPicks = page.getByRole('list', { name: 'Your picks' });
      await ownPicks.waitFor();
      expect(await ownPicks.getByRole('listitem').count()).toBe(4);
      await screenshot(page, 'leaderboard-team-desktop');
      await expectNoSeriousAxeViolations(page);

      // Back to global: its search is gone too.
      await page.getByRole('tab', { name: 'Global' }).click();
      await page.waitForURL('**/leaderboard/global');
      // The address changes before the new tab renders: wait for the screen, not the URL.
      await expect.poll(() => page.getByRole('textbox', { name: 'Search players' }).inputValue()).toBe('');
    } finally {
      await page.close();
    }
  });

  // What each state says, and its rules (Try Again, Go to Settings, the redirect of a profile
  // without a club, the newcomer's notice) are checked on the screen itself:
  // apps/web/src/app/screens/leaderboard-states.test.tsx. Here: how they read to axe, and fit.
  it('says when the board cannot load, and when the profile has no club, to axe', async () => {
    const page = await viewer.newPage();
    try {
      // The server would draw the board it reads itself: the page is left to the app.
      await serveUndrawnPages(page, '**/leaderboard/global');
      await page.route('**/api/leaderboard/**', (route) => route.fulfill({ status: 500, body: '' }));
      await page.goto('/leaderboard/global');
      await page.getByRole('alert').filter({ hasText: 'Failed to load leaderboard data' }).waitFor();
      await screenshot(page, 'leaderboard-error-desktop');
      await expectNoSeriousAxeViolations(page);
      await page.unroute('**/api/leaderboard/**');

      // Onboarding requires a club: only an odd account lacks one, so the profile is read without it.
      await page.route('**/api/profile', async (route) => {
        const response = await route.fetch();
        route.fulfill({ response, json: { ...(await response.json()), favouriteClub: null } });
      });
      await serveUndrawnPages(page, '**/leaderboard/team');
      await page.goto('/leaderboard/team');
      await page.waitForURL('**/leaderboard/global');
      await page.getByRole('alert').filter({ hasText: LEADERBOARD_MESSAGES.noClub }).waitFor();
      await rows(page).first().waitFor();
      await screenshot(page, 'leaderboard-no-club-desktop');
      await expectNoSeriousAxeViolations(page);
    } finally {
      await page.close();
    }
  });

  it('reads well at 375 px: every tab, the own row expanded, the empty search', async () => {
    const page = await viewer.newPage();
    try {
      await page.setViewportSize(MOBILE);
      // Country last: the checks below go on on its page.
      for (const tab of ['global', 'team', 'country'] as const) {
        await openBoard(page, `/leaderboard/${tab}`);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `leaderboard-${tab}-mobile`);
      }
      // Status moves under the name on a phone.
      expect((await shownRows(page))[0]).toMatchObject({
        name: STARS.viewer.name,
        status: 'safe',
        isYou: true,
      });
      await page.getByRole('button', { name: `Picks of ${STARS.viewer.name}` }).click();
      // The rows are drawn by the server: a press before the app takes the page over acts after it.
      const ownPicks = page.getByRole('list', { name: 'Your picks' });
      await ownPicks.waitFor();
      expect(await ownPicks.getByRole('listitem').count()).toBe(4);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'leaderboard-country-expanded-mobile');
      await expectNoSeriousAxeViolations(page);

      // Pages on a phone: Previous, "n of m", Next and Go to.
      const pages = page.getByRole('navigation', { name: 'Leaderboard pages' });
      expect(await pages.getByText('1 of 3').isVisible()).toBe(true);
      await pages.getByRole('spinbutton', { name: 'Go to' }).fill('3');
      await expect.poll(() => showing(page)).toBe(`Showing 51 to ${BOARD_SIZE} of ${BOARD_SIZE} players`);

      await search(page, `${TAG} nobody`);
      await page.getByText('No players found matching your search criteria.').waitFor();
      await screenshot(page, 'leaderboard-empty-search-mobile');

      // The server would draw the board it reads itself: the page is left to the app.
      await serveUndrawnPages(page, '**/leaderboard/global');
      await page.route('**/api/leaderboard/**', (route) => route.fulfill({ status: 500, body: '' }));
      await page.goto('/leaderboard/global');
      await page.getByRole('alert').filter({ hasText: 'Failed to load leaderboard data' }).waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'leaderboard-error-mobile');
      await expectNoSeriousAxeViolations(page);
    } finally {
      await page.close();
    }
  });

  it("Show Me Only's notice to a player not ranked yet fits a phone and reads well to axe", async () => {
    const page = await viewer.newPage();
    try {
      await page.setViewportSize(MOBILE);
      // The answer a newcomer gets before the next recompute ranks them.
      await page.route('**/api/leaderboard/global?*me=true*', (route) =>
        route.fulfill({
          json: {
            rows: [],
            total: 0,
            isTotalCapped: false,
            page: 1,
            pageSize: 25,
            filter: {},
            computedAt: new Date().toISOString(),
            viewerPending: { withinSeconds: 40 },
          },
        }),
      );
      await openBoard(page, '/leaderboard/global');
      await page.getByRole('button', { name: 'Show Me Only' }).click();
      await page.getByRole('status').filter({ hasText: "You're not ranked yet." }).waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'leaderboard-me-pending-mobile');
      await expectNoSeriousAxeViolations(page);
    } finally {
      await page.close();
    }
  });
});
