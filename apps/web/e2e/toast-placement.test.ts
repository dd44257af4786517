import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  completeOnboardingThroughApi,
  pickSquadThroughApi,
  signUpThroughApi,
  signUpThroughUi,
} from './support/accounts.ts';
import {
  baseUrl,
  DESKTOP,
  MOBILE,
  screenshot,
  settledToastBoxes,
  setUpBrowser,
  waitForTheApp,
} from './support/browser.ts';
import { originHeaders } from './support/notifications.ts';

/*
 * Toasts cover no heading and no control of the page or dialog they come over: the welcome
 * toast on "Set Up Your Profile", a refusal in the Create League dialog, a failed save over
 * "Confirm Your Selections", at 375 and 1280 px.
 */
const browser = setUpBrowser();

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The part of `box` inside `clip` (a scrolled dialog hides what leaves it), or null. */
function within(box: Box, clip: Box): Box | null {
  const x = Math.max(box.x, clip.x);
  const y = Math.max(box.y, clip.y);
  const width = Math.min(box.x + box.width, clip.x + clip.width) - x;
  const height = Math.min(box.y + box.height, clip.y + clip.height) - y;
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

async function newContext(viewport: typeof DESKTOP): Promise<BrowserContext> {
  return browser().newContext({ viewport, baseURL: baseUrl(), reducedMotion: 'reduce' });
}

/** What a toast must leave clear in `scope`: its headings and every visible control. */
async function clearOf(page: Page, scope: Locator, label: string): Promise<void> {
  const toasts = await settledToastBoxes(page);
  const targets = scope.locator(
    'h1, h2, [role="heading"], button, a[href], input, select, textarea, [role="combobox"], [role="tab"]',
  );
  const scopeBox = await scope.boundingBox();
  if (!scopeBox) throw new Error(`${label}: nothing to check`);
  let checked = 0;
  for (const target of await targets.all()) {
    if (!(await target.isVisible())) continue;
    const targetBox = await target.boundingBox();
    const box = targetBox && within(targetBox, scopeBox);
    // Off screen (scrolled away): nothing to cover.
    if (!box || box.y + box.height <= 0 || box.y >= (page.viewportSize()?.height ?? 0)) continue;
    checked += 1;
    const name = (await target.getAttribute('aria-label')) ?? (await target.innerText()).slice(0, 40);
    for (const toast of toasts)
      expect.soft(overlaps(toast, box), `${label}: toast over "${name}"`).toBe(false);
  }
  expect(checked).toBeGreaterThan(0);
}

/** `check` on a page of its own at 375 and at 1280 px, its context closed after. */
async function onEachScreen(
  check: (context: BrowserContext, page: Page, viewport: typeof DESKTOP) => Promise<void>,
): Promise<void> {
  for (const viewport of [MOBILE, DESKTOP]) {
    const context = await newContext(viewport);
    try {
      await check(context, await context.newPage(), viewport);
    } finally {
      await context.close();
    }
  }
}

describe('toasts', () => {
  it('leave "Set Up Your Profile" and its fields clear after sign-up', async () => {
    await onEachScreen(async (_context, page, viewport) => {
      await signUpThroughUi(page);
      await page.getByRole('heading', { name: 'Set Up Your Profile' }).waitFor();
      await clearOf(page, page.locator('main'), `onboarding at ${viewport.width}`);
      await screenshot(page, `toast-onboarding-${viewport.width}`);
    });
  });

  it('leave the Create League dialog’s title and controls clear', async () => {
    await onEachScreen(async (context, page, viewport) => {
      await signUpThroughApi(context);
      await completeOnboardingThroughApi(context);
      await pickSquadThroughApi(context);
      await page.goto('/leagues');
      await waitForTheApp(page);
      await page.getByRole('button', { name: 'Create League' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Create League' });
      await dialog.waitFor();
      // No name: refused with a "Validation Error" toast, the dialog stays.
      await dialog.getByRole('button', { name: 'Create League' }).click();
      await clearOf(page, dialog, `create league at ${viewport.width}`);
      await screenshot(page, `toast-create-league-${viewport.width}`);
    });
  });

  it('leave the /leagues title and its Create and Join buttons clear when a code is copied', async () => {
    await onEachScreen(async (context, page, viewport) => {
      await signUpThroughApi(context);
      await completeOnboardingThroughApi(context);
      await pickSquadThroughApi(context);
      const created = await context.request.post('/api/leagues', {
        data: { name: 'Toast Corner', maxMembers: 50, joinMode: 'open', joinDeadline: null },
        headers: originHeaders(),
      });
      expect(created.status(), await created.text()).toBe(201);
      await page.goto('/leagues');
      await waitForTheApp(page);
      // Copied, or refused by a browser without clipboard access: a two-line toast either way.
      await page.getByRole('button', { name: 'Copy code for Toast Corner' }).click();
      await clearOf(page, page.locator('main'), `leagues at ${viewport.width}`);
      await screenshot(page, `toast-leagues-copy-${viewport.width}`);
    });
  });

  it('leave "Confirm Your Selections" clear when a save fails and the fan tries again', async () => {
    await onEachScreen(async (context, page, viewport) => {
      await signUpThroughApi(context);
      await completeOnboardingThroughApi(context);
      await context.route('**/api/squad', (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({
              status: 503,
              json: { code: 'INTERNAL', message: 'down', userMessage: 'The server is busy.' },
            })
          : route.fallback(),
      );
      await page.goto('/player-selection');
      await page.getByTestId('player-card').first().waitFor();
      for (let index = 0; index < 4; index += 1) {
        await page.getByTestId('player-results').getByRole('button', { name: /^Add / }).first().click();
        await expect.poll(() => page.getByTestId('pitch-player-card').count()).toBe(index + 1);
      }
      await page.getByRole('button', { name: 'CONFIRM TEAM' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await page.locator('[data-sonner-toast]').first().waitFor();
      await page.getByRole('button', { name: 'CONFIRM TEAM' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm Your Selections' });
      await dialog.waitFor();
      await clearOf(page, dialog, `confirm team at ${viewport.width}`);
      await screenshot(page, `toast-confirm-selections-${viewport.width}`);
    });
  });
});
