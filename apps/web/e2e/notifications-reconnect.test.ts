import type { Request, Route } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  completeOnboardingThroughApi,
  newAccount,
  pickSquadThroughApi,
  signUpThroughApi,
} from './support/accounts.ts';
import { baseUrl, DESKTOP, MOBILE, screenshot, setUpBrowser } from './support/browser.ts';

const browser = setUpBrowser();
const STREAM = '**/api/notifications/stream';
const contexts: { close(): Promise<void> }[] = [];

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
});

/**
 * The server ends a live stream at the end of its lifetime, and refuses one past its caps
 * (429 or 503 with Retry-After). The page must open it again with nothing shown to the fan.
 * Here the first answers are the server's as those cases give them; the later ones are real.
 */
describe('the live notifications stream', () => {
  it.each([
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ])(
    'is opened again after the server ends or refuses it, with nothing shown (%s)',
    async (label, viewport) => {
      const context = await browser().newContext({ viewport, baseURL: baseUrl(), reducedMotion: 'reduce' });
      contexts.push(context);
      await signUpThroughApi(context, newAccount(`reconnect-${label}`));
      await completeOnboardingThroughApi(context, { fullName: 'Rey Connect' });
      await pickSquadThroughApi(context);
      const page = await context.newPage();

      const answers: string[] = [];
      const summaries: number[] = [];
      page.on('request', (request: Request) => {
        if (request.url().endsWith('/api/notifications/summary')) summaries.push(answers.length);
      });
      await page.route(STREAM, async (route: Route) => {
        const attempt = answers.length;
        if (attempt < 2) {
          // A stream that ends whole: what the server sends, then the end of its lifetime.
          answers.push('ended');
          return route.fulfill({
            status: 200,
            headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' },
            body: 'retry: 300\n\n',
          });
        }
        if (attempt === 2) {
          answers.push('refused');
          return route.fulfill({
            status: 503,
            headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': '30' },
            body: JSON.stringify({
              code: 'UNAVAILABLE',
              reason: 'STREAMS_FULL',
              message: 'This instance holds its cap of 512 live streams',
              userMessage: 'Live updates are busy right now. Try again in 30 seconds.',
            }),
          });
        }
        answers.push('real');
        return route.continue();
      });

      const realStream = page.waitForResponse(
        (response) => response.url().endsWith('/api/notifications/stream') && answers.at(-1) === 'real',
        { timeout: 20_000 },
      );
      await page.goto('/dashboard');
      expect((await realStream).status()).toBe(200);
      expect(answers).toEqual(['ended', 'ended', 'refused', 'real']);
      // Each opened stream reloads the notifications from the store (what it may have missed).
      await expect
        .poll(() => summaries.filter((at) => at >= 4).length, { timeout: 5_000 })
        .toBeGreaterThan(0);

      // Nothing told the fan: no toast, no alert, no error text.
      await page.waitForTimeout(500);
      expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(await page.locator('body').innerText()).not.toMatch(/went wrong|busy right now|try again/i);
      await screenshot(page, `notifications-reconnected-${label}`);
    },
  );
});
