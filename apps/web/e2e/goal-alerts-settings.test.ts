import { GOAL_ALERT_PREFERENCE_LABELS } from '@hit21/core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeOnboardingThroughApi,
  dismissToasts,
  newAccount,
  pickSquadThroughApi,
  signUpThroughApi,
} from './support/accounts.ts';
import {
  baseUrl,
  DESKTOP,
  expectNoSeriousAxeViolations,
  MOBILE,
  screenshot,
  setUpBrowser,
} from './support/browser.ts';

const browser = setUpBrowser();
let context: BrowserContext;
let page: Page;

const radio = (preference: keyof typeof GOAL_ALERT_PREFERENCE_LABELS) =>
  page
    .getByRole('radiogroup', { name: 'Goal alerts' })
    .getByRole('radio', { name: GOAL_ALERT_PREFERENCE_LABELS[preference].label, exact: true });

/**
 * The text of the toast titled `title`, once it shows. Read by polling the toasts' text: a
 * locator wait started in the same instant as the click sometimes never saw the toast that
 * was on screen a moment later (with the toast visible all along).
 */
async function toastText(title: string): Promise<string> {
  const texts = () => page.locator('[data-sonner-toast]').allTextContents();
  await expect
    .poll(async () => (await texts()).some((text) => text.includes(title)), { timeout: 10_000 })
    .toBe(true);
  return (await texts()).find((text) => text.includes(title)) ?? '';
}

async function storedChoice(): Promise<string | undefined> {
  const response = await context.request.get('/api/profile');
  return ((await response.json()) as { goalAlerts?: string }).goalAlerts;
}

beforeAll(async () => {
  context = await browser().newContext({ viewport: DESKTOP, baseURL: baseUrl(), reducedMotion: 'reduce' });
  await signUpThroughApi(context, newAccount('goal-choice'));
  await completeOnboardingThroughApi(context, { fullName: 'Gwen Choice' });
  await pickSquadThroughApi(context);
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
});

// A failed save (its toast, the saved choice kept) is checked on the screen:
// apps/web/src/app/screens/settings-states.test.tsx.
describe('choosing goal alerts in Settings', () => {
  it('shows the three choices with every goal chosen, and saves another with a toast', async () => {
    await page.goto('/settings');
    await radio('all').waitFor();
    expect(await radio('all').isChecked()).toBe(true);
    expect(await radio('milestones').isChecked()).toBe(false);
    expect(await radio('none').isChecked()).toBe(false);
    await expect
      .poll(() =>
        radio('milestones')
          .getAttribute('aria-describedby')
          .then((id) => page.locator(`[id="${id}"]`).textContent()),
      )
      .toBe(GOAL_ALERT_PREFERENCE_LABELS.milestones.hint);
    await screenshot(page, 'goal-alerts-settings-desktop');
    await expectNoSeriousAxeViolations(page);

    await radio('milestones').click();
    expect(await toastText('Goal Alerts Updated')).toContain(GOAL_ALERT_PREFERENCE_LABELS.milestones.hint);
    expect(await storedChoice()).toBe('milestones');
    await dismissToasts(page);

    // Another choice, and it stays after a reload.
    await radio('none').click();
    await expect.poll(storedChoice).toBe('none');
    await dismissToasts(page);
    await page.reload();
    await radio('none').waitFor();
    expect(await radio('none').isChecked()).toBe(true);
  });

  it('fits a phone', async () => {
    await page.setViewportSize(MOBILE);
    await page.goto('/settings');
    await radio('none').scrollIntoViewIfNeeded();
    await screenshot(page, 'goal-alerts-settings-mobile');
    await expectNoSeriousAxeViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await page.getByText(GOAL_ALERT_PREFERENCE_LABELS.none.label, { exact: true }).boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(0);
  });
});
