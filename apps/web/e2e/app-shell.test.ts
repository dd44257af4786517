import { describe, expect, it } from 'vitest';
import { completeOnboardingThroughApi, pickSquadThroughApi, signUpThroughApi } from './support/accounts.ts';
import { captureAnalytics, sentEvents } from './support/analytics.ts';
import {
  baseUrl,
  expectNoSeriousAxeViolations,
  MOBILE,
  openPage,
  screenshot,
  setUpBrowser,
  waitForTheApp,
} from './support/browser.ts';
import { resetServerClock, setServerClock } from './support/clock.ts';

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
    expect(await page.title()).toBe('Page Not Found | Hit21');
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
  // The signed-out pages' titles are checked in screens/app-shell-titles.test.tsx.
  it('titles every signed-in page, and names the country and club on their boards', async () => {
    const context = await browser().newContext({ baseURL: baseUrl(), reducedMotion: 'reduce' });
    await signUpThroughApi(context);
    await completeOnboardingThroughApi(context, { country: 'United Kingdom', favouriteClub: 'Arsenal' });
    await pickSquadThroughApi(context);
    const page = await context.newPage();
    for (const [pathname, title] of [
      ['/dashboard', 'Dashboard | Hit21'],
      ['/edit-players', 'Edit Your Team | Hit21'],
      ['/rules', 'Rules | Hit21'],
      ['/settings', 'Settings | Hit21'],
      ['/leagues', 'Mini Leagues | Hit21'],
      // Without a league passed along (only creating one does), the created page goes to /leagues.
      ['/leagues/created', 'Mini Leagues | Hit21'],
      ['/leagues/abc', 'League Standings | Hit21'],
      ['/leagues/abc/standings', 'League Standings | Hit21'],
      ['/leagues/abc/join-requests', 'League Members | Hit21'],
      ['/leagues/abc/admin', 'League Admin | Hit21'],
      ['/leaderboard/global', 'Global Leaderboard | Hit21'],
      ['/leaderboard/country', 'United Kingdom Leaderboard | Hit21'],
      ['/leaderboard/team', 'Arsenal Leaderboard | Hit21'],
    ] as const) {
      await page.goto(pathname);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expect.poll(() => page.title(), { message: pathname }).toBe(title);
    }
    // The tabs by click, as a player moves between them.
    await page.getByRole('tab', { name: 'Country' }).click();
    await expect.poll(() => page.title()).toBe('United Kingdom Leaderboard | Hit21');
    await page.getByRole('tab', { name: 'Team' }).click();
    await expect.poll(() => page.title()).toBe('Arsenal Leaderboard | Hit21');
    await context.close();
  });

  it('follows client-side navigation, scrolls to the top and records a page view', async () => {
    const context = await browser().newContext({ baseURL: baseUrl() });
    await captureAnalytics(context);
    const page = await context.newPage();
    // Visitors get a prerendered landing page, whose links load the app: start in the app.
    await page.goto('/privacy-policy');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect
      .poll(() => sentEvents(page, 'page_view'))
      .toEqual([{ name: 'page_view', path: '/privacy-policy' }]);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));

    const recorded = page.waitForResponse((response) => response.url().endsWith('/api/analytics/events'));
    await page.getByRole('link', { name: 'Sign Up' }).first().click();
    await page.waitForURL('**/signup');
    expect((await recorded).status()).toBe(202);
    await expect
      .poll(() => sentEvents(page, 'page_view'))
      .toEqual([
        { name: 'page_view', path: '/privacy-policy' },
        { name: 'page_view', path: '/signup' },
      ]);
    await expect.poll(() => page.title()).toBe('Sign Up | Hit21');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });
});

describe('page views', () => {
  it('are recorded only for the page a signed-out visitor lands on, not the one a guard refused', async () => {
    const context = await browser().newContext({ baseURL: baseUrl() });
    await captureAnalytics(context);
    const page = await context.newPage();
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    await page.waitForTimeout(1000);
    expect(await sentEvents(page, 'page_view')).toEqual([{ name: 'page_view', path: '/login' }]);

    // And by a click: a signed-out visitor sent from a signed-in page's link.
    await page.goto('/privacy-policy');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => sentEvents(page, 'page_view')).toHaveLength(1);
    await page.evaluate(() => window.history.pushState({}, '', '/settings'));
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
    await page.waitForURL('**/login');
    await page.waitForTimeout(1000);
    expect((await sentEvents(page, 'page_view')).map((event) => event.path)).toEqual([
      '/privacy-policy',
      '/login',
    ]);
    await context.close();
  });

  it('are recorded for the leaderboard tab a player lands on, not for /leaderboard', async () => {
    const context = await browser().newContext({ baseURL: baseUrl() });
    await signUpThroughApi(context);
    await completeOnboardingThroughApi(context);
    await pickSquadThroughApi(context);
    await captureAnalytics(context);
    const page = await context.newPage();
    await page.goto('/leaderboard');
    await page.waitForURL('**/leaderboard/global');
    await page.getByRole('heading', { level: 1, name: 'Global Leaderboard' }).waitFor();
    await page.waitForTimeout(1000);
    expect((await sentEvents(page, 'page_view')).map((event) => event.path)).toEqual(['/leaderboard/global']);
    await context.close();
  });
});

