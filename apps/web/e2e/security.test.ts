import { chromium, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  completeOnboardingThroughApi,
  newAccount,
  pickSquadThroughApi,
  signUpThroughApi,
  signUpThroughUi,
} from './support/accounts.ts';
import { baseUrl, DESKTOP, MOBILE, screenshot, setUpBrowser } from './support/browser.ts';

const browser = setUpBrowser();

/** The same server at another address it listens at: the tests' PUBLIC_URL is 127.0.0.1. */
function localhostUrl(): string {
  const url = new URL(baseUrl());
  url.hostname = 'localhost';
  return url.origin;
}

/** Every Content-Security-Policy refusal the browser reports on the page's console. */
function collectCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  return violations;
}

describe('the first run, at any address the server prints', () => {
  it('signs up at http://localhost:PORT as well as at the PUBLIC_URL (127.0.0.1)', async () => {
    const context = await browser().newContext({ baseURL: localhostUrl(), viewport: DESKTOP });
    const page = await context.newPage();
    await signUpThroughUi(page, newAccount('localhost'));
    expect(new URL(page.url()).hostname).toBe('localhost');
    await context.close();
  });

  it('explains a refused origin instead of the generic failure', async () => {
    // A name for this machine that the server does not list (as a LAN host name would be).
    const port = new URL(baseUrl()).port;
    const aliased = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--host-resolver-rules=MAP hit21-alias.test 127.0.0.1',
      ],
    });
    try {
      const page = await aliased.newPage({ baseURL: `http://hit21-alias.test:${port}`, viewport: MOBILE });
      const account = newAccount('origin');
      await page.goto('/signup');
      await page.getByLabel('Email', { exact: true }).fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByLabel('Confirm Password', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'Create Account' }).click();
      const message = `This address isn't allowed to make changes. Open Hit21 at ${new URL(baseUrl()).origin}.`;
      await page.getByText(message).first().waitFor();
      expect(await page.getByText('Failed to create account. Please try again.').count()).toBe(0);
      await screenshot(page, 'security-origin-refused-mobile');
    } finally {
      await aliased.close();
    }
  });
});

describe('styles under a CSP without inline styles', () => {
  it('renders the main pages, toasts and dialogs styled, with no CSP violation', async () => {
    const context = await browser().newContext({
      baseURL: baseUrl(),
      viewport: DESKTOP,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const violations = collectCspViolations(page);

    for (const pathname of ['/', '/login', '/signup', '/forgot-password', '/rules']) {
      await page.goto(pathname);
      await page.locator('h1').first().waitFor();
    }
    // The stylesheet applies: the landing page is not unstyled text.
    await page.goto('/');
    const bodyFont = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(bodyFont).toContain('Inter');

    // A toast, styled by sonner's stylesheet (imported as CSS, not injected).
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill('nobody@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Wrong#Guess2025');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const toast = page.locator('[data-sonner-toast]').first();
    await toast.waitFor();
    expect(await toast.evaluate((element) => getComputedStyle(element).position)).toBe('absolute');
    await screenshot(page, 'security-login-toast-desktop');

    // Signed in: a Radix dialog locks the page's scroll with a <style> carrying the nonce.
    const account = await signUpThroughApi(context, newAccount('csp'));
    await completeOnboardingThroughApi(context);
    // Settings sits behind the player-selection guard.
    await pickSquadThroughApi(context);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

    // The current password as the new one is refused in the form, in words.
    await dialog.getByLabel('Current Password', { exact: true }).fill(account.password);
    await dialog.getByLabel('New Password', { exact: true }).fill(account.password);
    await dialog.getByLabel('Confirm New Password', { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await dialog.getByText('Your new password must be different from your current password').waitFor();
    await screenshot(page, 'security-change-password-desktop');

    for (const pathname of ['/dashboard', '/leaderboard/global', '/player-selection']) {
      await page.goto(pathname);
      await page.locator('main').first().waitFor();
    }
    expect(violations).toEqual([]);
    await context.close();
  });
});
