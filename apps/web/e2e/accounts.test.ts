import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  completeOnboardingThroughApi,
  dismissToasts,
  mailedLink,
  newAccount,
  signUpThroughApi,
  signUpThroughUi,
  toastText,
} from './support/accounts.ts';
import {
  baseUrl,
  DESKTOP,
  expectNoSeriousAxeViolations,
  MOBILE,
  openPage,
  screenshot,
  setUpBrowser,
  waitForTheApp,
} from './support/browser.ts';

const browser = setUpBrowser();

function strength(page: Page) {
  return page.getByTestId('password-strength').getAttribute('data-strength');
}

async function newSignedOutPage(pathname: string, viewport = DESKTOP) {
  const opened = await openPage(browser(), pathname, viewport);
  await waitForTheApp(opened.page);
  return opened;
}

// Refusals and links that need no server of their own (an address already registered, the login
// page's links, the guards' redirect of a visitor, a reset link without a token) are checked on
// the screens: apps/web/src/app/screens/auth-screens.test.tsx.
describe('sign-up', () => {
  it('meters the password, explains every problem, refuses a common password and leads to onboarding', async () => {
    const { context, page } = await newSignedOutPage('/signup');
    await page.getByRole('heading', { level: 1, name: 'Sign Up' }).waitFor();
    const email = page.getByLabel('Email', { exact: true });
    const password = page.getByLabel('Password', { exact: true });
    const confirm = page.getByLabel('Confirm Password', { exact: true });
    const submit = page.getByRole('button', { name: 'Create Account' });

    expect(await page.getByRole('checkbox').isChecked()).toBe(true);
    expect(await submit.isDisabled()).toBe(true);
    expect(await strength(page)).toBe('none');

    // Each rule met moves the meter: 1-2 Weak, 3 Fair, 4 Good, 5 Strong.
    await password.click();
    const seen: (string | null)[] = [];
    for (const character of 'aB3!xyzw') {
      await password.press(character);
      seen.push(await strength(page));
    }
    expect(seen).toEqual(['Weak', 'Weak', 'Fair', 'Good', 'Good', 'Good', 'Good', 'Strong']);
    expect(await page.locator('[data-met="true"]').count()).toBe(5);

    // Inline messages, word for word.
    await email.fill('not-an-email');
    await email.blur();
    await page.getByText('Email is invalid').waitFor();
    await email.fill('');
    await page.getByText('Email is required').waitFor();
    await confirm.fill('aB3!xyzq');
    await confirm.blur();
    await page.getByText('Passwords do not match').waitFor();
    await password.fill('short');
    await page.getByText('Password must meet all security requirements').waitFor();
    await password.fill('');
    await page.getByText('Password is required').waitFor();
    await confirm.fill('');
    await page.getByText('Please confirm your password').waitFor();

    // A common password passes the five rules but is refused.
    const account = newAccount('signup');
    await email.fill(account.email);
    await password.fill('Password1!');
    await confirm.fill('Password1!');
    await confirm.blur();
    expect(await strength(page)).toBe('Strong');
    await page.getByText('This password is too common. Please choose one that is harder to guess.').waitFor();
    expect(await submit.isDisabled()).toBe(true);

    await password.fill(account.password);
    await confirm.fill(account.password);
    await expect.poll(() => submit.isEnabled()).toBe(true);
    expect(await page.getByText('Passwords do not match').count()).toBe(0);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'signup-desktop');

    await submit.click();
    await page.waitForURL('**/onboarding');
    expect(await toastText(page, 'Account Created!')).toMatch(/complete your profile/i);
    // The opt-in was kept: the profile says so.
    const profile = await (await context.request.get('/api/profile')).json();
    expect(profile).toMatchObject({ email: account.email, marketingOptIn: true, onboardingComplete: false });
    await context.close();
  });

  it('reads well on a 375 px screen', async () => {
    const { context, page } = await newSignedOutPage('/signup', MOBILE);
    await page.getByRole('heading', { level: 1, name: 'Sign Up' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('aB3!');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'signup-mobile');
    await context.close();
  });
});

