import { dashboardStatus, GOAL_TARGET, projectedGoals } from '@hit21/core';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeOnboardingThroughApi, signUpThroughApi } from './support/accounts.ts';
import {
  baseUrl,
  DESKTOP,
  expectNoSeriousAxeViolations,
  MOBILE,
  screenshot,
  setUpBrowser,
  waitForTheApp,
} from './support/browser.ts';
import { committedSeason, resetServerClock, setServerClock } from './support/clock.ts';

const browser = setUpBrowser();

// Four picks whose story has a bit of everything: 18 goals after gameweek 20 (the close-to-21
// warning), well over 21 by the end of the season.
const TEAM = ['Bukayo Saka', 'Ollie Watkins', 'Declan Rice', 'Cole Palmer'] as const;
const LOCKED = 'Team editing is disabled now as the season has started';

afterAll(async () => {
  await resetServerClock();
});

interface Expected {
  /** Goals per player, in TEAM order. */
  goals: Map<string, number>;
  total: number;
}

/** Each pick's goals up to gameweek `week`, from the committed season facts. */
async function expectedAfter(week: number): Promise<Expected> {
  const { players, goals } = await committedSeason();
  const goalsByName = new Map<string, number>();
  for (const name of TEAM) {
    const player = players.find((candidate) => candidate.name === name);
    if (!player) throw new Error(`${name} is not in the committed season`);
    goalsByName.set(
      name,
      goals
        .filter((goal) => goal.fplCode === player.fplCode && goal.gameweek <= week)
        .reduce((sum, goal) => sum + goal.goals, 0),
    );
  }
  const total = [...goalsByName.values()].reduce((sum, count) => sum + count, 0);
  return { goals: goalsByName, total };
}

/**
 * One onboarded user (United Kingdom, Arsenal) whose squad is TEAM, saved before the deadline:
 * the tests only read their dashboard, each in a browser of its own signed in as them.
 */
let account: Awaited<ReturnType<BrowserContext['storageState']>>;

