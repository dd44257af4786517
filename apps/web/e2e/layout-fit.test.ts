import { randomUUID } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  completeOnboardingThroughApi,
  newAccount,
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
import { resetServerClock, setServerClock } from './support/clock.ts';

/*
 * Things that must fit as a person sees them, measured in Chromium at 1280 and 375 px: toasts
 * clear of the buttons, long names and addresses cut or wrapped where they should be, badges
 * on one line, the season chart's labels uncovered, and flags drawn as pictures.
 */

const browser = setUpBrowser();

// 100 characters, the most a name may have.
const LONG_NAME = `${'Maximilian '.repeat(9)}X`;
/** Between phone and desktop: the board's table shows its status column beside long names. */
const TABLET = { width: 700, height: 900 };

afterEach(async () => {
  await resetServerClock();
});

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('The element is not on screen');
  return box;
}

type SignedIn = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A browser at `viewport`, signed in as the account whose state is given. */
async function newContext(viewport: typeof DESKTOP, storageState?: SignedIn): Promise<BrowserContext> {
  return browser().newContext({ viewport, baseURL: baseUrl(), reducedMotion: 'reduce', storageState });
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('toasts', () => {
  it('at 1280 px the welcome toast after sign-up leaves onboarding’s Next clear', async () => {
    const context = await newContext(DESKTOP);
    const page = await context.newPage();
    try {
      await signUpThroughUi(page);
      const next = page.getByRole('button', { name: 'Next' });
      await next.waitFor();
      // As a person filling the form sees it: scrolled down to the Next button at the bottom.
      await next.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      const toasts = await settledToastBoxes(page);
      const nextBox = await boxOf(next);
      for (const toast of toasts) expect(overlaps(toast, nextBox)).toBe(false);
      // Nor over the header's profile menu.
      const menu = await boxOf(page.getByRole('button', { name: 'Profile menu' }));
      for (const toast of toasts) expect(overlaps(toast, menu)).toBe(false);
      await screenshot(page, 'toast-onboarding-desktop');
    } finally {
      await context.close();
    }
  });

  it('at 375 px the toasts of a failed save leave the confirm dialog’s Confirm and Cancel clear on the retry', async () => {
    const context = await newContext(MOBILE);
    const page = await context.newPage();
    try {
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
      // Straight back to the dialog while the failure's toasts are still up.
      await page.getByRole('button', { name: 'CONFIRM TEAM' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      const toasts = await settledToastBoxes(page);
      for (const name of ['Confirm', 'Cancel']) {
        const button = await boxOf(dialog.getByRole('button', { name, exact: true }));
        for (const toast of toasts) expect(overlaps(toast, button), name).toBe(false);
      }
      await screenshot(page, 'toast-confirm-squad-dialog-mobile');
    } finally {
      await context.close();
    }
  });

  it('at 375 px a refusal toast leaves the delete dialog’s Cancel and Delete clear', async () => {
    const context = await newContext(MOBILE);
    const page = await context.newPage();
    try {
      await signUpThroughApi(context);
      await completeOnboardingThroughApi(context);
      await pickSquadThroughApi(context);
      await page.goto('/settings');
      await page.getByRole('button', { name: 'Delete Account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete Account' });
      await dialog.waitFor();
      // Submitting without typing DELETE: refused with a toast, the dialog stays open.
      await dialog.getByRole('button', { name: 'Delete Account' }).click();
      const toasts = await settledToastBoxes(page);
      for (const name of ['Cancel', 'Delete Account']) {
        const button = await boxOf(dialog.getByRole('button', { name, exact: true }));
        for (const toast of toasts) expect(overlaps(toast, button), name).toBe(false);
      }
      await screenshot(page, 'toast-confirm-dialog-mobile');
    } finally {
      await context.close();
    }
  });
});

describe('long names and addresses', () => {
  it('cuts a 100-character name in the profile menu, keeping it whole in its title', async () => {
    expect(LONG_NAME).toHaveLength(100);
    const owner = await newContext(DESKTOP);
    await signUpThroughApi(owner);
    await completeOnboardingThroughApi(owner, { fullName: LONG_NAME });
    const signedIn = await owner.storageState();
    await owner.close();
    for (const viewport of [DESKTOP, MOBILE]) {
      const context = await newContext(viewport, signedIn);
      const page = await context.newPage();
      try {
        await page.goto('/settings');
        await page.getByRole('button', { name: 'Profile menu' }).click();
        const menu = page.getByRole('menu');
        await menu.waitFor();
        const menuBox = await boxOf(menu);
        expect(menuBox.width).toBeLessThanOrEqual(Math.min(320, viewport.width - 24));
        expect(menuBox.x).toBeGreaterThanOrEqual(0);
        expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(viewport.width);
        const name = page.getByTestId('profile-menu-name');
        // Cut with an ellipsis on one line, the whole name on hover.
        expect(await name.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
        expect(await name.evaluate((element) => getComputedStyle(element).textOverflow)).toBe('ellipsis');
        expect(await name.getAttribute('title')).toBe(LONG_NAME);
        expect(await name.textContent()).toBe(LONG_NAME);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `profile-menu-long-name-${viewport.width}`);
      } finally {
        await context.close();
      }
    }
  });

  it('breaks a long e-mail address on "Check Your Email" only before an "@" or a "."', async () => {
    const account = newAccount();
    account.email = `firstname.middlename.lastname.${randomUUID().slice(0, 8)}@mail.supporters.example-football-club.co.uk`;
    const owner = await newContext(DESKTOP);
    await signUpThroughApi(owner, account);
    await owner.close();

    for (const viewport of [MOBILE, DESKTOP]) {
      const context = await newContext(viewport);
      const page = await context.newPage();
      try {
        await page.goto('/forgot-password');
        await page.getByLabel('Email', { exact: true }).fill(account.email);
        await page.getByRole('button', { name: 'Send Reset Link' }).click();
        await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
        const address = page.locator('strong').filter({ hasText: account.email });
        expect(await address.textContent()).toBe(account.email);
        // The address's characters, line by line: a new line may only start at "@" or ".".
        const lineStarts = await address.evaluate((element) => {
          const starts: string[] = [];
          let lastTop: number | undefined;
          const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            for (let index = 0; index < text.length; index += 1) {
              const range = document.createRange();
              range.setStart(node, index);
              range.setEnd(node, index + 1);
              const top = Math.round(range.getBoundingClientRect().top);
              if (lastTop !== undefined && top > lastTop + 2) starts.push(text.slice(index));
              lastTop = top;
            }
          }
          return starts;
        });
        if (viewport === MOBILE) expect(lineStarts.length).toBeGreaterThan(0);
        for (const start of lineStarts) expect(start.charAt(0), start).toMatch(/[@.]/);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `check-your-email-long-address-${viewport.width}`);
      } finally {
        await context.close();
      }
    }
  });
});

describe('the dashboard chart and the leaderboard', () => {
  // A board of its own: nobody else lives in Nauru.
  const COUNTRY = 'Nauru';
  // Saka has not scored by gameweek 1's end: the squad is going bust there.
  const TEAM = ['Saka', 'Watkins', 'Rice', 'Palmer'];

  async function squadOwner(fullName = `Flag ${randomUUID().slice(0, 6)}`): Promise<SignedIn> {
    const context = await newContext(DESKTOP);
    try {
      await signUpThroughApi(context);
      await completeOnboardingThroughApi(context, { fullName, country: COUNTRY });
      await pickSquadThroughApi(context, TEAM);
      return await context.storageState();
    } finally {
      await context.close();
    }
  }

  /** One account, its squad picked before the deadline, seen at 375 and 1280 px. */
  let owner: SignedIn;
  beforeAll(async () => {
    await resetServerClock();
    owner = await squadOwner();
  });

  async function ownerAt(viewport: typeof DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(viewport, owner);
    return { context, page: await context.newPage() };
  }

  it('keeps "Danger zone" readable over the week-38 highlight and the WEEK badge whole, at 375 and 1280 px', async () => {
    const views = [await ownerAt(MOBILE), await ownerAt(DESKTOP)];
    try {
      for (const week of [1, 20, 38]) {
        await setServerClock({ afterGameweek: week });
        for (const { page } of views) {
          const viewport = page.viewportSize() ?? DESKTOP;
          await page.goto('/dashboard');
          const chart = page.getByTestId('season-chart');
          await chart.waitFor();
          // The app brings the current week into view as it takes the drawn page over.
          await waitForTheApp(page);
          // In the middle of the screen, clear of the sticky header.
          await chart.evaluate((element) => element.scrollIntoView({ block: 'center' }));
          const badge = page.getByTestId('week-badge');
          expect(await badge.innerText()).toBe(`WEEK ${week}`);
          // The badge is whole: inside the chart's visible part, on one line, not cut by its scroll.
          const chartBox = await boxOf(chart);
          const badgeBox = await boxOf(badge);
          expect(badgeBox.x).toBeGreaterThanOrEqual(chartBox.x);
          expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(chartBox.x + chartBox.width);
          expect(badgeBox.y).toBeGreaterThanOrEqual(chartBox.y);
          expect(badgeBox.height).toBeLessThan(32);
          expect(
            await badge.evaluate((element) => {
              const box = element.getBoundingClientRect();
              const top = document.elementFromPoint(box.left + 2, box.top + box.height / 2);
              const end = document.elementFromPoint(box.right - 2, box.top + box.height / 2);
              return element.contains(top) && element.contains(end);
            }),
          ).toBe(true);
          // "Danger zone" is the topmost thing where it is written, whichever week is highlighted.
          const label = page.getByTestId('danger-zone-label');
          expect(
            await label.evaluate((element) => {
              // The chart's layers let clicks through to the dots; hit-test the label itself.
              (element as HTMLElement).style.pointerEvents = 'auto';
              const box = element.getBoundingClientRect();
              const points = [
                [box.left + 2, box.top + box.height / 2],
                [box.left + box.width / 2, box.top + box.height / 2],
                [box.right - 2, box.top + box.height / 2],
              ] as const;
              return points.every(([x, y]) => element.contains(document.elementFromPoint(x, y)));
            }),
          ).toBe(true);
          // Nor does it run into the current week's highlight.
          const highlight = await boxOf(page.getByTestId('current-gameweek'));
          expect(overlaps(await boxOf(label), highlight), `week ${week}`).toBe(false);
          await screenshot(page, `dashboard-chart-week-${week}-${viewport.width}`);
        }
      }
    } finally {
      for (const { context } of views) await context.close();
    }
  });

  it('draws every flag as a picture of our own and keeps the GOING BUST badge on one line', async () => {
    await resetServerClock();
    const users = [
      await ownerAt(MOBILE),
      await ownerAt(DESKTOP),
      // A long name squeezes the status column.
      await (async () => {
        const context = await newContext(TABLET, await squadOwner(LONG_NAME));
        return { context, page: await context.newPage() };
      })(),
    ];
    try {
      await setServerClock({ afterGameweek: 1 });
      await expect
        .poll(
          async () => {
            const response = await users[0]?.page.request.get('/api/leaderboard/country');
            const board = (await response?.json()) as { total?: number };
            return board.total ?? 0;
          },
          { timeout: 30_000, interval: 250 },
        )
        .toBeGreaterThanOrEqual(2);
      for (const { page } of users) {
        // The global board shows each player's country.
        await page.goto('/leaderboard/global');
        const badges = page.locator('[data-status="going_bust"]:visible');
        await badges.first().waitFor();
        for (const badge of await badges.all()) {
          const height = (await boxOf(badge)).height;
          const lineHeight = await badge.evaluate((element) =>
            Number.parseFloat(getComputedStyle(element).lineHeight),
          );
          // One line of text plus the badge's padding.
          expect(height).toBeLessThan(lineHeight * 2);
        }
        await expectFlagsArePictures(page);
        // The Country tab wears the viewer's flag.
        expect(
          await page
            .getByRole('tab', { name: 'Country' })
            .getByTestId('country-flag')
            .getAttribute('data-country'),
        ).toBe('NR');
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `leaderboard-flags-${page.viewportSize()?.width}`);

        await page.goto('/dashboard');
        await page.getByRole('link', { name: new RegExp(`^${COUNTRY}`) }).waitFor();
        await expectFlagsArePictures(page);
        await page.goto('/settings');
        await page.getByText('Account Details').waitFor();
        await expectFlagsArePictures(page);
      }
    } finally {
      for (const { context } of users) await context.close();
    }
  });

  it('shows flags in the onboarding country list, as pictures', async () => {
    const context = await newContext(MOBILE);
    const page = await context.newPage();
    try {
      await signUpThroughApi(context);
      await page.goto('/onboarding');
      await page.getByRole('combobox', { name: 'Country' }).fill('united');
      await page.getByRole('option', { name: 'United Kingdom' }).waitFor();
      await expectFlagsArePictures(page);
      await page.getByRole('option', { name: 'United Kingdom' }).click();
      await expectFlagsArePictures(page);
      await screenshot(page, 'onboarding-country-flag-mobile');
    } finally {
      await context.close();
    }
  });
});

/** Flags on the page are loaded SVG pictures from this origin; no flag emoji is left in the text. */
async function expectFlagsArePictures(page: Page): Promise<void> {
  // The ones a person can see (a row may carry a second layout for the other screen size).
  const flags = page.getByTestId('country-flag').filter({ visible: true });
  await flags.first().waitFor();
  for (const flag of await flags.all()) {
    // Flags load lazily, as they come into view.
    await flag.scrollIntoViewIfNeeded();
    await expect
      .poll(() => flag.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
    const source = new URL(await flag.evaluate((image: HTMLImageElement) => image.currentSrc || image.src));
    expect(source.origin).toBe(new URL(baseUrl()).origin);
    expect(source.pathname).toMatch(/\.svg$/);
  }
  // Regional indicator letters (U+1F1E6 to U+1F1FF) make up every flag emoji.
  expect(await page.evaluate(() => /[\u{1F1E6}-\u{1F1FF}]/u.test(document.body.innerText))).toBe(false);
}
