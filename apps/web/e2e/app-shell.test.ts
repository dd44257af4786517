import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  expectNoSeriousAxeViolations,
  MOBILE,
  openPage,
  screenshot,
  setUpBrowser,
} from './support/browser.ts';

const browser = setUpBrowser();

describe('the 404 page', () => {
  it('explains the missing page and offers a way home and a way back', async () => {
    const { context, page } = await openPage(browser(), '/privacy-policy');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goto('/no/such/page');

    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page Not Found');
    expect(await page.getByText("Oops! The page you're looking for doesn't exist.").textContent()).toBe(
      "Oops! The page you're looking for doesn't exist. It might have been moved, deleted, or you entered the wrong URL.",
    );
    expect(await page.title()).toBe('no/such/page | Hit21');
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, '404-desktop');

    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL('**/privacy-policy');

    await page.goto('/still/missing');
    await page
      .getByRole('link', { name: 'Go to Homepage' })
      .or(page.getByRole('button', { name: 'Go to Homepage' }))
      .click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('reads well on a 375 px screen', async () => {
    const { context, page } = await openPage(browser(), '/nowhere', MOBILE);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, '404-mobile');
    await context.close();
  });
});

describe('document titles', () => {
  it.each([
    ['/', 'Coming Soon | Hit21'],
    ['/login', 'Login | Hit21'],
    ['/signup', 'Sign Up | Hit21'],
    ['/privacy-policy', 'Privacy Policy | Hit21'],
    ['/terms-of-use', 'Terms of Use | Hit21'],
    ['/forgot-password', 'forgot password | Hit21'],
    ['/coming-soon', 'coming soon | Hit21'],
    ['/join/ABCD1234', 'join/ABCD1234 | Hit21'],
  ])('%s is titled "%s"', async (pathname, title) => {
    const { context, page } = await openPage(browser(), pathname);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe(title);
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });

  it('follows client-side navigation, scrolls to the top and records a page view', async () => {
    const context = await browser().newContext({ baseURL: baseUrl() });
    // Chromium hides a beacon's body from the test: keep a copy of each one sent.
    await context.addInitScript(() => {
      const sent: string[] = [];
      Object.assign(window, { sentBeacons: sent });
      const original = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => {
        if (data instanceof Blob) data.text().then((text) => sent.push(text));
        return original(url, data);
      };
    });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));

    const recorded = page.waitForResponse((response) => response.url().endsWith('/api/analytics/events'));
    await page.getByRole('link', { name: 'Sign Up' }).first().click();
    await page.waitForURL('**/signup');
    expect((await recorded).status()).toBe(202);
    const beacons = () =>
      page.evaluate(() =>
        (window as unknown as { sentBeacons: string[] }).sentBeacons.map((text) => JSON.parse(text)),
      );
    await expect.poll(beacons).toEqual([
      { name: 'page_view', path: '/' },
      { name: 'page_view', path: '/signup' },
    ]);
    await expect.poll(() => page.title()).toBe('Sign Up | Hit21');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });
});

describe('deep links', () => {
  it('load the app on any route straight from the server', async () => {
    const { context, page } = await openPage(browser(), '/join/ABCD1234');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toBe('join/ABCD1234 | Hit21');
    expect(await page.getByRole('heading', { name: 'Page Not Found' }).count()).toBe(0);
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });

  it('to a signed-in page take a visitor who is not signed in to the login page', async () => {
    for (const pathname of ['/dashboard', '/leagues/abc/admin', '/leaderboard', '/settings']) {
      const { context, page } = await openPage(browser(), pathname);
      await page.waitForURL('**/login');
      await expect.poll(() => page.title()).toBe('Login | Hit21');
      await context.close();
    }
  });
});