describe('e-mail verification', () => {
  it('verifies with the mailed link, then goes on to onboarding', async () => {
    const { context, page } = await newSignedOutPage('/signup');
    const account = await signUpThroughUi(page);
    expect(await page.evaluate(() => localStorage.getItem('pendingVerificationEmail'))).toBe(account.email);

    const link = await mailedLink(context.request, account.email, '/verify-email');
    expect(link).toMatch(/token=.+&type=signup/);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Email Verified!' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'verify-email-verified');
    await page.waitForURL('**/onboarding', { timeout: 5000 });
    expect(await page.evaluate(() => localStorage.getItem('pendingVerificationEmail'))).toBeNull();
    const profile = await (await context.request.get('/api/profile')).json();
    expect(profile.emailConfirmedAt).not.toBeNull();
    await context.close();
  });

  it('verifies from another browser without signing it in, and leads to sign-in with the address filled in', async () => {
    const owner = await browser().newContext({ baseURL: baseUrl() });
    const account = await signUpThroughApi(owner);
    const link = await mailedLink(owner.request, account.email, '/verify-email');
    await owner.close();

    const { context, page } = await newSignedOutPage('/');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Email Verified!' }).waitFor();
    await page.getByText('Sign in to continue.').waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'verify-email-verified-signed-out');
    // No session was handed to whoever opened the link, and the page does not move on by itself.
    expect((await context.request.get('/api/profile')).status()).toBe(401);
    expect((await context.cookies()).some((cookie) => cookie.name.includes('session_token'))).toBe(false);
    await page.waitForTimeout(2500);
    expect(new URL(page.url()).pathname).toBe('/verify-email');

    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL('**/login');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: /sign in|log in|login/i }).click();
    await page.waitForURL('**/onboarding');
    const profile = await (await context.request.get('/api/profile')).json();
    expect(profile.emailConfirmedAt).not.toBeNull();
    await context.close();
  });

  it('says "Verification Failed" for a bad link and offers to resend', async () => {
    const { context, page } = await newSignedOutPage('/verify-email?token=not-a-real-token&type=signup');
    await page.getByRole('heading', { name: 'Verification Failed' }).waitFor();
    await page.getByText('The verification link is invalid or has expired').waitFor();
    await page.getByRole('button', { name: 'Resend Verification' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'verify-email-failed');
    await context.close();
  });

  it('asks to check the inbox without a token and resends on request', async () => {
    const owner = await browser().newContext({ baseURL: baseUrl() });
    const account = await signUpThroughApi(owner);
    await owner.close();

    const { context, page } = await newSignedOutPage('/verify-email');
    await page.getByRole('heading', { name: 'Verify Your Email' }).waitFor();
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await page.getByRole('heading', { name: 'Verification Sent!' }).waitFor();
    await context.close();
  });
});

