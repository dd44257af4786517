import { randomUUID } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { toastText } from './support/accounts.ts';
import {
  addExpiredSessionCookie,
  baseUrl,
  DESKTOP,
  expectNoSeriousAxeViolations,
  MOBILE,
  openPage,
  screenshot,
  setUpBrowser,
} from './support/browser.ts';
import { resetServerClock, setServerClock } from './support/clock.ts';

const browser = setUpBrowser();

/** The top bar is 64 px; anchor scrolling leaves 80 px above a section (specification, section 9). */
const ANCHOR_OFFSET_PX = 80;

function sectionTop(page: Page, id: string): Promise<number> {
  return page.evaluate((sectionId) => {
    const section = document.getElementById(sectionId);
    return section ? Math.round(section.getBoundingClientRect().top) : Number.NaN;
  }, id);
}

function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function expectExpanded(trigger: Locator, isExpanded: boolean): Promise<void> {
  await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe(String(isExpanded));
}

/**
 * The privacy policy says, as the boards do, that other players never see your picks, and
 * gives its contact address.
 */
async function expectPrivacyFacts(page: Page): Promise<void> {
  const section = page.locator('section').filter({
    has: page.getByRole('heading', { level: 2, name: 'What other players can see' }),
  });
  const text = (await section.textContent()) ?? '';
  expect(text).toContain('The players in your team are not shown to other players');
  expect(text).not.toMatch(/and the players in your team/);
  expect(await page.getByRole('link', { name: 'privacy@hit21.app' }).first().getAttribute('href')).toBe(
    'mailto:privacy@hit21.app',
  );
}

/** The game explained with steps, an example squad of 21 goals and an FAQ, and the footer's links. */
async function expectTheGameExplained(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 2, name: 'How to play' }).waitFor();
  const squad = page.getByRole('figure').filter({ hasText: 'Example winning squad' });
  expect(await squad.getByRole('listitem').allTextContents()).toEqual([
    expect.stringMatching(/^9Goals/),
    expect.stringMatching(/^4Goals/),
    expect.stringMatching(/^5Goals/),
    expect.stringMatching(/^3Goals/),
  ]);
  expect(await squad.getByText('21 / 21').isVisible()).toBe(true);

  const question = page.getByRole('button', { name: 'What does going bust mean?' });
  await question.click();
  await expectExpanded(question, true);

  const footer = page.getByRole('contentinfo');
  expect(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
    '/privacy-policy',
  );
  expect(await footer.getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe('/terms-of-use');
}

describe('the landing page, signed out', () => {
  it('offers Play for Free, scrolls to How to Play and to the FAQ, 80 px under the top, and opens its answers', async () => {
    const { context, page } = await openPage(browser(), '/');
    await page.getByRole('heading', { level: 1, name: 'Football blackjack' }).waitFor();
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: 'Play for Free' }).first().getAttribute('href')).toBe(
      '/signup',
    );

    await main.getByRole('link', { name: 'How Does it Work' }).click();
    await page.waitForURL((url) => url.hash === '#how-to-play');
    await expect.poll(() => sectionTop(page, 'how-to-play')).toBeCloseTo(ANCHOR_OFFSET_PX, -1);
    expect(await page.getByRole('heading', { level: 2, name: 'How to play' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 3, name: 'Pick 4 players' }).isVisible()).toBe(true);

    // The FAQ answers open and close, with the mouse and the keyboard.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
    await expect.poll(() => sectionTop(page, 'faq')).toBeCloseTo(ANCHOR_OFFSET_PX, -1);

    const question = page.getByRole('button', { name: 'Who can play?' });
    await expectExpanded(question, false);
    await question.click();
    await expectExpanded(question, true);
    await page.getByText('Anyone aged 18 or over.').waitFor();
    await question.click();
    await expectExpanded(question, false);

    const costQuestion = page.getByRole('button', { name: 'How much does it cost?' });
    await costQuestion.focus();
    await page.keyboard.press('Enter');
    await expectExpanded(costQuestion, true);
    await page.getByText('Hit21 is free to play').waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'landing-desktop');

    await main.getByRole('link', { name: 'Play for Free' }).first().click();
    await page.waitForURL('**/signup');
    await context.close();
  });

  it('scrolls to a section when it is opened by its address', async () => {
    const { context, page } = await openPage(browser(), '/#faq');
    await page.getByRole('heading', { level: 2, name: 'FAQ' }).waitFor();
    await expect.poll(() => sectionTop(page, 'faq')).toBeCloseTo(ANCHOR_OFFSET_PX, -1);
    await context.close();
  });

  it('fits a 375 px screen and passes the accessibility check there', async () => {
    const { context, page } = await openPage(browser(), '/', MOBILE);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'landing-mobile');
    await context.close();
  });
});

