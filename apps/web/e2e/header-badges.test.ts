import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { completeOnboardingThroughApi, pickSquadThroughApi, signUpThroughApi } from './support/accounts.ts';
import { baseUrl, DESKTOP, MOBILE, screenshot, serveUndrawnPages, setUpBrowser } from './support/browser.ts';

/*
 * The header's counts on a phone: the closed menu carries the unread join requests (the Leagues
 * link inside it is hidden), and a "99+" sits beside its icon, not over it.
 */
const browser = setUpBrowser();
// Above the header's cap of 99.
const SUMMARY = { unreadCount: 150, readCount: 0, unreadJoinRequests: 120, unreadJoinRequestsByLeague: {} };

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('The element is not on screen');
  return box;
}

/** The share of `icon`'s area that `badge` covers, 0 to 1. */
function coveredShare(badge: Box, icon: Box): number {
  const width = Math.max(0, Math.min(badge.x + badge.width, icon.x + icon.width) - Math.max(badge.x, icon.x));
  const height = Math.max(
    0,
    Math.min(badge.y + badge.height, icon.y + icon.height) - Math.max(badge.y, icon.y),
  );
  return (width * height) / (icon.width * icon.height);
}

describe('the header’s counts', () => {
  it('shows unread join requests on the closed menu and keeps "99+" clear of the bell and the menu icon', async () => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const context = await browser().newContext({ viewport, baseURL: baseUrl(), reducedMotion: 'reduce' });
      try {
        await signUpThroughApi(context);
        await completeOnboardingThroughApi(context);
        await pickSquadThroughApi(context);
        await context.route('**/api/notifications/summary', (route) => route.fulfill({ json: SUMMARY }));
        // The app asks for the summary itself, through the route above.
        await serveUndrawnPages(context, '**/rules');
        const page = await context.newPage();
        await page.goto('/rules');
        const bell = page.getByRole('button', { name: /notifications/i });
        const bellBadge = page.getByTestId('bell-badge');
        await bellBadge.waitFor();
        expect(await bellBadge.innerText()).toBe('99+');
        const bellIcon = bell.locator('svg');
        expect(coveredShare(await boxOf(bellBadge), await boxOf(bellIcon))).toBeLessThan(0.25);
        // Nor over the profile menu's initial beside it.
        const profile = page.getByRole('button', { name: 'Profile menu' }).locator('span');
        expect(coveredShare(await boxOf(bellBadge), await boxOf(profile))).toBe(0);

        if (viewport === MOBILE) {
          const toggle = page.getByRole('button', { name: 'Open menu, 120 new join requests' });
          const menuBadge = toggle.getByTestId('menu-badge');
          expect(await menuBadge.innerText()).toBe('99+');
          const menuIcon = toggle.locator('svg').first();
          expect(coveredShare(await boxOf(menuBadge), await boxOf(menuIcon))).toBeLessThan(0.25);
          expect(coveredShare(await boxOf(menuBadge), await boxOf(bellIcon))).toBe(0);
          await screenshot(page, 'header-badges-375');
          // Open, the Leagues link carries the count; the toggle's own badge goes.
          await toggle.click();
          await page.getByRole('link', { name: 'Leagues, 120 new join requests' }).waitFor();
          expect(await page.getByTestId('menu-badge').count()).toBe(0);
          await screenshot(page, 'header-badges-menu-open-375');
        } else {
          expect(await page.getByTestId('menu-badge').isVisible()).toBe(false);
          await screenshot(page, 'header-badges-1280');
        }
      } finally {
        await context.close();
      }
    }
  });
});
