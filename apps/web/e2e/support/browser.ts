import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { testServer } from './test-server.ts';

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 375, height: 812 };

/** Debian's Chromium, headless, with nothing reaching out to the network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** One Chromium for the test file that calls this at its top level. */
export function setUpBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser starts in beforeAll');
    return browser;
  };
}

/**
 * Holds every request matching `pattern` until `release` is called, to see what the page
 * shows while something is slow to arrive.
 */
export async function holdRequests(
  context: BrowserContext,
  pattern: string,
): Promise<{ release: () => void; asked: Promise<void> }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let markAsked = () => {};
  /** Resolves once the page has asked for a matching request (now held). */
  const asked = new Promise<void>((resolve) => {
    markAsked = resolve;
  });
  await context.route(pattern, async (route) => {
    markAsked();
    await held;
    await route.continue();
  });
  return { release, asked };
}

/**
 * A session cookie the server does not recognise, as an expired session leaves behind: the page
 * is then served to a returning player, so the app asks the API who they are (a visitor's page
 * does not: the server says no session came) and is told 401, or what a test stands in for it.
 */
export async function addExpiredSessionCookie(context: BrowserContext): Promise<void> {
  await context.addCookies([{ name: 'better-auth.session_token', value: 'expired.session', url: baseUrl() }]);
}

/** What the server puts in #root and after it when it draws a page (apps/server/src/plugins/app/web-app.ts). */
const DRAWN_ROOT =
  /<div id="root">[\s\S]*?<script type="application\/json" id="hit21-hydration">[\s\S]*?<\/script>/;

/**
 * The pages at `pattern` (in a context, or one page) as the server sends them when it cannot draw one (a build without the
 * renderer, a query that failed on the server): the app's page with an empty root, which the
 * app in the browser draws, through its own loading and error states.
 */
export async function serveUndrawnPages(target: BrowserContext | Page, pattern: string): Promise<void> {
  await target.route(pattern, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = await response.text();
    if (!DRAWN_ROOT.test(html)) throw new Error(`${route.request().url()} did not come drawn`);
    await route.fulfill({ response, body: html.replace(DRAWN_ROOT, '<div id="root"></div>') });
  });
}

export function baseUrl(): string {
  return testServer().baseUrl;
}

export async function openPage(
  browser: Browser,
  pathname: string,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(pathname);
  return { context, page };
}

/** No serious or critical accessibility violation on the page as it stands. */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  expect(serious).toEqual([]);
}

/**
 * Screenshots for a person to look at, when E2E_SCREENSHOTS names a folder: the whole page,
 * and the screen as the user sees it (a full-page capture of a scrolled page draws the sticky
 * header where the scroll left it, mid-page).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  await page.screenshot({ path: `${folder}/${name}-screen.png` });
  const scrollY = await page.evaluate(() => window.scrollY);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
  await page.evaluate((y) => window.scrollTo(0, y), scrollY);
}

/**
 * Waits until the page's script runs it: the app, at once for a page it drew and after the
 * takeover for one the server drew (apps/web/src/app/app-running.ts), or the prerendered landing
 * page's own. Only tests of what the app does with a first interaction need it; a tap before
 * then is held and done again anyway.
 */
export async function waitForTheApp(page: Page): Promise<void> {
  await page.locator('html[data-app="running"]').waitFor({ state: 'attached' });
}

/**
 * Where every toast on screen sits once one shows and they have stopped moving (sliding in,
 * stacking): read each animation frame until two frames agree, rather than after a fixed wait.
 */
export async function settledToastBoxes(
  page: Page,
): Promise<{ x: number; y: number; width: number; height: number }[]> {
  await page.locator('[data-sonner-toast]').first().waitFor();
  return page.evaluate(async () => {
    const read = () =>
      [...document.querySelectorAll('[data-sonner-toast]')].map((toast) => {
        const { x, y, width, height } = toast.getBoundingClientRect();
        return { x, y, width, height };
      });
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    let last = JSON.stringify(read());
    for (let frame = 0; frame < 120; frame += 1) {
      await nextFrame();
      const now = JSON.stringify(read());
      if (now === last) return read();
      last = now;
    }
    return read();
  });
}