describe('the public top bar on a phone', () => {
  it('opens its menu, and closes it on a tap outside and on Escape', async () => {
    const { context, page } = await openPage(browser(), '/privacy-policy', MOBILE);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const menuLink = page.getByRole('link', { name: 'How to Play' });
    expect(await menuLink.isVisible()).toBe(false);

    await toggle.click();
    await expectExpanded(page.getByRole('button', { name: 'Close menu' }), true);
    expect(await menuLink.isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'public-menu-mobile');

    await page.mouse.click(180, 600);
    await expectExpanded(page.getByRole('button', { name: 'Open menu' }), false);
    expect(await menuLink.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await expectExpanded(page.getByRole('button', { name: 'Open menu' }), false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');

    // A section link leaves the page for the landing section and closes the menu.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menuLink.click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#how-to-play');
    await expect.poll(() => sectionTop(page, 'how-to-play')).toBeCloseTo(ANCHOR_OFFSET_PX, -1);
    expect(await menuLink.isVisible()).toBe(false);
    await context.close();
  });
});

describe('the coming-soon page', () => {
  afterAll(resetServerClock);

  it('before the launch: the countdown runs and the waitlist is open', async () => {
    await setServerClock({ at: '2025-08-06T16:57:30Z' });
    for (const [viewport, name] of [
      [DESKTOP, 'coming-soon-before-launch'],
      [MOBILE, 'coming-soon-before-launch-mobile'],
    ] as const) {
      const { context, page } = await openPage(browser(), '/coming-soon', viewport);
      const timer = page.getByRole('timer', { name: 'Time until launch' });
      await expect.poll(() => timer.getByRole('definition').first().textContent()).toBe('02');
      expect(await page.getByText(/Launching Friday,? 8 August 2025/).isVisible()).toBe(true);
      expect(await page.getByText('The game has launched!').count()).toBe(0);
      expect(await page.getByText(/under way/).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Notify Me' }).isVisible()).toBe(true);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, name);
      await context.close();
    }
  });

  it('after the launch, before kick-off: zeros, the game has launched, picks open until the deadline, no waitlist', async () => {
    await resetServerClock();
    for (const [viewport, name] of [
      [DESKTOP, 'coming-soon-launched'],
      [MOBILE, 'coming-soon-launched-mobile'],
    ] as const) {
      const { context, page } = await openPage(browser(), '/coming-soon', viewport);
      await page.getByText('The game has launched!').waitFor();
      const timer = page.getByRole('timer', { name: 'Time until launch' });
      expect(await timer.getByRole('term').allTextContents()).toEqual([
        'Days',
        'Hours',
        'Minutes',
        'Seconds',
      ]);
      expect(await timer.getByRole('definition').allTextContents()).toEqual(['00', '00', '00', '00']);
      const status = page.getByTestId('launch-status');
      expect(await status.textContent()).toMatch(
        /pick your 4 players before the pick deadline, Friday,? 15 August 2025/,
      );
      expect(await status.textContent()).not.toMatch(/under way/);
      // Nothing left to wait for: the card invites the visitor to play.
      expect(await page.getByRole('button', { name: 'Notify Me' }).count()).toBe(0);
      expect(await page.getByTestId('waitlist-count').count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'The game is live' }).isVisible()).toBe(true);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      if (viewport === DESKTOP) await expectTheGameExplained(page);
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, name);
      if (viewport === DESKTOP) {
        // Still zeros over a second later: the countdown does not run on past the launch.
        await page.waitForTimeout(1100);
        expect(await timer.getByRole('definition').allTextContents()).toEqual(['00', '00', '00', '00']);
        await page.getByRole('main').getByRole('link', { name: 'Play for Free' }).click();
        await page.waitForURL('**/signup');
      }
      await context.close();
    }
  });

  it('in season: the season is under way, with the gameweek, and late sign-ups are welcome', async () => {
    await setServerClock({ afterGameweek: 3 });
    for (const [viewport, name] of [
      [DESKTOP, 'coming-soon-in-season'],
      [MOBILE, 'coming-soon-in-season-mobile'],
    ] as const) {
      const { context, page } = await openPage(browser(), '/coming-soon', viewport);
      const status = page.getByTestId('launch-status');
      await status.waitFor();
      expect(await status.textContent()).toMatch(/The season is under way: gameweek 3 of 38/);
      expect(await status.textContent()).toMatch(/players who haven't scored yet/);
      expect(await page.getByRole('button', { name: 'Notify Me' }).count()).toBe(0);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, name);
      await context.close();
    }
  });

  it('moves from the waitlist to "launched" at the launch second, without a reload', async () => {
    // Three seconds before the launch on the server's clock.
    await setServerClock({ at: '2025-08-08T18:59:57Z' });
    const { context, page } = await openPage(browser(), '/coming-soon');
    await page.getByRole('button', { name: 'Notify Me' }).waitFor();
    await page.getByText('The game has launched!').waitFor({ timeout: 10_000 });
    await page.getByRole('heading', { name: 'The game is live' }).waitFor();
    expect(await page.getByRole('button', { name: 'Notify Me' }).count()).toBe(0);
    await context.close();
  });

  it('lets a fan join the waitlist once, with one count that goes up, then recognises the e-mail in any case', async () => {
    await setServerClock({ at: '2025-08-01T12:00:00Z' });
    const serverCount = await fetchWaitlistCount();
    const { context, page } = await openPage(browser(), '/coming-soon');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const count = page.getByTestId('waitlist-count');
    await expect
      .poll(() => count.textContent())
      .toBe(
        serverCount === 0
          ? 'Be the first fan on the waitlist'
          : `Join ${serverCount.toLocaleString('en-GB')} ${serverCount === 1 ? 'fan' : 'fans'} already on the waitlist`,
      );

    const notifyMe = page.getByRole('button', { name: 'Notify Me' });
    expect(await notifyMe.isDisabled()).toBe(true);
    await page.getByLabel('Full Name').fill('Alex Fan');
    expect(await notifyMe.isDisabled()).toBe(true);
    await page.getByLabel('Email').fill('   ');
    expect(await notifyMe.isDisabled()).toBe(true);

    // A name too long is refused in words a person reads.
    await page.getByLabel('Full Name').fill('A'.repeat(101));
    await page.getByLabel('Email').fill(`long-${randomUUID().slice(0, 8)}@example.com`);
    await notifyMe.click();
    const nameField = page.getByRole('textbox', { name: 'Full Name' });
    await expect.poll(() => nameField.getAttribute('aria-invalid')).toBe('true');
    const nameMessageId = (await nameField.getAttribute('aria-describedby')) ?? '';
    const message = (await page.locator(`[id="${nameMessageId}"]`).textContent()) ?? '';
    expect(message).toMatch(/100 characters/);
    expect(message).not.toMatch(/Too big|expected string|<=/);
    expect(await page.getByText('Welcome to the waitlist!').count()).toBe(0);
    await screenshot(page, 'coming-soon-long-name');
    await page.getByLabel('Full Name').fill('Alex Fan');

    const email = `fan-${randomUUID().slice(0, 8)}@example.com`;
    await page.getByLabel('Email').fill(email);
    expect(await notifyMe.isDisabled()).toBe(false);
    const joined = page.waitForResponse(
      (response) => response.url().endsWith('/api/waitlist') && response.request().method() === 'POST',
    );
    await notifyMe.click();
    const response = await joined;
    expect(response.status()).toBe(201);
    const { count: rawCount } = (await response.json()) as { count: number };
    expect(rawCount).toBeGreaterThan(serverCount);

    await page.getByText('Welcome to the waitlist!').waitFor();
    await toastText(page, 'Successfully joined the waitlist!');
    expect(await page.getByRole('button', { name: 'Notify Me' }).count()).toBe(0);
    // The same figure as before, with the new fan in it: it never drops.
    await expect
      .poll(() => count.textContent())
      .toBe(`${rawCount.toLocaleString('en-GB')} ${rawCount === 1 ? 'fan is' : 'fans are'} on the waitlist`);
    await screenshot(page, 'coming-soon-joined');
    await context.close();

    const again = await openPage(browser(), '/coming-soon');
    await expect
      .poll(() => again.page.getByTestId('waitlist-count').textContent())
      .toBe(
        `Join ${rawCount.toLocaleString('en-GB')} ${rawCount === 1 ? 'fan' : 'fans'} already on the waitlist`,
      );
    await again.page.getByLabel('Full Name').fill('  Alex Fan  ');
    await again.page.getByLabel('Email').fill(`  ${email.toUpperCase()}  `);
    await again.page.getByRole('button', { name: 'Notify Me' }).click();
    const emailField = again.page.getByRole('textbox', { name: 'Email' });
    await expect.poll(() => emailField.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await emailField.getAttribute('aria-describedby')) ?? '';
    expect(await again.page.locator(`[id="${describedBy}"]`).textContent()).toBe(
      'This email is already on our waitlist!',
    );
    await toastText(again.page, 'This email is already on our waitlist!');
    expect(await again.page.getByText('Welcome to the waitlist!').count()).toBe(0);
    await again.context.close();
  });
});

