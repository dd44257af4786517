import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  expectNoSeriousAxeViolations,
  holdRequests,
  setUpBrowser,
  waitForTheApp,
} from './support/browser.ts';

const browser = setUpBrowser();

// The loading messages on arrival ("Initialising...", "Checking access...", ...) are checked
// on the screens themselves: apps/web/src/app/screens/route-states.test.tsx.
describe('while a screen loads and when it fails', () => {
  it('keeps the current screen while the next one loads after a click', async () => {
    const context = await browser().newContext({ baseURL: baseUrl() });
    const { release, asked } = await holdRequests(context, '**/assets/terms-of-use-*.js');
    const page = await context.newPage();
    await page.goto('/privacy-policy');
    await waitForTheApp(page);
    const firstHeading = await page.getByRole('heading', { level: 1 }).textContent();
    await page.getByRole('link', { name: 'Terms of Use' }).first().click();
    // The next screen's code is asked for and held: the router has started the navigation.
    await asked;
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(firstHeading);
    release();
    await page.waitForURL('**/terms-of-use');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).not.toBe(firstHeading);
    await context.close();
  });

  it('shows "Unexpected Application Error!" with a status and message when a screen cannot load', async () => {
    const context = await browser().newContext({ baseURL: baseUrl() });
    await context.route('**/assets/terms-of-use-*.js', (route) => route.abort());
    const page = await context.newPage();
    await page.goto('/privacy-policy');
    await waitForTheApp(page);
    await page.getByRole('link', { name: 'Terms of Use' }).first().click();

    await page.getByText('Unexpected Application Error!').waitFor();
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toMatch(/500/);
    expect(text).toMatch(/dynamically imported module|Failed to fetch|Importing a module script failed/i);
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });
});
