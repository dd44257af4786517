import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dismissToasts, pickSquadThroughApi } from './support/accounts.ts';
import {
  baseUrl,
  DESKTOP,
  expectNoSeriousAxeViolations,
  MOBILE,
  screenshot,
  setUpBrowser,
} from './support/browser.ts';

const browser = setUpBrowser();
const PASSWORD = 'Matchday#2025';
const NEW_PASSWORD = 'Floodlight#Corner9';

let accountCount = 0;
function uniqueEmail(label: string): string {
  accountCount += 1;
  return `${label}-${Date.now()}-${accountCount}@example.com`;
}

/** A fresh signed-in account: signing up through the API sets the page's session cookie. */
async function signedInPage(
  viewport = DESKTOP,
  label = 'player',
): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const context = await browser().newContext({ viewport, baseURL: baseUrl(), reducedMotion: 'reduce' });
  const page = await context.newPage();
  const email = uniqueEmail(label);
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD, name: '' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { context, page, email };
}

/** A date of birth that makes the person `years` old today. */
function dateOfBirthForAge(years: number): string {
  const now = new Date();
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(Math.min(now.getDate(), 28)).padStart(2, '0');
  return `${now.getFullYear() - years}-${month}-${day}`;
}

async function viewportScreenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png` });
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

function toast(page: Page, title: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: title });
}

describe('onboarding', () => {
  it('walks a new player through the three steps to player selection', async () => {
    const { context, page } = await signedInPage(DESKTOP, 'onboarding');
    await page.goto('/onboarding');

    await page.getByRole('heading', { level: 1, name: 'Set Up Your Profile' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.getByText('Step 1 of 3').count()).toBe(1);
    expect(await page.getByRole('progressbar').getAttribute('aria-valuetext')).toBe(
      'Step 1 of 3: Basic Info',
    );
    const next = page.getByRole('button', { name: 'Next' });
    expect(await next.isDisabled()).toBe(true);

    await page.getByLabel('Full Name').fill('Alex Morgan');
    // Sixteen: refused as soon as the date is in, and Next does not move on.
    await page.getByLabel('Date of Birth').fill(dateOfBirthForAge(16));

    // The country, chosen with the keyboard only.
    const country = page.getByRole('combobox', { name: 'Country' });
    await country.focus();
    await page.keyboard.type('united k');
    await page.getByRole('listbox', { name: 'Countries' }).waitFor();
    await viewportScreenshot(page, 'onboarding-country-list-desktop');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    expect(await country.inputValue()).toBe('United Kingdom');
    expect(await country.getAttribute('aria-expanded')).toBe('false');

    await page.getByText('You must be 18 or over to play', { exact: true }).waitFor();
    expect(await next.isDisabled()).toBe(false);
    await next.click();
    expect(await page.getByText('Step 1 of 3').count()).toBe(1);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'onboarding-step-1-refused-desktop');

    await page.getByLabel('Date of Birth').fill('1990-05-20');
    expect(await page.getByText('You must be 18 or over to play', { exact: true }).count()).toBe(0);
    await next.click();

    // Step 2: the club, with its card.
    await page.getByText('Step 2 of 3').waitFor();
    expect(await page.getByRole('heading', { level: 2, name: 'Favourite Team' }).count()).toBe(1);
    await next.click();
    await page.getByText('Please select your favourite team').waitFor();
    await page.getByRole('combobox', { name: 'Favourite Team' }).click();
    await page.getByRole('option', { name: 'Liverpool' }).waitFor();
    // Not full-page: resizing the window closes the list.
    await viewportScreenshot(page, 'onboarding-club-list-desktop');
    await page.getByRole('option', { name: 'Liverpool' }).click();
    const card = page.getByTestId('club-card');
    await card.waitFor();
    expect(await card.textContent()).toContain('Liverpool');
    expect(await card.textContent()).toContain('LIV');
    expect(await card.getByRole('img', { name: 'Liverpool jersey' }).count()).toBe(1);
    expect(await page.getByText('Please select your favourite team').count()).toBe(0);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'onboarding-step-2-desktop');

    // Back keeps what was typed.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByText('Step 1 of 3').waitFor();
    expect(await page.getByLabel('Full Name').inputValue()).toBe('Alex Morgan');
    await next.click();
    await page.getByText('Step 2 of 3').waitFor();
    await next.click();

    // Step 3: how they heard of us.
    await page.getByText('Step 3 of 3').waitFor();
    const complete = page.getByRole('button', { name: 'Complete Setup' });
    await complete.click();
    await page.getByText('Please tell us how you heard about Hit21').waitFor();
    await page.getByRole('radio', { name: 'Other' }).click();
    await page.getByLabel('Please specify').waitFor();
    await complete.click();
    await page.getByText('Please specify how you heard about the product').waitFor();
    // Another option clears the Other text; back to Other, it is empty.
    await page.getByLabel('Please specify').fill('Something');
    await page.getByRole('radio', { name: 'Friend' }).click();
    expect(await page.getByLabel('Please specify').count()).toBe(0);
    await page.getByRole('radio', { name: 'Other' }).click();
    expect(await page.getByLabel('Please specify').inputValue()).toBe('');
    await page.getByLabel('Please specify').fill('A football podcast');
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'onboarding-step-3-desktop');
    await complete.click();

    await toast(page, 'Profile Setup Complete!').waitFor();
    expect(await toast(page, 'Profile Setup Complete!').textContent()).toContain(
      'Your profile has been successfully created. You can now select your players.',
    );
    await page.waitForURL((url) => url.pathname === '/player-selection');

    const profile = await (await page.request.get('/api/profile')).json();
    expect(profile).toMatchObject({
      fullName: 'Alex Morgan',
      dob: '1990-05-20',
      country: 'United Kingdom',
      favouriteClub: 'Liverpool',
      howDidYouHear: 'A football podcast',
      onboardingComplete: true,
    });
    await context.close();
  });

  it('fits a 375 px screen at every step', async () => {
    const { context, page } = await signedInPage(MOBILE, 'mobile');
    await page.goto('/onboarding');
    await page.getByText('Step 1 of 3').waitFor();
    await page.getByLabel('Full Name').fill('Sam Carter');
    await page.getByLabel('Date of Birth').fill('1992-07-14');
    await page.getByRole('combobox', { name: 'Country' }).fill('Nigeria');
    await page.getByRole('option', { name: 'Nigeria' }).click();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'onboarding-step-1-mobile');

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('combobox', { name: 'Favourite Team' }).click();
    await page.getByRole('option', { name: 'Nottingham Forest' }).click();
    await page.getByTestId('club-card').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'onboarding-step-2-mobile');

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: 'Other' }).click();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'onboarding-step-3-mobile');
    await context.close();
  });
});

describe('settings', () => {
  async function onboardedPage(viewport = DESKTOP) {
    const session = await signedInPage(viewport, 'settings');
    const response = await session.page.request.put('/api/profile/onboarding', {
      data: {
        fullName: 'Alex Morgan',
        dob: '1990-05-20',
        country: 'United Kingdom',
        favouriteClub: 'Arsenal',
        howDidYouHear: 'friend',
      },
    });
    expect(response.status(), await response.text()).toBe(200);
    // Settings sits behind the player-selection guard: pick a squad as a player would.
    await pickSquadThroughApi(session.context);
    return session;
  }

  it('edits the name, keeps the locked fields locked, changes the password and the e-mail choice, then deletes the account and stays on the home page', async () => {
    const { context, page, email } = await onboardedPage();
    await page.goto('/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await page.getByRole('tab', { name: 'Profile Info' }).waitFor();

    // Name: saved, and still there after a reload.
    const fullName = page.getByRole('textbox', { name: 'Full Name' });
    await fullName.waitFor();
    expect(await fullName.inputValue()).toBe('Alex Morgan');
    await fullName.fill('Sam Carter');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Profile Updated').waitFor();
    await page.reload();
    await page.getByRole('textbox', { name: 'Full Name' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Full Name' }).inputValue()).toBe('Sam Carter');

    // Under 18 is refused before sending.
    await page.getByLabel('Date of Birth').fill(dateOfBirthForAge(16));
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('You must be 18 or over to play', { exact: true }).waitFor();
    await page.getByLabel('Date of Birth').fill('1990-05-20');

    // Locked fields.
    for (const [name, value] of [
      [/^Email/, email],
      [/^Country/, 'United Kingdom'],
      [/^Favourite Team/, 'Arsenal'],
    ] as const) {
      const field = page.getByRole('textbox', { name });
      expect(await field.inputValue()).toBe(value);
      expect(await field.getAttribute('readonly')).not.toBeNull();
    }
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'settings-desktop');

    // Change password: wrong current password, then right.
    await page.getByRole('button', { name: 'Change Password' }).click();
    const passwordDialog = page.getByRole('dialog', { name: 'Change Password' });
    await passwordDialog.waitFor();
    await passwordDialog.getByRole('button', { name: 'Update Password' }).click();
    await passwordDialog.getByText('Current password is required').waitFor();
    await passwordDialog.getByLabel('Current Password', { exact: true }).fill('Wrong#Password77');
    await passwordDialog.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await passwordDialog.getByLabel('Confirm New Password', { exact: true }).fill(`${NEW_PASSWORD}x`);
    await passwordDialog.getByRole('button', { name: 'Update Password' }).click();
    await passwordDialog.getByText('New passwords do not match').waitFor();
    await passwordDialog.getByLabel('Confirm New Password', { exact: true }).fill(NEW_PASSWORD);
    expect(await passwordDialog.getByTestId('password-strength').getAttribute('data-strength')).toBe(
      'Strong',
    );
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'settings-change-password-desktop');
    await passwordDialog.getByRole('button', { name: 'Update Password' }).click();
    await passwordDialog.getByText('Current password is incorrect').waitFor();
    await passwordDialog.getByLabel('Current Password', { exact: true }).fill(PASSWORD);
    await passwordDialog.getByRole('button', { name: 'Update Password' }).click();
    await toast(page, 'Password Updated').waitFor();
    await passwordDialog.waitFor({ state: 'detached' });

    // Marketing e-mails: off and on again, then a refusal puts the switch back.
    const marketing = page.getByRole('switch', { name: 'Marketing Emails' });
    const isOptedIn = (await marketing.getAttribute('aria-checked')) === 'true';
    const [firstToast, secondToast] = isOptedIn
      ? ['Marketing Emails Disabled', 'Marketing Emails Enabled']
      : ['Marketing Emails Enabled', 'Marketing Emails Disabled'];
    await marketing.click();
    await toast(page, firstToast).waitFor();
    expect(await marketing.getAttribute('aria-checked')).toBe(String(!isOptedIn));
    await marketing.press('Space');
    await toast(page, secondToast).waitFor();
    expect(await marketing.getAttribute('aria-checked')).toBe(String(isOptedIn));
    await page.route('**/api/marketing/*', (route) => route.fulfill({ status: 500, body: '' }));
    await marketing.click();
    await toast(page, isOptedIn ? 'Failed to Disable' : 'Failed to Enable').waitFor();
    await expect.poll(() => marketing.getAttribute('aria-checked')).toBe(String(isOptedIn));
    await page.unroute('**/api/marketing/*');
    // The toaster's error colours are below AA contrast: screens are checked without toasts.
    await dismissToasts(page);

    // FAQs.
    await page.getByRole('tab', { name: 'FAQs' }).click();
    const question = page.getByRole('button', { name: 'Why are my country and favourite team locked?' });
    await question.click();
    await page.getByText('They decide which leaderboards you are on').waitFor();
    expect(await page.getByRole('button', { name: /change my email|Which profile details/ }).count()).toBe(2);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('tab', { name: 'Profile Info' }).click();

    // Delete: "delete" is not DELETE.
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const deleteDialog = page.getByRole('dialog', { name: 'Delete Account' });
    await deleteDialog.waitFor();
    await deleteDialog.getByLabel('Type DELETE to confirm').fill('delete');
    await deleteDialog.getByRole('button', { name: 'Delete Account' }).click();
    await toast(page, 'Confirmation Required').waitFor();
    expect(await toast(page, 'Confirmation Required').textContent()).toContain(
      'Please type DELETE to confirm account deletion',
    );
    // The toaster's error colours are below AA contrast: screens are checked without toasts.
    await dismissToasts(page);
    await expectNoSeriousAxeViolations(page);
    await deleteDialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await deleteDialog.getByRole('button', { name: 'Delete Account' }).click();
    await toast(page, 'Account Deleted').waitFor();
    // Signed out, it stays on the home page (never /login).
    await page.waitForURL((url) => url.pathname === '/');
    // Long enough for any session check that would still send the user to /login.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(visited).not.toContain('/login');
    expect(await toast(page, 'Session Expired').count()).toBe(0);
    await screenshot(page, 'settings-account-deleted');

    const signIn = await page.request.post('/api/auth/sign-in/email', {
      data: { email, password: NEW_PASSWORD },
    });
    expect(signIn.status()).toBe(401);
    expect((await page.request.get('/api/profile')).status()).toBe(401);
    await context.close();
  });

  it('fits a 375 px screen', async () => {
    const { context, page } = await onboardedPage(MOBILE);
    await page.goto('/settings');
    await page.getByRole('textbox', { name: 'Full Name' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'settings-mobile');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByRole('dialog', { name: 'Change Password' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'settings-change-password-mobile');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'FAQs' }).click();
    await page.getByRole('button', { name: "Why can't I change my email address?" }).click();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'settings-faqs-mobile');
    await context.close();
  });
});