describe('the legal pages', () => {
  it.each([
    {
      pathname: '/privacy-policy',
      title: 'Privacy Policy',
      jumpTo: { title: 'How we use your information', id: 'how-we-use-it' },
      sections: [
        'Information we collect',
        'How we use your information',
        'What other players can see',
        'Sharing your information',
        'Your rights',
        'Contact us',
      ],
    },
    {
      pathname: '/terms-of-use',
      title: 'Terms of Use',
      jumpTo: { title: 'The game', id: 'the-game' },
      sections: [
        'Acceptance of these terms',
        'Who can play',
        'Your responsibilities',
        'Intellectual property',
        'Limitation of liability',
        'Contact us',
      ],
    },
  ])('$pathname reads as a structured document', async ({ pathname, title, jumpTo, sections }) => {
    const { context, page } = await openPage(browser(), pathname);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.getByText('Last updated August 2025').isVisible()).toBe(true);
    for (const section of sections) {
      expect(await page.getByRole('heading', { level: 2, name: section }).isVisible()).toBe(true);
    }
    // The table of contents jumps to a section, 80 px under the top.
    const contents = page.getByRole('navigation', { name: 'On this page' });
    await contents.getByRole('link', { name: jumpTo.title }).click();
    await expect.poll(() => sectionTop(page, jumpTo.id)).toBeCloseTo(ANCHOR_OFFSET_PX, -1);
    if (pathname === '/privacy-policy') await expectPrivacyFacts(page);
    await expectNoSeriousAxeViolations(page);

    // The same page on a 375 px screen.
    await page.setViewportSize(MOBILE);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `${pathname.slice(1)}-mobile`);
    await context.close();
  });
});

