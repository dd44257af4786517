import { afterEach, describe, expect, it } from 'vitest';
import { completeOnboardingThroughApi, pickSquadThroughApi, signUpThroughApi } from './support/accounts.ts';
import { baseUrl, DESKTOP, screenshot, setUpBrowser } from './support/browser.ts';
import { resetServerClock, setServerClock } from './support/clock.ts';

/*
 * A Going Bust row with a two-digit total keeps "11 / 21" on one line at 1280 px, beside a long
 * name that takes the table's room.
 */
const browser = setUpBrowser();
// 100 characters, the most a name may have.
const LONG_NAME = `${'Maximilian '.repeat(9)}X`;
// A board of its own: no other file's players live there (leaderboard.test.ts has Tuvalu's).
const COUNTRY = 'Kiribati';
// After gameweek 5: Haaland 6, Semenyo 3, Thiago 2, Watkins 0 — 11 goals, going bust.
const TEAM = ['Haaland', 'Semenyo', 'Thiago', 'Watkins'];

afterEach(async () => {
  await resetServerClock();
});

describe('the leaderboard’s total goals', () => {
  it('keeps a going-bust two-digit total and "/ 21" on one line at 1280 px', async () => {
    await resetServerClock();
    const context = await browser().newContext({
      viewport: DESKTOP,
      baseURL: baseUrl(),
      reducedMotion: 'reduce',
    });
    try {
      await signUpThroughApi(context);
      await completeOnboardingThroughApi(context, { fullName: LONG_NAME, country: COUNTRY });
      await pickSquadThroughApi(context, TEAM);
      await context.newPage();
      await setServerClock({ afterGameweek: 5 });
      await expect
        .poll(
          async () => {
            const response = await context.request.get('/api/leaderboard/country');
            const board = (await response.json()) as { rows?: { totalGoals: number; status: string }[] };
            return board.rows?.[0] ? `${board.rows[0].status} ${board.rows[0].totalGoals}` : '';
          },
          { timeout: 30_000, interval: 250 },
        )
        .toBe('going_bust 11');
      const page = context.pages()[0];
      if (!page) throw new Error('No page');
      await page.goto('/leaderboard/country');
      const row = page.getByTestId('leaderboard-row').first();
      await row.waitFor();
      const goals = row.locator('td').nth(1);
      expect((await goals.innerText()).replace(/\s+/g, ' ').trim()).toBe('11 / 21');
      // One line: "/ 21" sits beside the total, not under it.
      const isOneLine = await goals.evaluate((cell) => {
        const spans = [...cell.querySelectorAll('span')];
        const total = spans.find((span) => span.textContent?.trim() === '11')?.getBoundingClientRect();
        const target = spans.find((span) => span.textContent?.trim() === '/ 21')?.getBoundingClientRect();
        if (!total || !target) return false;
        return target.top < total.bottom && target.bottom > total.top && target.left >= total.right - 1;
      });
      expect(isOneLine).toBe(true);
      await screenshot(page, 'leaderboard-going-bust-total-1280');
    } finally {
      await context.close();
    }
  });
});
