import { describe, expect, it } from 'vitest';
import {
  addExpiredSessionCookie,
  baseUrl,
  expectNoSeriousAxeViolations,
  holdRequests,
  serveUndrawnPages,
  setUpBrowser,
  waitForTheApp,
} from './support/browser.ts';

const browser = setUpBrowser();

describe('while a screen loads and when it fails', () => {
  it('shows "Initialising..." while a screen loads on arrival, then the screen', async () => {
    const context = await browser().newContext({ baseURL: baseUrl() });
    await serveUndrawnPages(context, '**/privacy-policy');
    const { release } = await holdRequests(context, '**/assets/privacy-policy-*.js');
    const page = await context.newPage();
    await page.goto('/privacy-policy', { waitUntil: 'commit' });
    await page.getByText('Initialising...').first().waitFor();
    release();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText('Initialising...').count()).toBe(0);
    await context.close();
  });

  it('shows "Loading password reset..." while the reset page loads on arrival', async () => {
    const context = await browser().newContext({ baseURL: baseUrl() });
    await serveUndrawnPages(context, '**/reset-password?*');
    const { release } = await holdRequests(context, '**/assets/reset-password-*.js');
    const page = await context.newPage();
    await page.goto('/reset-password?token=abc&type=recovery', { waitUntil: 'commit' });
    await page.getByText('Loading password reset...').first().waitFor();
    expect(await page.getByText('Initialising...').count()).toBe(0);
    release();
    await page.getByRole('heading', { level: 1, name: 'Reset Password' }).waitFor();
    expect(await page.getByText('Loading password reset...').count()).toBe(0);
    await context.close();
  });

  it('shows "Checking access..." while a signed-in page checks who may enter', async () => {
    const context = await browser().newContext({ baseURL: baseUrl() });
    // A session the server no longer knows: the app must ask the API, and the test holds the answer.
    await addExpiredSessionCookie(context);
    const { release } = await holdRequests(context, '**/api/profile');
    const page = await context.newPage();
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await page.getByText('Checking access...').first().waitFor();
    release();
    await page.waitForURL('**/login');
    // The address changes before the login screen replaces the check: wait for the screen.
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    expect(await page.getByText('Checking access...').count()).toBe(0);
    await context.close();
  });

  it('shows "Checking authentication..." while the forgot-password page checks the visitor', async () => {
    const context = await browser().newContext({ baseURL: baseUrl() });
    // A session the server no longer knows: the app must ask the API, and the test holds the answer.
    await addExpiredSessionCookie(context);
    await serveUndrawnPages(context, '**/forgot-password');
    const { release } = await holdRequests(context, '**/api/profile');
    const page = await context.newPage();
    await page.goto('/forgot-password', { waitUntil: 'commit' });
    await page.getByText('Checking authentication...').first().waitFor();
    release();
    await page.getByRole('heading', { level: 1, name: 'Forgot Password' }).waitFor();
    await context.close();
  });

  it('keeps the current screen while the next one loads after a click', async () => {
    const context = await browser().newContext({ baseURL: baseUrl() });
    const { release } = await holdRequests(context, '**/assets/terms-of-use-*.js');
    const page = await context.newPage();
    await page.goto('/privacy-policy');
    await waitForTheApp(page);
    const firstHeading = await page.getByRole('heading', { level: 1 }).textContent();
    await page.getByRole('link', { name: 'Terms of Use' }).first().click();
    await page.waitForTimeout(300);
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