describe('the rules page', () => {
  it('has Rules, FAQs and T&Cs tabs and sections that open with the keyboard, and fits 375 px', async () => {
    const { context, page } = await openSignedIn('/rules');
    await page.getByRole('heading', { level: 1, name: 'Rules' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );

    const tabs = page.getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['Rules', 'FAQs', 'T&Cs']);
    expect(await page.getByRole('tab', { name: 'Rules' }).getAttribute('aria-selected')).toBe('true');
    for (const section of [
      'Selecting your initial team',
      'The deadline',
      'Leagues',
      'Going bust',
      'Winning',
    ]) {
      expect(await page.getByRole('button', { name: section }).isVisible()).toBe(true);
    }

    const deadline = page.getByRole('button', { name: 'The deadline' });
    await deadline.focus();
    await page.keyboard.press('Enter');
    await expectExpanded(deadline, true);
    await page
      .getByRole('region', { name: 'The deadline' })
      .getByText(/15 August 2025/)
      .waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    const leagues = page.getByRole('button', { name: 'Leagues' });
    await expectExpanded(leagues, true);
    expect(await page.getByText('Invite only', { exact: true }).isVisible()).toBe(true);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'rules-desktop');

    // Arrow keys move between tabs.
    await page.getByRole('tab', { name: 'Rules' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.getByRole('tab', { name: 'FAQs' }).getAttribute('aria-selected'))
      .toBe('true');
    expect(await page.getByRole('button', { name: 'What is Hit21?' }).isVisible()).toBe(true);

    await page.getByRole('tab', { name: 'T&Cs' }).click();
    expect(await page.getByRole('link', { name: 'Read the Terms of Use' }).getAttribute('href')).toBe(
      '/terms-of-use',
    );
    await expectNoSeriousAxeViolations(page);

    // It fits a 375 px screen and passes the accessibility check there.
    await page.getByRole('tab', { name: 'Rules' }).click();
    await page.setViewportSize(MOBILE);
    await page.getByRole('heading', { level: 1, name: 'Rules' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'rules-mobile');
    await context.close();
  });
});

async function fetchWaitlistCount(): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/waitlist/count`);
  const { count } = (await response.json()) as { count: number };
  return count;
}

/**
 * /rules is for signed-in players who have picked a squad. Only the page's own content is
 * under test here, so the browser is given a complete profile in place of a full account
 * (sign-up, onboarding and player selection are tested by their own suites).
 */
async function openSignedIn(
  pathname: string,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser().newContext({ viewport, baseURL: baseUrl(), reducedMotion: 'reduce' });
  // With a session cookie the app asks the API for the profile, which the test answers.
  await addExpiredSessionCookie(context);
  await context.route('**/api/profile', (route) =>
    route.fulfill({
      json: {
        id: 'rules-reader',
        email: 'rules.reader@example.com',
        fullName: 'Rules Reader',
        dob: '1990-05-01',
        country: 'United Kingdom',
        favouriteClub: 'Arsenal',
        howDidYouHear: 'friend',
        onboardingComplete: true,
        playerSelectionComplete: true,
        role: 'user',
        marketingOptIn: false,
        goalAlerts: 'all',
        emailConfirmedAt: null,
        createdAt: '2025-08-01T00:00:00.000Z',
        updatedAt: '2025-08-01T00:00:00.000Z',
      },
    }),
  );
  const page = await context.newPage();
  await page.goto(pathname);
  return { context, page };
}
