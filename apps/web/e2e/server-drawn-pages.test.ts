import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  completeOnboardingThroughApi,
  newAccount,
  pickSquadThroughApi,
  signUpThroughApi,
} from './support/accounts.ts';
import {
  addExpiredSessionCookie,
  baseUrl,
  expectNoSeriousAxeViolations,
  holdRequests,
  MOBILE,
  screenshot,
  setUpBrowser,
  waitForTheApp,
} from './support/browser.ts';
import { resetServerClock, setServerClock } from './support/clock.ts';

/*
 * Pages come drawn by the server (apps/web/src/server-render/), a visitor's and a signed-in
 * player's, and the app in the browser takes them over (hydration) rather than drawing them
 * again. A drawing that does not
 * match what the app draws shows in the console (React reports it), so each page is opened
 * with the console watched.
 */

const browser = setUpBrowser();
const TAG = randomUUID().slice(0, 6);
/** The contexts a test opened, closed when it ends: an open page keeps running (the countdown ticks). */
const contexts: BrowserContext[] = [];
let league: { code: string; name: string };
/** Signed in, onboarded, with a squad and the league above. */
let admin: BrowserContext;
let adminSquad: { name: string }[];

async function newContext(timezoneId = 'Europe/London'): Promise<BrowserContext> {
  const context = await browser().newContext({ viewport: MOBILE, baseURL: baseUrl(), timezoneId });
  contexts.push(context);
  return context;
}

/** The page as the server sends it to a visitor. */
async function firstResponse(pathname: string): Promise<string> {
  const response = await fetch(`${baseUrl()}${pathname}`);
  expect(response.status).toBe(200);
  return response.text();
}

/** Opens `pathname` and gives the page as the server sent it. */
async function drawnFor(page: Page, pathname: string): Promise<string> {
  const response = await page.goto(pathname);
  expect(response?.status()).toBe(200);
  return (await response?.text()) ?? '';
}

/** Every console error and warning, and uncaught error, of the page from now on. */
function watchConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(error.message));
  return messages;
}

/** `pathname` opened with the app's scripts held back until `release()`: the page as drawn, before the takeover. */
async function openBeforeTheApp(
  context: BrowserContext,
  pathname: string,
  { untilHeld = true }: { untilHeld?: boolean } = {},
) {
  const entry = await holdRequests(context, '**/assets/index-*.js');
  const page = await context.newPage();
  await page.goto(pathname, { waitUntil: 'commit' });
  // The page's own script asks for the app once it runs, and holds taps and forms from then on.
  if (untilHeld) await entry.asked;
  return { page, release: entry.release };
}

/** Whether the app has taken the page over: the header's menu opens only through React. */
async function expectTheAppRuns(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Close menu', expanded: true }).waitFor();
}

beforeAll(async () => {
  await resetServerClock();
  admin = await browser().newContext({ viewport: MOBILE, baseURL: baseUrl(), timezoneId: 'Europe/London' });
  await signUpThroughApi(admin, newAccount('drawn'));
  await completeOnboardingThroughApi(admin, { fullName: `Dee Drawn ${TAG}` });
  adminSquad = await pickSquadThroughApi(admin);
  const created = await admin.request.post('/api/leagues', {
    data: {
      name: `Drawn & Quartered <${TAG}>`,
      maxMembers: 50,
      joinMode: 'invite_only',
      joinDeadline: '2025-09-01T22:30:00.000Z',
    },
    headers: { Origin: new URL(baseUrl()).origin },
  });
  expect(created.status(), await created.text()).toBe(201);
  league = (await created.json()) as { code: string; name: string };
});

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

afterAll(async () => {
  await admin?.close();
});

