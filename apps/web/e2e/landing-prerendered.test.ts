import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../src/features/marketing-content/lib/format-date-time.ts';
import { completeOnboardingThroughApi, newAccount, signUpThroughApi } from './support/accounts.ts';
import { captureAnalytics, sentAnalytics } from './support/analytics.ts';
import { baseUrl, MOBILE, openPage, screenshot, setUpBrowser } from './support/browser.ts';

/*
 * Visitors get / prerendered (apps/web/src/prerender/): the markup of the app's own landing
 * page and one small script, no React. These check what that script must do as the app's
 * components do; public-pages.test.ts checks the page's content and scrolling on the same page,
 * security.test.ts that it loads without a CSP violation.
 */

const browser = setUpBrowser();

/** The scripts the page loaded, by path. */
function loadedScripts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
      .map((entry) => new URL(entry.name).pathname),
  );
}

async function expectExpanded(trigger: Locator, isExpanded: boolean): Promise<void> {
  await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe(String(isExpanded));
}

function focusedName(page: Page): Promise<string> {
  return page.evaluate(
    () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '',
  );
}

describe('the landing page a visitor gets', () => {
  it('is prerendered: the whole page is in the first response, with one script of its own', async () => {
    const response = await fetch(`${baseUrl()}/`);
    const html = await response.text();
    expect(html).toContain('Football <span class="text-gold-400">blackjack</span>');
    expect(html).toContain('Who can play?');
    expect(html).toContain('<title>Coming Soon | Hit21</title>');

    const { context, page } = await openPage(browser(), '/');
    await page.getByRole('heading', { level: 1, name: 'Football blackjack' }).waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = await loadedScripts(page);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^\/assets\/landing-page-[\w-]+\.js$/);
    await context.close();
  });

  it('names the pick deadline in the reader’s time zone, and its questions move with the arrow keys', async () => {
    const season = (await (await fetch(`${baseUrl()}/api/season`)).json()) as { pickDeadline: string };
    const { context, page } = await openPage(browser(), '/#faq');
    const deadlineQuestion = page.getByRole('button', { name: 'When do picks lock?' });
    await deadlineQuestion.click();
    await expectExpanded(deadlineQuestion, true);
    await page.getByText(`first kick-off of the season: ${formatDateTime(season.pickDeadline)}.`).waitFor();

    await deadlineQuestion.focus();
    await page.keyboard.press('ArrowDown');
    expect(await focusedName(page)).toBe('Can I still join after the deadline?');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await focusedName(page)).toBe('Who can play?');
    await page.keyboard.press('End');
    expect(await focusedName(page)).toBe('Can I play against my friends?');
    await page.keyboard.press('ArrowDown');
    expect(await focusedName(page)).toBe('What is Hit21?');
    await page.keyboard.press('Space');
    await expectExpanded(page.getByRole('button', { name: 'What is Hit21?' }), true);
    await context.close();
  });

  it('opens its menu on a phone, and closes it on a tap outside, on Escape and on a link', async () => {
    const { context, page } = await openPage(browser(), '/', MOBILE);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const menuLink = page.getByRole('link', { name: 'FAQ' });
    expect(await menuLink.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expectExpanded(page.getByRole('button', { name: 'Close menu' }), true);
    expect(await menuLink.isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
    await screenshot(page, 'landing-prerendered-menu-mobile');

    await page.mouse.click(180, 600);
    await expectExpanded(page.getByRole('button', { name: 'Open menu' }), false);
    expect(await menuLink.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await expectExpanded(page.getByRole('button', { name: 'Open menu' }), false);
    expect(await focusedName(page)).toBe('Open menu');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menuLink.click();
    await page.waitForURL((url) => url.hash === '#faq');
    await expectExpanded(page.getByRole('button', { name: 'Open menu' }), false);
    // Focus moves to the section, so the keyboard carries on from there.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('faq');
    await context.close();
  });

  it('records the page view, the FAQ, the section links and the menu clicks as the app does', async () => {
    const context = await browser().newContext({ baseURL: baseUrl() });
    await captureAnalytics(context);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => sentAnalytics(page)).toEqual([{ name: 'page_view', path: '/' }]);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
    const question = page.getByRole('button', { name: 'Who can play?' });
    await question.click();
    await question.click();
    await expect
      .poll(() => sentAnalytics(page))
      .toEqual([
        { name: 'page_view', path: '/' },
        {
          name: 'navigation_click',
          path: '/',
          properties: { menu: 'Main', label: 'FAQ', to: '/#faq' },
        },
        { name: 'scroll_to_section', path: '/', properties: { section: 'faq', source: 'header' } },
        { name: 'faq_toggle', path: '/', properties: { question: 'who-can-play', action: 'open' } },
        { name: 'faq_toggle', path: '/', properties: { question: 'who-can-play', action: 'close' } },
      ]);
    // Back to the top, then back to the section: the browser's own history.
    await page.goBack();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it('shows the club’s coloured box when a shirt image fails', async () => {
    const context = await browser().newContext({ baseURL: baseUrl() });
    await context.route('**/jersey/*.png', (route) => route.abort());
    const page = await context.newPage();
    await page.goto('/');
    const fallback = page.getByTestId('jersey-fallback').first();
    await fallback.waitFor();
    expect(await fallback.getAttribute('aria-label')).toBe('Arsenal jersey');
    expect(await fallback.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(
      'rgba(0, 0, 0, 0)',
    );
    expect(await page.getByTestId('jersey').count()).toBe(0);
    await context.close();
  });
});

describe('the landing page a player gets', () => {
  it('is the app, which knows them: their next step in place of Play for Free', async () => {
    const context = await browser().newContext({ baseURL: baseUrl() });
    await signUpThroughApi(context, newAccount('landing'));
    await completeOnboardingThroughApi(context);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'Select Players' }).first().waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: 'Play for Free' }).count()).toBe(0);
    expect((await loadedScripts(page)).some((script) => script.includes('landing-page-'))).toBe(false);
    await context.close();
  });
});
