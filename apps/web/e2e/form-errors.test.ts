import { describe, expect, it } from 'vitest';
import { dismissToasts, newAccount, signUpThroughApi } from './support/accounts.ts';
import { baseUrl, openPage, screenshot, setUpBrowser } from './support/browser.ts';

const browser = setUpBrowser();

/** A server error stays only while it is about what the form holds: never beside a new one. */
describe('old errors do not stay beside new ones', () => {
  it('login: a new submit stopped by the form clears "Invalid email or password"', async () => {
    const { context, page } = await openPage(browser(), '/login');
    await page.getByLabel('Email', { exact: true }).fill(newAccount('nobody').email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong#Password1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const serverError = page.getByRole('alert').filter({ hasText: 'Invalid email or password' });
    await serverError.waitFor();
    // The toast with the same words comes a frame after the form's message: dismissed once shown.
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Login Failed' }).waitFor();
    await dismissToasts(page);

    // The form's own check stops the next attempt: only its message remains.
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await expect.poll(() => serverError.count()).toBe(0);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email is invalid').waitFor();
    expect(await page.getByText(/Invalid email or password/).count()).toBe(0);
    await screenshot(page, 'login-new-error-only');
    await context.close();
  });

  it('login: a submit clears the server error even when nothing was edited', async () => {
    const { context, page } = await openPage(browser(), '/login');
    await page.getByLabel('Email', { exact: true }).fill(newAccount('nobody').email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong#Password1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const serverError = page.getByRole('alert').filter({ hasText: 'Invalid email or password' });
    await serverError.waitFor();
    // Held answer: while the second attempt is under way the old error is already gone.
    await context.route('**/api/auth/sign-in/email', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => serverError.count()).toBe(0);
    await serverError.waitFor();
    await context.close();
  });

  it('forgot password: an edit clears "Account doesn\'t exist" and the form\'s message shows alone', async () => {
    const { context, page } = await openPage(browser(), '/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(newAccount('nobody').email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    const serverError = page.getByRole('alert').filter({ hasText: "Account doesn't exist" });
    await serverError.waitFor();

    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Email is invalid').waitFor();
    expect(await serverError.count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Sign up now' }).count()).toBe(0);
    await screenshot(page, 'forgot-password-new-error-only');
    await context.close();
  });

  it('sign-up: an edit clears the refusal of an address already registered', async () => {
    const known = await browser().newContext({ baseURL: baseUrl() });
    const account = await signUpThroughApi(known);
    await known.close();

    const { context, page } = await openPage(browser(), '/signup');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    const serverError = page.getByRole('alert').filter({ hasText: 'already registered' });
    await serverError.waitFor();
    await page.getByLabel('Email', { exact: true }).fill('someone-else@example.com');
    await expect.poll(() => serverError.count()).toBe(0);
    await context.close();
  });
});
