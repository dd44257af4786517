import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { dismissToasts } from './accounts.ts';
import { MOBILE, screenshot } from './browser.ts';

/*
 * Steps of the mini-league screens as a player takes them, shared by the league browser tests.
 * Selectors are the ones a person uses: roles, labels and the words on screen.
 */

/** The toast whose text holds `text` (title or description), once it shows. */
export function toastWith(page: Page, text: string | RegExp): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
}

/** Waits for the toast holding `text` and answers its whole text. */
export async function waitForToast(page: Page, text: string | RegExp): Promise<string> {
  const toast = toastWith(page, text);
  await toast.waitFor({ timeout: 10_000 });
  return ((await toast.textContent()) ?? '').replace(/\s+/g, ' ');
}

export function pathnameIs(pathname: string | RegExp): (url: URL) => boolean {
  return (url) => (typeof pathname === 'string' ? url.pathname === pathname : pathname.test(url.pathname));
}

/** Serious or critical accessibility violations on the page as it stands, one line each. */
async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
}

/**
 * Axe at the page's own width, then a 375 px screenshot (and axe again there): each league
 * screen is checked on a phone whatever the person's window. The findings are soft: the
 * journey goes on, and the test fails at its end with every screen's findings.
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  // The screen itself, not the toast of the step before (the toaster has its own tests).
  await dismissToasts(page);
  expect.soft(await seriousAxeViolations(page), `axe on ${name}`).toEqual([]);
  const viewport = page.viewportSize();
  const isMobile = viewport?.width === MOBILE.width;
  if (!isMobile) {
    await page.setViewportSize(MOBILE);
    // Open popovers place themselves again on the frames after a resize (floating-ui): check
    // the screen once they have, not while one is between places.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
  }
  try {
    if (!isMobile) expect.soft(await seriousAxeViolations(page), `axe on ${name} at 375 px`).toEqual([]);
    await screenshot(page, `league-${name}-mobile`);
    // The page must not scroll sideways on a phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect.soft(overflow, `${name} scrolls sideways at 375 px`).toBeLessThanOrEqual(0);
  } finally {
    if (viewport && !isMobile) await page.setViewportSize(viewport);
  }
}

/** Onboarding through its three steps, as a new fan fills it in. */
export async function onboardThroughUi(page: Page, fullName: string): Promise<void> {
  await page.getByLabel('Full Name').fill(fullName);
  await page.getByLabel('Date of Birth').fill('1994-03-12');
  const country = page.getByRole('combobox', { name: 'Country' });
  await country.focus();
  await page.keyboard.type('united k');
  await page.getByRole('listbox', { name: 'Countries' }).waitFor();
  await page.keyboard.press('Enter');
  expect(await country.inputValue()).toBe('United Kingdom');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Step 2 of 3').waitFor();
  await page.getByRole('combobox', { name: 'Favourite Team' }).click();
  await page.getByRole('option', { name: 'Brighton' }).click();
  await page.getByTestId('club-card').waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Step 3 of 3').waitFor();
  await page.getByRole('radio', { name: 'Friend' }).check();
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await page.waitForURL(pathnameIs('/player-selection'));
}

/** Picks these players (full names) on Make Your Picks, confirms, and waits for the dashboard. */
export async function pickSquadThroughUi(page: Page, fullNames: readonly string[]): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Make Your Picks' }).waitFor();
  const search = page.getByRole('searchbox', { name: 'Search players' });
  const results = page.getByTestId('player-results');
  for (const name of fullNames) {
    await search.fill(name);
    const add = results.getByRole('button', { name: `Add ${name}`, exact: true });
    await add.waitFor({ timeout: 10_000 });
    await add.click();
    await results.getByRole('button', { name: `Remove ${name}`, exact: true }).waitFor();
  }
  await page.getByRole('button', { name: 'CONFIRM TEAM' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Your Selections' });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL(pathnameIs('/dashboard'));
}

/** Joins by code from /leagues' Join League form; answers nothing, the caller reads the outcome. */
export async function submitJoinByCode(page: Page, code: string): Promise<void> {
  if (new URL(page.url()).pathname !== '/leagues') await page.goto('/leagues');
  await page.getByRole('button', { name: 'Join League' }).first().click();
  const dialog = page.getByRole('dialog');
  const input = dialog.getByRole('textbox', { name: /code/i });
  await input.fill(code);
  await dialog.getByRole('button', { name: /^Join/ }).click();
}

/** The league admin page's tab, opened. */
export async function openAdminTab(page: Page, name: 'Details' | 'Members' | 'Advanced'): Promise<void> {
  const tab = page.getByRole('tab', { name: new RegExp(`^${name}`) });
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
}

export interface ShownStanding {
  rank: number;
  name: string;
}

/** The standings table as a person reads it: the rank and the name of each row, top to bottom. */
export async function shownStandings(page: Page, knownNames: readonly string[]): Promise<ShownStanding[]> {
  const rows = page.getByRole('table').first().locator('tbody tr');
  return rows.evaluateAll(
    (trs, names) =>
      trs
        .map((tr) => (tr as HTMLTableRowElement).cells)
        .filter((cells) => cells.length >= 3)
        .map((cells) => ({
          rank: Number.parseInt((cells[0] as HTMLElement).innerText.trim(), 10),
          name: names.find((name) => (cells[1] as HTMLElement).innerText.includes(name)) ?? '',
        })),
    knownNames,
  );
}
