import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mailedLink, newAccount } from './support/accounts.ts';
import {
  baseUrl,
  expectNoSeriousAxeViolations,
  MOBILE,
  screenshot,
  setUpBrowser,
} from './support/browser.ts';
import { testServer } from './support/test-server.ts';

const browser = setUpBrowser();

/** Undoes quoted-printable soft line breaks and escapes, as a mail client does. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The verification link of the newest e-mail the SMTP server received for `email`. */
async function verificationLinkFromSmtp(email: string): Promise<URL> {
  const mailDir = testServer().smtpMailDir;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = (await readdir(mailDir)).sort().reverse();
    for (const file of files) {
      const raw = decodeQuotedPrintable(await readFile(path.join(mailDir, file), 'utf8'));
      if (!raw.includes(`To: ${email}`)) continue;
      const link = /https?:\/\/\S+\/verify-email\?token=[^\s"<>]+/.exec(raw)?.[0];
      if (link) return new URL(link.replaceAll('&amp;', '&'));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The SMTP server received no verification e-mail for ${email}`);
}

describe('a new fan, end to end', () => {
  it('signs up, verifies with the e-mail received over SMTP, completes onboarding and reaches player selection', async () => {
    const context = await browser().newContext({
      baseURL: baseUrl(),
      viewport: MOBILE,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const account = newAccount('journey');

    await page.goto('/');
    await screenshot(page, 'journey-landing-mobile');
    await page.getByRole('link', { name: 'Play for Free' }).first().click();
    await page.waitForURL('**/signup');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(account.password);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: /create account/i }).click();
    await page.waitForURL('**/onboarding');

    // The e-mail went out over SMTP, and the development outbox holds the same link.
    const smtpLink = await verificationLinkFromSmtp(account.email);
    const outboxLink = await mailedLink(page.request, account.email, '/verify-email');
    expect(smtpLink.searchParams.get('token')).toBe(new URL(outboxLink, baseUrl()).searchParams.get('token'));
    expect(smtpLink.searchParams.get('type')).toBe('signup');

    await page.goto(`${smtpLink.pathname}${smtpLink.search}`);
    await page.getByText('Email Verified!').waitFor();
    await page.waitForURL('**/onboarding', { timeout: 10_000 });

    // Step 1
    await page.getByLabel('Full Name').fill('Jordan Fan');
    await page.getByLabel('Date of Birth').fill('1994-03-12');
    const country = page.getByRole('combobox', { name: 'Country' });
    await country.focus();
    await page.keyboard.type('united k');
    await page.getByRole('listbox', { name: 'Countries' }).waitFor();
    await page.keyboard.press('Enter');
    expect(await country.inputValue()).toBe('United Kingdom');
    await page.getByRole('button', { name: 'Next' }).click();
    // Step 2
    await page.getByText('Step 2 of 3').waitFor();
    await page.getByRole('combobox', { name: 'Favourite Team' }).click();
    await page.getByRole('option', { name: 'Brighton' }).click();
    await page.getByTestId('club-card').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    // Step 3
    await page.getByText('Step 3 of 3').waitFor();
    await page.getByRole('radio', { name: 'Friend' }).check();
    await screenshot(page, 'journey-onboarding-mobile');
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await page.waitForURL('**/player-selection');
    await expect.poll(() => page.getByText('Profile Setup Complete!').count()).toBeGreaterThan(0);

    const profile = await (await page.request.get('/api/profile')).json();
    expect(profile).toMatchObject({
      fullName: 'Jordan Fan',
      country: 'United Kingdom',
      favouriteClub: 'Brighton',
      onboardingComplete: true,
    });
    expect(profile.emailConfirmedAt).not.toBeNull();
    await context.close();
  });
});