describe('analytics events', () => {
  it('sends navigation_click for a menu link and time_on_page for the page left', async () => {
    const context = await browser().newContext({ baseURL: baseUrl() });
    await captureAnalytics(context);
    const page = await context.newPage();
    await page.goto('/privacy-policy');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => sentEvents(page, 'page_view')).toHaveLength(1);
    await page.waitForTimeout(1600);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Use' }).click();
    await page.waitForURL('**/terms-of-use');
    await expect
      .poll(() => sentEvents(page, 'navigation_click'))
      .toEqual([
        {
          name: 'navigation_click',
          path: '/privacy-policy',
          properties: { menu: 'Footer', label: 'Terms of Use', to: '/terms-of-use' },
        },
      ]);
    await expect
      .poll(() => sentEvents(page, 'time_on_page'))
      .toEqual([
        { name: 'time_on_page', path: '/privacy-policy', properties: { seconds: expect.any(Number) } },
      ]);
    const [timeOnPage] = await sentEvents(page, 'time_on_page');
    expect(timeOnPage?.properties?.seconds).toBeGreaterThanOrEqual(2);

    // Hiding the tab ends the visible stretch of the page too.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect
      .poll(async () => (await sentEvents(page, 'time_on_page')).map((event) => event.path))
      .toEqual(['/privacy-policy', '/terms-of-use']);
    await context.close();
  });

  it('sends form_focus for the sign-up form, never with what was typed', async () => {
    const context = await browser().newContext({ baseURL: baseUrl() });
    await captureAnalytics(context);
    const page = await context.newPage();
    await page.goto('/signup');
    // The first focus is the app's to see: a page the server drew is the app's once taken over.
    await waitForTheApp(page);
    await page.getByLabel('Email', { exact: true }).fill('secret-address@example.com');
    await page.getByLabel('Password', { exact: true }).click();
    await page.getByLabel('Email', { exact: true }).click();
    await expect
      .poll(() => sentEvents(page, 'form_focus'))
      .toEqual([
        { name: 'form_focus', path: '/signup', properties: { form: 'sign_up', field: 'email' } },
        { name: 'form_focus', path: '/signup', properties: { form: 'sign_up', field: 'password' } },
      ]);
    expect(JSON.stringify(await sentEvents(page, 'form_focus'))).not.toContain('secret-address');
    await context.close();
  });

  it('sends form_focus once per field of the waitlist and social_click for a share link', async () => {
    await setServerClock({ at: '2025-08-01T12:00:00Z' });
    try {
      const context = await browser().newContext({ baseURL: baseUrl() });
      await captureAnalytics(context);
      // The share page of the network is not opened for real.
      await context.route(/^https:\/\/(x\.com|wa\.me|www\.facebook\.com)\//, (route) =>
        route.fulfill({ body: 'shared' }),
      );
      const page = await context.newPage();
      await page.goto('/coming-soon');
      await waitForTheApp(page);
      const accepted = page.waitForResponse(
        (response) => response.url().endsWith('/api/analytics/events') && response.status() === 202,
      );
      await page.getByLabel('Full Name').click();
      await page.getByLabel('Email').click();
      await page.getByLabel('Full Name').click();
      await accepted;
      await expect
        .poll(() => sentEvents(page, 'form_focus'))
        .toEqual([
          { name: 'form_focus', path: '/coming-soon', properties: { form: 'waitlist', field: 'fullName' } },
          { name: 'form_focus', path: '/coming-soon', properties: { form: 'waitlist', field: 'email' } },
        ]);

      const opened = context.waitForEvent('page');
      await page.getByRole('link', { name: /WhatsApp/ }).click();
      const sharePage = await opened;
      expect(sharePage.url()).toMatch(/^https:\/\/wa\.me\/\?text=/);
      await expect
        .poll(() => sentEvents(page, 'social_click'))
        .toEqual([
          {
            name: 'social_click',
            path: '/coming-soon',
            properties: { network: 'whatsapp', source: 'coming_soon_page' },
          },
        ]);
      await context.close();
    } finally {
      await resetServerClock();
    }
  });
});

describe('deep links', () => {
  it('load the app on any route straight from the server', async () => {
    const { context, page } = await openPage(browser(), '/join/ABCD1234');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toBe('Join League | Hit21');
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
