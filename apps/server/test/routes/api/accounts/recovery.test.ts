import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  GOOD_PASSWORD,
  latestLink,
  mailbox,
  send,
  signIn,
  signUp,
  uniqueEmail,
} from '../../../support/accounts.ts';
import { setUpTestApp } from '../../../support/build-test-app.ts';
import { engines } from '../../../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

const NEW_PASSWORD = 'Offside&Trap42';

describe.each(ENGINES)('password recovery and change on %s', (engine) => {
  const context = setUpTestApp(engine);

  afterEach(() => {
    vi.useRealTimers();
  });

  async function requestReset(email: string) {
    const response = await send(context.app, 'POST', '/api/accounts/forgot-password', { body: { email } });
    expect(response.statusCode).toBe(200);
    const link = await latestLink(context.app, email, /Reset your Hit21 password/);
    expect(link.pathname).toBe('/reset-password');
    expect(link.searchParams.get('type')).toBe('recovery');
    return link.searchParams.get('token') ?? '';
  }

  it("says an unknown account doesn't exist", async () => {
    const response = await send(context.app, 'POST', '/api/accounts/forgot-password', {
      body: { email: uniqueEmail('nobody') },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().userMessage).toBe("Account doesn't exist. Create a new account.");
  });

  it('resets the password once, signs the user out everywhere and tells them by e-mail', async () => {
    const { email, cookie } = await signUp(context.app);
    const otherDevice = (await signIn(context.app, email, GOOD_PASSWORD)).headers['set-cookie'];
    expect(otherDevice).toBeDefined();
    const token = await requestReset(email);

    const reset = await send(context.app, 'POST', '/api/accounts/reset-password', {
      body: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    expect((await send(context.app, 'GET', '/api/profile', { cookie })).statusCode).toBe(401);
    expect((await signIn(context.app, email, GOOD_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(context.app, email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(
      (await mailbox(context.app)).some(
        (mail) => mail.to === email && /password was changed/.test(mail.subject),
      ),
    ).toBe(true);

    const again = await send(context.app, 'POST', '/api/accounts/reset-password', {
      body: { token, password: 'Another#Pass99', confirmPassword: 'Another#Pass99' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().userMessage).toBe('Invalid or expired reset link. Please request a new one.');
  });

  it('refuses a link older than an hour', async () => {
    const { email } = await signUp(context.app);
    const token = await requestReset(email);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60_000 });
    const response = await send(context.app, 'POST', '/api/accounts/reset-password', {
      body: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().userMessage).toBe('Invalid or expired reset link. Please request a new one.');
  });

  it('holds a reset to the sign-up password policy and leaves the password unchanged', async () => {
    const { email, password } = await signUp(context.app);
    const token = await requestReset(email);
    for (const [weak, message] of [
      ['short1!', 'Password must meet all security requirements'],
      ['Password1!', 'This password is too common. Please choose one that is harder to guess.'],
    ] as const) {
      const response = await send(context.app, 'POST', '/api/accounts/reset-password', {
        body: { token, password: weak, confirmPassword: weak },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().userMessage).toBe(message);
    }
    const mismatch = await send(context.app, 'POST', '/api/accounts/reset-password', {
      body: { token, password: NEW_PASSWORD, confirmPassword: 'Different#Pass1' },
    });
    expect(mismatch.json().userMessage).toBe('Passwords do not match');
    expect((await signIn(context.app, email, password)).statusCode).toBe(200);
  });

  it('refuses a reset to the current password and keeps the link usable', async () => {
    const { email, password, cookie } = await signUp(context.app);
    const token = await requestReset(email);
    const same = await send(context.app, 'POST', '/api/accounts/reset-password', {
      body: { token, password, confirmPassword: password },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().userMessage).toBe('Your new password must be different from your current password');
    expect(same.json().reason).toBe('PASSWORD_CHANGE_REFUSED');
    // Nothing changed: the session lives, and the same link still sets a new password.
    expect((await send(context.app, 'GET', '/api/profile', { cookie })).statusCode).toBe(200);
    const reset = await send(context.app, 'POST', '/api/accounts/reset-password', {
      body: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
  });

  it('changes the password only with the right current password, signing out other sessions', async () => {
    const { email, cookie } = await signUp(context.app);
    const otherDevice = await signIn(context.app, email, GOOD_PASSWORD);
    const otherCookie = String(otherDevice.headers['set-cookie']).split(';')[0] ?? '';

    const wrong = await send(context.app, 'POST', '/api/accounts/change-password', {
      cookie,
      body: { currentPassword: 'Wrong#Password1', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().userMessage).toBe('Current password is incorrect');

    const mismatch = await send(context.app, 'POST', '/api/accounts/change-password', {
      cookie,
      body: { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: 'Other#Pass123' },
    });
    expect(mismatch.json().userMessage).toBe('New passwords do not match');

    const right = await send(context.app, 'POST', '/api/accounts/change-password', {
      cookie,
      body: { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(right.statusCode).toBe(200);
    expect((await send(context.app, 'GET', '/api/profile', { cookie: otherCookie })).statusCode).toBe(401);
    expect((await signIn(context.app, email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(
      (await mailbox(context.app)).some(
        (mail) => mail.to === email && /password was changed/.test(mail.subject),
      ),
    ).toBe(true);
  });

  it('refuses a password change to a visitor who is not signed in', async () => {
    const response = await send(context.app, 'POST', '/api/accounts/change-password', {
      body: { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(401);
  });
});