beforeAll(async () => {
  await resetServerClock();
  const context = await browser().newContext({ baseURL: baseUrl() });
  try {
    await signUpThroughApi(context);
    await completeOnboardingThroughApi(context);
    const playerIds: string[] = [];
    for (const name of TEAM) {
      const response = await context.request.get('/api/players', {
        params: { search: name.split(' ').at(-1) ?? name, pageSize: 100 },
      });
      expect(response.status()).toBe(200);
      const { players } = (await response.json()) as { players: { id: string; name: string }[] };
      const player = players.find((candidate) => candidate.name === name);
      if (!player) throw new Error(`${name} is not in the player list`);
      playerIds.push(player.id);
    }
    const saved = await context.request.put('/api/squad', {
      data: { playerIds },
      headers: { Origin: new URL(baseUrl()).origin },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    account = await context.storageState();
  } finally {
    await context.close();
  }
});

/** A browser signed in as the user above. */
async function userWithSquad(viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser().newContext({
    viewport,
    baseURL: baseUrl(),
    reducedMotion: 'reduce',
    // A phone has a touch screen and no hover.
    hasTouch: viewport === MOBILE,
    storageState: account,
  });
  return { context, page: await context.newPage() };
}

async function openDashboard(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await page.getByRole('heading', { level: 2, name: 'Your Team' }).waitFor();
  await page.getByTestId('season-chart').waitFor();
  // The app brings the current week into view as it takes the drawn page over.
  await waitForTheApp(page);
}

function tileValue(page: Page, label: string): Locator {
  return page.locator(`dt:text-is("${label}") + dd`);
}

/** The viewport only: a full-page capture resizes the page, which closes tooltips. */
async function viewportScreenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png` });
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function cardGoals(page: Page, name: string): Promise<number> {
  const text = (await page.getByRole('article', { name }).textContent()) ?? '';
  const match = /(\d+)\s*Goals/.exec(text);
  if (!match) throw new Error(`No goal count on ${name}'s card: ${text}`);
  return Number(match[1]);
}

/** Tooltips close when the page scrolls: let the scroll's events pass before opening one. */
async function scrollIntoViewAndSettle(locator: Locator): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  await locator.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** The text of the open tooltip, once it shows. */
async function tooltipText(page: Page): Promise<string> {
  const tooltip = page.locator('[role="tooltip"]');
  await tooltip.waitFor({ state: 'attached' });
  return (await tooltip.textContent()) ?? '';
}

describe('the dashboard', () => {
  it('before the deadline: the team on the pitch, EDIT TEAM open, the leagues and a story waiting for kick-off', async () => {
    const { context, page } = await userWithSquad();
    try {
      await openDashboard(page);
      for (const name of TEAM) expect(await cardGoals(page, name)).toBe(0);
      expect(await tileValue(page, 'Team Goals').textContent()).toContain('0');
      expect(await tileValue(page, 'Projected').textContent()).toContain('0.0');

      const editSquad = page.getByRole('link', { name: 'Edit Team' });
      expect(await editSquad.getAttribute('href')).toBe('/edit-players');

      // The leagues panel: both buttons open their form inline (leagues-list.test.ts drives them), the public leagues lead to the leaderboards.
      const leagues = page.getByRole('region', { name: 'Leagues', exact: true });
      expect(await leagues.getByRole('button', { name: 'Create League' }).getAttribute('aria-expanded')).toBe(
        'false',
      );
      expect(await leagues.getByRole('button', { name: 'Join League' }).getAttribute('aria-expanded')).toBe(
        'false',
      );
      expect(await page.getByRole('link', { name: /^Global/ }).getAttribute('href')).toBe(
        '/leaderboard/global',
      );
      expect(await page.getByRole('link', { name: /^United Kingdom/ }).getAttribute('href')).toBe(
        '/leaderboard/country',
      );
      expect(await page.getByRole('link', { name: /^Arsenal/ }).getAttribute('href')).toBe(
        '/leaderboard/team',
      );

      expect(await page.getByText('Goals appear here from gameweek 1').count()).toBe(1);
      const banner = page.getByTestId('status-banner');
      expect(await banner.getByRole('heading').textContent()).toBe('Waiting for kick-off');
      expect(await banner.textContent()).toContain('Going Bust');
      expect(await page.getByTestId('goal-dot').count()).toBe(0);
      expect(await page.getByTestId('week-badge').count()).toBe(0);
      expect(await tileValue(page, 'Goals Needed').textContent()).toBe(String(GOAL_TARGET));
      // No gameweek is played before kick-off: all 38 are still to come.
      expect(await tileValue(page, 'Weeks Left').textContent()).toBe('38');

      await screenshot(page, 'dashboard-before-deadline-desktop');
      await expectNoSeriousAxeViolations(page);

      await page.setViewportSize(MOBILE);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'dashboard-before-deadline-mobile');
    } finally {
      await context.close();
    }
  });

  // The clock moves once for each moment of the season the tests below look at.
  describe('after gameweek 20', () => {
    beforeAll(() => setServerClock({ afterGameweek: 20 }));

    it('after gameweek 20: every goal, the count, the WEEK 20 badge and a locked team', async () => {
      const { context, page } = await userWithSquad();
      try {
        const expected = await expectedAfter(20);
        expect(expected.total).toBeGreaterThan(0);
        await openDashboard(page);

        for (const name of TEAM) expect(await cardGoals(page, name)).toBe(expected.goals.get(name));
        expect(await tileValue(page, 'Team Goals').textContent()).toContain(String(expected.total));
        expect(await tileValue(page, 'Projected').textContent()).toContain(
          projectedGoals(expected.total, 20, 38).toFixed(1),
        );
        expect(await tileValue(page, 'Current Goals').textContent()).toBe(
          `${expected.total}/ ${GOAL_TARGET}`,
        );
        expect(await tileValue(page, 'Goals Needed').textContent()).toBe(
          String(Math.max(0, GOAL_TARGET - expected.total)),
        );
        expect(await tileValue(page, 'Weeks Left').textContent()).toBe('18');

        // One dot per goal, and the breakdown by the players' names as the pitch shows them (not
        // the data's short names), most goals first.
        expect(await page.getByTestId('goal-dot').count()).toBe(expected.total);
        const rows = await page.getByTestId('player-breakdown').getByRole('listitem').allTextContents();
        expect(rows.map((row) => /^(\D+?)(?:Yet to score)?(\d+)/.exec(row)?.slice(1, 3))).toEqual(
          [...expected.goals]
            .sort(([nameA, goalsA], [nameB, goalsB]) => goalsB - goalsA || nameA.localeCompare(nameB, 'en'))
            .map(([name, goals]) => [name, String(goals)]),
        );
        const firstDot = (await page.getByTestId('goal-dot').first().getAttribute('aria-label')) ?? '';
        expect(TEAM.some((name) => firstDot.startsWith(`${name} goal, `))).toBe(true);

        // The WEEK 20 badge marks the current week, scrolled into view.
        const badge = page.getByTestId('week-badge');
        expect(await badge.innerText()).toBe('WEEK 20');
        const chartBox = await page.getByTestId('season-chart').boundingBox();
        const columnBox = await page.getByTestId('current-gameweek').boundingBox();
        expect(chartBox && columnBox).toBeTruthy();
        if (chartBox && columnBox) {
          expect(columnBox.x).toBeGreaterThanOrEqual(chartBox.x);
          expect(columnBox.x + columnBox.width).toBeLessThanOrEqual(chartBox.x + chartBox.width);
        }

        // The status banner follows the game rules.
        const status = dashboardStatus([...expected.goals.values()], { isSeasonOver: false });
        const title = { safe: 'Safe', going_bust: 'Going Bust', bust: 'Bust', optimal: 'Optimal' }[status];
        expect(await page.getByTestId('status-banner').getByRole('heading').textContent()).toBe(title);

        // The locked EDIT TEAM button says why, on hover.
        const editSquad = page.getByRole('button', { name: 'Edit Team' });
        expect(await editSquad.getAttribute('aria-disabled')).toBe('true');
        expect(await page.getByRole('link', { name: 'Edit Team' }).count()).toBe(0);
        await editSquad.hover();
        expect(await tooltipText(page)).toBe(LOCKED);
        await page.keyboard.press('Escape');
        await page.locator('[role="tooltip"]').waitFor({ state: 'detached' });
        await page.mouse.move(0, 0);
        await editSquad.focus();
        expect(await tooltipText(page)).toBe(LOCKED);
        await page.keyboard.press('Escape');

        // The latest goal's tooltip, on a click: the running total and, from 18, the warning.
        const dots = page.getByTestId('goal-dot');
        await scrollIntoViewAndSettle(dots.last());
        await dots.last().click();
        const latest = await tooltipText(page);
        expect(latest).toContain(`Running total: ${expected.total} / ${GOAL_TARGET}`);
        if (expected.total >= 18) expect(latest).toMatch(/Close to 21|Bang on 21|Danger zone/);
        // The keyboard walks back to the goal before.
        await page.keyboard.press('ArrowLeft');
        expect(await dots.nth(expected.total - 2).evaluate((dot) => dot === document.activeElement)).toBe(
          true,
        );
        expect(await tooltipText(page)).toContain(`Running total: ${expected.total - 1} / ${GOAL_TARGET}`);
        await viewportScreenshot(page, 'dashboard-gameweek-20-tooltip-desktop');
        await page.keyboard.press('Escape');

        // The scroll buttons move the chart.
        const chart = page.getByTestId('season-chart');
        const before = await chart.evaluate((element) => element.scrollLeft);
        await page.getByRole('button', { name: 'Earlier gameweeks' }).click();
        await expect.poll(() => chart.evaluate((element) => element.scrollLeft)).toBeLessThan(before);

        await openDashboard(page);
        await screenshot(page, 'dashboard-gameweek-20-desktop');
        await expectNoSeriousAxeViolations(page);
      } finally {
        await context.close();
      }
    });

    it('at 375 px after gameweek 20: nothing overflows, the current week is in view and a tap opens a tooltip', async () => {
      const { context, page } = await userWithSquad(MOBILE);
      try {
        const expected = await expectedAfter(20);
        await openDashboard(page);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        const chartBox = await page.getByTestId('season-chart').boundingBox();
        const columnBox = await page.getByTestId('current-gameweek').boundingBox();
        expect(chartBox && columnBox).toBeTruthy();
        if (chartBox && columnBox) {
          expect(columnBox.x).toBeGreaterThanOrEqual(chartBox.x);
          expect(columnBox.x + columnBox.width).toBeLessThanOrEqual(chartBox.x + chartBox.width);
        }
        await screenshot(page, 'dashboard-gameweek-20-mobile');
        await expectNoSeriousAxeViolations(page);

        await scrollIntoViewAndSettle(page.getByTestId('goal-dot').last());
        await page.getByTestId('goal-dot').last().tap();
        expect(await tooltipText(page)).toContain(`Running total: ${expected.total} / ${GOAL_TARGET}`);
        // aria-disabled: Playwright counts it as disabled, a thumb does not.
        await page.getByRole('button', { name: 'Edit Team' }).tap({ force: true });
        expect(await tooltipText(page)).toBe(LOCKED);
        await viewportScreenshot(page, 'dashboard-gameweek-20-mobile-tooltip');
      } finally {
        await context.close();
      }
    });
  });

  describe('at the end of the season', () => {
    beforeAll(() => setServerClock({ afterGameweek: 38 }));

    it('at the end of the season: the full-time verdict and no weeks left', async () => {
      const { context, page } = await userWithSquad();
      try {
        const expected = await expectedAfter(38);
        await openDashboard(page);

        for (const name of TEAM) expect(await cardGoals(page, name)).toBe(expected.goals.get(name));
        expect(await page.getByTestId('goal-dot').count()).toBe(expected.total);
        expect(await tileValue(page, 'Weeks Left').textContent()).toBe('0');
        // At full time no goal counts any more: nothing is "needed", whatever the total.
        expect(await tileValue(page, 'Goals Needed').locator('[aria-hidden="true"]').textContent()).toBe('–');
        expect(await tileValue(page, 'Goals Needed').textContent()).toBe('–None');
        expect(await page.getByTestId('week-badge').innerText()).toBe('WEEK 38');
        const status = dashboardStatus([...expected.goals.values()], { isSeasonOver: true });
        const banner = page.getByTestId('status-banner');
        expect(await banner.getByRole('heading').textContent()).toBe(
          { safe: 'Safe', going_bust: 'Going Bust', bust: 'Bust', optimal: 'Optimal' }[status],
        );
        expect(await banner.textContent()).toContain('Full time');
        expect(await page.getByRole('button', { name: 'Edit Team' }).getAttribute('aria-disabled')).toBe(
          'true',
        );

        await screenshot(page, 'dashboard-season-end-desktop');
        await expectNoSeriousAxeViolations(page);
        await page.setViewportSize(MOBILE);
        await openDashboard(page);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await screenshot(page, 'dashboard-season-end-mobile');
      } finally {
        await context.close();
      }
    });
  });

  // "Loading your team..." and Retry after a failure: apps/web/src/app/screens/dashboard-states.test.tsx.
});