describe('login', () => {
  it('shows "Login Failed" with the reason for a wrong password', async () => {
    const owner = await browser().newContext({ baseURL: baseUrl() });
    const account = await signUpThroughApi(owner);
    await owner.close();

    const { context, page } = await newSignedOutPage('/login');
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    const submit = page.getByRole('button', { name: 'Sign In' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill('Wrong#Password9');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await submit.click();

    expect(await toastText(page, 'Login Failed')).toMatch(/Invalid email or password/);
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await dismissToasts(page);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'login-failed');
    await context.close();
  });

  it('welcomes the user back and goes where the profile says', async () => {
    const owner = await browser().newContext({ baseURL: baseUrl() });
    const newcomer = await signUpThroughApi(owner);
    await owner.clearCookies();
    const onboarded = await signUpThroughApi(owner);
    await completeOnboardingThroughApi(owner);
    await owner.close();

    for (const [account, destination] of [
      [newcomer, '/onboarding'],
      [onboarded, '/player-selection'],
    ] as const) {
      const { context, page } = await newSignedOutPage('/login');
      await page.getByLabel('Email', { exact: true }).fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(`**${destination}`);
      expect(await toastText(page, 'Welcome Back!')).toContain('Successfully signed in to your account.');
      await context.close();
    }
  });
});

describe('forgot and reset password', () => {
  it('says the account does not exist and offers sign-up', async () => {
    const { context, page } = await newSignedOutPage('/forgot-password');
    const send = page.getByRole('button', { name: 'Send Reset Link' });
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel('Email', { exact: true }).fill(newAccount('nobody').email);
    await send.click();
    await page.getByText("Account doesn't exist. Create a new account.").waitFor();
    await page.getByRole('link', { name: 'Sign up now' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'forgot-password-unknown');
    await page.getByRole('link', { name: 'Sign up now' }).click();
    await page.waitForURL('**/signup');
    await context.close();
  });

  it('resets with the mailed link, signs every device out, and refuses the link a second time', async () => {
    // Another device where the user is signed in.
    const otherDevice = await browser().newContext({ baseURL: baseUrl() });
    const account = await signUpThroughApi(otherDevice);
    const otherPage = await otherDevice.newPage();
    await otherPage.goto('/onboarding');
    await otherPage.getByRole('button', { name: 'Profile menu' }).waitFor();

    const { context, page } = await newSignedOutPage('/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    await page.getByText(account.email).waitFor();
    await page.getByText('The link expires in 1 hour.').waitFor();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('button', { name: 'Send Reset Link' }).waitFor();

    const link = await mailedLink(context.request, account.email, '/reset-password');
    expect(link).toMatch(/token=.+&type=recovery/);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    const update = page.getByRole('button', { name: 'Update Password' });
    expect(await update.isDisabled()).toBe(true);
    const newPassword = 'Fresh!Start42';
    await page.getByLabel('New Password', { exact: true }).fill('weak');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('weak');
    await page.getByLabel('Confirm New Password', { exact: true }).blur();
    await page.getByText('Password must meet all security requirements').waitFor();
    expect(await update.isDisabled()).toBe(true);
    // The password the account already has is refused, and the form stays for another try.
    await page.getByLabel('New Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm New Password', { exact: true }).fill(account.password);
    await update.click();
    await page.getByText('Your new password must be different from your current password').waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'reset-password-same-as-current');
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
    expect(await strength(page)).toBe('Strong');
    await expectNoSeriousAxeViolations(page);
    await update.click();
    await page.getByRole('heading', { name: 'Password Updated' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await page.waitForURL('**/login', { timeout: 5000 });

    // The other device's session is gone: its next check sends it to /login.
    await otherPage.goto('/dashboard');
    await otherPage.waitForURL('**/login');
    expect((await otherDevice.request.get('/api/profile')).status()).toBe(401);
    await otherDevice.close();

    // The same link a second time.
    await page.goto(link);
    await page.getByLabel('New Password', { exact: true }).fill('Another!Go77');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('Another!Go77');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByRole('heading', { name: 'Invalid Link' }).waitFor();
    await page.getByText('Invalid or expired reset link').waitFor();
    await page.getByRole('link', { name: 'Request New Link' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'reset-password-invalid');

    // The new password works.
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/onboarding');
    await context.close();
  });
});

describe('the signed-in header', () => {
  it('shows the initial in the profile menu and signs out from it', async () => {
    const context = await browser().newContext({ baseURL: baseUrl(), viewport: MOBILE });
    const account = await signUpThroughApi(context);
    const page = await context.newPage();
    await page.goto('/onboarding');
    const menuButton = page.getByRole('button', { name: 'Profile menu' });
    await menuButton.waitFor();
    expect((await menuButton.textContent())?.trim()).toBe('U');

    await completeOnboardingThroughApi(context);
    await page.goto('/player-selection');
    await expect.poll(async () => (await menuButton.textContent())?.trim()).toBe('A');
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Settings' }).waitFor();
    await page.getByText(account.email).waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'profile-menu-mobile');

    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL('**/login');
    expect(await toastText(page, 'Signed Out')).toContain('You have been successfully signed out.');
    await page.goto('/player-selection');
    await page.waitForURL('**/login');
    await context.close();
  });
});
