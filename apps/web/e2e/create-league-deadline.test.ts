import { LEAGUE_MESSAGES, type LeagueSummary } from '@hit21/core';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  completeOnboardingThroughApi,
  pickSquadThroughApi,
  signUpThroughApi,
  toastText,
} from './support/accounts.ts';
import { baseUrl, DESKTOP, MOBILE, screenshot, setUpBrowser } from './support/browser.ts';

const browser = setUpBrowser();
const LONG_TEST_MS = 120_000;

/*
 * The test server's game clock stands in August 2025 (a day before the pick deadline), while
 * this machine's clock is later: the create form must check the join deadline against the
 * game's clock, as the server and the settings form do.
 */

async function player(viewport: typeof DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser().newContext({
    viewport,
    baseURL: baseUrl(),
    reducedMotion: 'reduce',
    timezoneId: 'Europe/London',
    hasTouch: viewport === MOBILE,
  });
  context.setDefaultTimeout(15_000);
  await signUpThroughApi(context);
  await completeOnboardingThroughApi(context);
  await pickSquadThroughApi(context);
  return { context, page: await context.newPage() };
}

async function myLeagues(context: BrowserContext): Promise<LeagueSummary[]> {
  const response = await context.request.get('/api/leagues');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { leagues: LeagueSummary[] }).leagues;
}

/** Fills the form's deadline; the game clock's now is its earliest value. */
async function setDeadline(form: ReturnType<Page['getByRole']>, value: string): Promise<void> {
  const input = form.getByLabel(/Join Deadline/);
  expect(await input.getAttribute('min')).toMatch(/^2025-08-14T/);
  await input.fill(value);
}

describe('the Create League form on the game clock', () => {
  it(
    'sets a 2025/26 join deadline from /leagues, and refuses one before the game clock',
    async () => {
      const { context, page } = await player(DESKTOP);
      await page.goto('/leagues');
      await page.getByRole('heading', { level: 1, name: 'Mini Leagues' }).waitFor();
      await page.getByRole('button', { name: 'Create League' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Create League' });
      await dialog.getByLabel('League Name').fill('Autumn Derby');

      await setDeadline(dialog, '2025-08-01T12:00');
      await dialog.getByRole('button', { name: 'Create League' }).click();
      await dialog.getByText(LEAGUE_MESSAGES.deadlineInPast).waitFor();
      expect(await myLeagues(context)).toEqual([]);

      await setDeadline(dialog, '2025-09-01T12:00');
      await dialog.getByText(/Joins close on 1 Sept? 2025 at 12:00 \(your time\)/).waitFor();
      await screenshot(page, 'create-league-deadline-2025-1280');
      await dialog.getByRole('button', { name: 'Create League' }).click();
      expect(await toastText(page, 'League created successfully!')).toContain('Autumn Derby');
      const [league] = await myLeagues(context);
      // 12:00 in London in September is 11:00 UTC.
      expect(league).toMatchObject({ name: 'Autumn Derby', joinDeadline: '2025-09-01T11:00:00.000Z' });
      await context.close();
    },
    LONG_TEST_MS,
  );

  it(
    'sets a 2025/26 join deadline from the dashboard on a phone',
    async () => {
      const { context, page } = await player(MOBILE);
      await page.goto('/dashboard');
      const panel = page.getByRole('region', { name: 'Leagues', exact: true });
      await panel.getByRole('button', { name: 'Create League' }).click();
      const form = page.getByRole('form', { name: 'Create League' });
      await form.getByLabel('League Name').fill('Phone Derby');
      await setDeadline(form, '2025-12-26T15:00');
      await form.getByText(/Joins close on 26 Dec 2025 at 15:00 \(your time\)/).waitFor();
      await form.scrollIntoViewIfNeeded();
      await screenshot(page, 'create-league-deadline-2025-375');
      await form.getByRole('button', { name: 'Create League' }).click();
      await toastText(page, 'League created successfully!');
      const [league] = await myLeagues(context);
      expect(league).toMatchObject({ name: 'Phone Derby', joinDeadline: '2025-12-26T15:00:00.000Z' });
      await context.close();
    },
    LONG_TEST_MS,
  );
});