describe('a visitor’s pages', () => {
  const PAGES = [
    { path: '/login', heading: 'Login' },
    { path: '/signup', heading: 'Sign Up' },
    { path: '/forgot-password', heading: 'Forgot Password' },
    { path: '/coming-soon', heading: 'Can you hit 21?' },
    { path: '/privacy-policy', heading: 'Privacy Policy' },
    { path: '/terms-of-use', heading: 'Terms of Use' },
    { path: '/no-such-page', heading: 'Page Not Found' },
  ];

  for (const { path, heading } of PAGES) {
    it(`${path} comes drawn, with its title, and the app takes it over without a word in the console`, async () => {
      const page = await (await newContext()).newPage();
      const consoleMessages = watchConsole(page);
      // The page as the server sent it, read from the visit itself: the server draws it once.
      const html = await drawnFor(page, path);
      expect(html).toMatch(/<div id="root"><div class="flex min-h-dvh flex-col">/);
      expect(html).toContain('<script type="application/json" id="hit21-hydration">');
      expect(html).not.toContain('<title>Hit21</title>');
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await expectTheAppRuns(page);
      expect(consoleMessages).toEqual([]);
      expect(await page.title()).toBe(html.match(/<title>([^<]*)<\/title>/)?.[1]?.replaceAll('&amp;', '&'));
      if (path === '/coming-soon') {
        // The pick deadline: in UTC in the drawing, then in the reader's zone.
        expect(html).toMatch(/August 2025 at \d\d:\d\d UTC/);
        await page
          .getByText(/August 2025 at \d\d:\d\d BST/)
          .first()
          .waitFor();
      }
    });
  }

  describe('/coming-soon before the launch, the waitlist open', () => {
    beforeAll(() => setServerClock({ at: '2025-08-01T12:00:00Z' }));
    afterAll(() => resetServerClock());

    it('is taken over without a word in the console', async () => {
      const page = await (await newContext()).newPage();
      const consoleMessages = watchConsole(page);
      await page.goto('/coming-soon');
      await page.getByRole('heading', { level: 1, name: 'Get ready to hit 21' }).waitFor();
      await waitForTheApp(page);
      await page.getByTestId('waitlist-count').getByText('on the waitlist').waitFor();
      // The waitlist count is drawn loading: a mismatch there made the app draw the page again.
      expect(consoleMessages).toEqual([]);
    });

    it('keeps every key typed while the app is taking the page over', async () => {
      const context = await newContext();
      const entry = await holdRequests(context, '**/assets/index-*.js');
      const page = await context.newPage();
      // A slow phone: the takeover lasts long enough for many keys to land in the middle of it.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const consoleMessages = watchConsole(page);
      let sent: { fullName: string; email: string } | undefined;
      await page.route('**/api/waitlist', async (route) => {
        sent = route.request().postDataJSON() as typeof sent;
        await route.fulfill({ status: 201, json: { count: 1 } });
      });
      await page.goto('/coming-soon', { waitUntil: 'commit' });
      await page.getByLabel('Full Name').fill('Early Fan');
      const email = page.getByLabel('Email');
      await email.click();
      await page.keyboard.insertText('early');
      entry.release();

      // Typed key by key until the app runs, and a little after, as a phone's keyboard types:
      // a word's text at once, without key events (as a field's fill does too).
      let typed = 'early';
      let keysAfter = 0;
      while (keysAfter < 10) {
        expect(typed.length, 'the app never took the page over').toBeLessThan(200);
        await page.keyboard.insertText('x');
        typed += 'x';
        if (await page.evaluate(() => document.documentElement.dataset.app === 'running')) keysAfter += 1;
      }
      await page.keyboard.insertText('@example.com');
      typed += '@example.com';

      expect(await email.inputValue()).toBe(typed);
      await page.getByRole('button', { name: 'Notify Me' }).click();
      await expect.poll(() => sent).toEqual({ fullName: 'Early Fan', email: typed });
      expect(consoleMessages).toEqual([]);
    });
  });

  it('keeps what a visitor typed before the app took the page over', async () => {
    const context = await newContext();
    const entry = await holdRequests(context, '**/assets/index-*.js');
    const page = await context.newPage();
    const consoleMessages = watchConsole(page);
    await page.goto('/login', { waitUntil: 'commit' });
    const email = page.getByLabel('Email', { exact: true });
    await email.fill('early@example.com');
    await page.getByLabel('Password', { exact: true }).fill('typed-early');
    const signIn = page.getByRole('button', { name: 'Sign In' });
    // Drawn by the server, the button waits for the app to know the fields are filled.
    expect(await signIn.isDisabled()).toBe(true);

    entry.release();
    await expect.poll(() => signIn.isEnabled()).toBe(true);
    expect(await email.inputValue()).toBe('early@example.com');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('typed-early');
    expect(consoleMessages).toEqual([]);
  });

  it('checks a field left before the app took the page over, as the app checks one left', async () => {
    const { page, release } = await openBeforeTheApp(
      await newContext(),
      '/reset-password?token=abc&type=recovery',
    );
    await page.getByLabel('New Password', { exact: true }).fill('weak');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('weak');
    await page.getByLabel('Confirm New Password', { exact: true }).blur();
    expect(await page.getByText('Password must meet all security requirements').count()).toBe(0);

    release();
    await page.getByText('Password must meet all security requirements').waitFor();
    expect(await page.getByRole('button', { name: 'Update Password' }).isDisabled()).toBe(true);
  });

  it('holds a tap and a form sent before the app runs, and does them once it does', async () => {
    const { page, release } = await openBeforeTheApp(await newContext(), '/login');
    await page.getByLabel('Email', { exact: true }).fill('nobody-here@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Not-the-password1');
    // The drawn button waits for the app (disabled while the form it knows is empty); a form
    // whose button does not would be sent by Enter.
    await page
      .getByRole('button', { name: 'Sign In' })
      .evaluate((button) => button.removeAttribute('disabled'));
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.getByRole('button', { name: 'Open menu' }).click();
    // The browser did not send the form itself, with the password in the address.
    await page.waitForTimeout(300);
    expect(new URL(page.url()).search).toBe('');

    release();
    await page.getByRole('button', { name: 'Close menu', expanded: true }).waitFor();
    await page.getByText('Invalid email or password').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('draws the forms of what a visitor types as POST, so one sent before any script ran comes back without it in the address', async () => {
    for (const path of ['/login', '/signup', '/forgot-password', '/reset-password?token=abc&type=recovery']) {
      const forms = (await firstResponse(path)).match(/<form[^>]*>/g) ?? [];
      expect(forms.length, path).toBeGreaterThan(0);
      for (const form of forms) expect(form, path).toContain('method="post"');
    }
    // Neither the app nor the script that holds a form until it runs has arrived yet.
    const context = await newContext();
    const starter = await holdRequests(context, '**/assets/start-app-after-paint-*.js');
    const { page, release } = await openBeforeTheApp(context, '/login', { untilHeld: false });
    await page.getByLabel('Email', { exact: true }).fill('nobody-here@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Not-the-password1');
    await page
      .getByRole('button', { name: 'Sign In' })
      .evaluate((button) => button.removeAttribute('disabled'));
    const loginUrl = `${baseUrl()}/login`;
    const sent = page.waitForResponse((response) => response.request().method() === 'POST');
    const back = page.waitForResponse(
      (response) => response.request().method() === 'GET' && response.url() === loginUrl,
    );
    await page.getByLabel('Password', { exact: true }).press('Enter');
    const answer = await sent;
    expect(answer.url()).toBe(loginUrl);
    // The server sends the browser back to the page, where the app then starts.
    expect(answer.status()).toBe(303);
    await back;
    starter.release();
    release();
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    await expectTheAppRuns(page);
    expect(page.url()).not.toContain('Not-the-password1');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
  });

  it('signs up with what was typed and ticked before the app took the page over', async () => {
    const context = await newContext();
    const { page, release } = await openBeforeTheApp(context, '/signup');
    const account = newAccount('early');
    await page.locator('input[name="email"]').fill(account.email);
    await page.locator('input[name="password"]').fill(account.password);
    await page.locator('input[name="confirmPassword"]').fill(account.password);
    await page.locator('input[name="marketingOptIn"]').check();

    release();
    const createAccount = page.getByRole('button', { name: 'Create Account' });
    await expect.poll(() => createAccount.isEnabled()).toBe(true);
    await createAccount.click();
    await page.waitForURL((url) => url.pathname !== '/signup');
    const profile = await context.request.get('/api/profile');
    expect(profile.status()).toBe(200);
    expect(await profile.json()).toMatchObject({ email: account.email, marketingOptIn: true });
  });

  it('draws an invite with the league’s own name, then shows its deadline in the reader’s time zone', async () => {
    const page = await (await newContext('Asia/Tokyo')).newPage();
    const consoleMessages = watchConsole(page);
    const html = await drawnFor(page, `/join/${league.code}`);
    // The name is the league's own text: escaped in the page and in the data the app reads.
    expect(html).toContain(`Drawn &amp; Quartered &lt;${TAG}&gt;`);
    expect(html).not.toContain(`<${TAG}>`);
    // The server cannot know the reader's zone: 1 September 22:30 UTC is the 1st there ...
    expect(html).toContain('1 Sept 2025');

    // ... and the 2nd in Tokyo, once the page is the reader's.
    await page.getByText('2 Sept 2025').waitFor();
    await page.getByRole('heading', { name: league.name }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(consoleMessages).toEqual([]);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'invite-drawn-mobile');
  });
  // The pick deadline in UTC, then in the reader's zone: with /coming-soon above.
});

describe('a signed-in player’s pages', () => {
  /** The page as the server sends it to the player, with their session cookie. */
  async function playersResponse(context: BrowserContext, pathname: string) {
    const response = await context.request.get(pathname);
    expect(response.status()).toBe(200);
    return { html: await response.text(), headers: response.headers() };
  }

  const PAGES = [
    { path: '/dashboard', heading: 'Dashboard' },
    { path: '/leaderboard/global', heading: 'Leaderboard' },
    { path: '/leagues', heading: 'Mini Leagues' },
    { path: '/rules', heading: 'Rules' },
    { path: '/settings', heading: 'Settings' },
  ];

  /** Pages drawn with the data they show (the board, the leagues, the team). */
  const DRAWN_WITH_THEIR_DATA = ['/leagues', '/leaderboard/global', '/dashboard'];

  for (const { path, heading } of PAGES) {
    it(`${path} comes drawn for the player, for their browser only, and the app takes it over without a word in the console`, async () => {
      const page = await admin.newPage();
      const consoleMessages = watchConsole(page);
      const asked: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/api/')) asked.push(pathname);
      });
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      const html = (await response?.text()) ?? '';
      const headers = response?.headers() ?? {};
      expect(html).toMatch(/<div id="root"><div class="flex min-h-dvh flex-col">/);
      expect(html).toContain('<script type="application/json" id="hit21-hydration">');
      expect(headers['cache-control']).toBe('private, no-store');
      expect(headers.vary).toContain('cookie');
      if (path === '/dashboard') {
        // Drawn with its colours (a refused attribute would leave the club's bar without one).
        const clubBar = page.locator('[style^="background-color"]').first();
        expect(await clubBar.evaluate((bar) => getComputedStyle(bar).backgroundColor)).not.toBe(
          'rgba(0, 0, 0, 0)',
        );
      }
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await waitForTheApp(page);
      await page.waitForLoadState('networkidle');
      // A style attribute the CSP refused, or a drawing the app does not match, would be here.
      expect(consoleMessages).toEqual([]);
      expect(await page.title()).toBe(html.match(/<title>([^<]*)<\/title>/)?.[1]);
      if (DRAWN_WITH_THEIR_DATA.includes(path)) {
        // Drawn with their data, the app asks for nothing more as it takes over: only what lives
        // in the browser is asked for (the profile checked again behind the page, the
        // notifications' live count and stream, and page-view analytics).
        expect(
          asked.filter((pathname) => !/^\/api\/(profile|notifications\/|analytics\/)/.test(pathname)),
        ).toEqual([]);
      }
      await page.close();
    });
  }

  it('draws the dashboard with the player’s own team, and lets through its style attributes by hash alone', async () => {
    const { html, headers } = await playersResponse(admin, '/dashboard');
    const drawing = html.slice(html.indexOf('<div id="root">'), html.indexOf('hit21-hydration'));
    for (const pick of adminSquad) expect(drawing).toContain(pick.name.split(' ')[0]);
    // The club colours and the chart's lines are style attributes: each allowed by its hash, in
    // a directive of its own; style-src still refuses every other inline style.
    const policy = headers['content-security-policy'] ?? '';
    const styleAttributes = /style-src-attr 'unsafe-hashes'((?: 'sha256-[A-Za-z0-9+/=]+')+)(?:;|$)/.exec(
      policy,
    );
    expect(styleAttributes?.[1]?.trim().split(' ').length).toBe(
      new Set([...drawing.matchAll(/ style="([^"]*)"/g)].map((match) => match[1])).size,
    );
    expect(policy).toMatch(/style-src 'self' 'nonce-[0-9a-f]+';/);
    expect(policy).not.toContain('unsafe-inline');
    // The page drawn with those colours, taken over: with /dashboard above.
  });

  it('draws the board and the leagues with the page', async () => {
    const leagues = await playersResponse(admin, '/leagues');
    expect(leagues.html).toContain(
      league.name.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;'),
    );
    expect(leagues.html).not.toContain('Loading your leagues...');
    const board = await playersResponse(admin, '/leaderboard/global');
    expect(board.html).not.toContain('Loading the leaderboard');
    expect(board.html.replace(/<[^>]*>/g, '')).toMatch(
      /Showing [\d,]+ to [\d,]+ of [\d,]+ players?|No players found in the global leaderboard/,
    );

    // That the app then asks for nothing more: with each page above.
  });

  it('runs a board search typed and sent before the app took the page over, with what was typed', async () => {
    const { page, release } = await openBeforeTheApp(admin, '/leaderboard/global');
    try {
      await page.getByRole('textbox', { name: 'Search players' }).fill(`Dee Drawn ${TAG}`);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      release();
      await waitForTheApp(page);
      await expect
        .poll(() => page.getByText(/^Showing [\d,]+ to [\d,]+ of [\d,]+ players?$/).textContent())
        .toBe('Showing 1 to 1 of 1 player');
      expect(await page.getByRole('textbox', { name: 'Search players' }).inputValue()).toBe(
        `Dee Drawn ${TAG}`,
      );
    } finally {
      await admin.unroute('**/assets/index-*.js');
      await page.close();
    }
  });

  it('draws the picking screen for a player without a team, at 375 px, and it works once taken over', async () => {
    const picker = await newContext();
    await signUpThroughApi(picker, newAccount('drawn-picker'));
    await completeOnboardingThroughApi(picker, { fullName: `Pia Picker ${TAG}` });
    const page = await picker.newPage();
    const consoleMessages = watchConsole(page);
    const askedForPlayers: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/players') askedForPlayers.push(request.url());
    });
    const html = await drawnFor(page, '/player-selection');
    expect(html).toContain('hit21-hydration');
    // The first page of players comes with it.
    expect(html).toContain('data-testid="player-card"');
    await waitForTheApp(page);
    await page.waitForLoadState('networkidle');
    expect(askedForPlayers).toEqual([]);
    await page.getByRole('searchbox', { name: 'Search players' }).fill('Saka');
    await page.getByText('Bukayo Saka').first().waitFor();
    expect(consoleMessages).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'player-selection-drawn-mobile');
  });

  it('a visitor’s page asked for with a session cookie that has expired: drawn for a visitor', async () => {
    const context = await newContext();
    await addExpiredSessionCookie(context);
    const { html } = await playersResponse(context, '/login');
    expect(html).toContain('hit21-hydration');
    expect(html).toContain('>Login</h1>');
  });
});

describe('pages the server does not draw', () => {
  it('a signed-in page asked for with a session that has expired: the app sends the player to sign in', async () => {
    const context = await newContext();
    await addExpiredSessionCookie(context);
    const response = await context.request.get('/dashboard');
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('hit21-hydration');
    const page = await context.newPage();
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
  });

  it('a signed-in page asked for by a visitor: the app sends them to sign in', async () => {
    const html = await firstResponse('/dashboard');
    expect(html).toContain('<div id="root"></div>');
    const page = await (await newContext()).newPage();
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
  });

  it('an invite whose league is unknown: the app says so', async () => {
    const html = await firstResponse('/join/ZZZZZZZZ');
    expect(html).toContain('<div id="root"></div>');
  });
});
