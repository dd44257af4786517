// @vitest-environment happy-dom
import { ACCOUNT_MESSAGES } from '@hit21/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authAnswer, fail, held } from '../testing/mock-api.ts';
import { renderScreen } from '../testing/render-screen.tsx';

/** A visitor: the API knows no session. */
const signedOut = { 'GET /api/profile': fail('UNAUTHENTICATED') };
/** better-auth's refusal of a wrong password (its own contract, not ours). */
const wrongPassword = () =>
  authAnswer(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });

/** The alerts (the form's, not the toasts') whose text holds `text`. */
const alertSaying = (text: string) =>
  screen
    .queryAllByRole('alert')
    .filter((alert) => !alert.closest('[data-sonner-toast]') && alert.textContent?.includes(text));

/** A server error stays only while it is about what the form holds: never beside a new one. */
describe('old errors do not stay beside new ones', () => {
  it('login: a new submit stopped by the form clears "Invalid email or password"', async () => {
    const { user } = renderScreen('/login', { ...signedOut, 'POST /api/auth/sign-in/email': wrongPassword });
    await user.type(await screen.findByLabelText('Email', { exact: true }), 'nobody@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Wrong#Password1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(alertSaying('Invalid email or password')).toHaveLength(1));
    expect(await screen.findByText('Login Failed')).toBeDefined();

    // The form's own check stops the next attempt: only its message remains.
    const email = screen.getByLabelText('Email', { exact: true });
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await waitFor(() => expect(alertSaying('Invalid email or password')).toHaveLength(0));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is invalid')).toBeDefined();
    expect(alertSaying('Invalid email or password')).toHaveLength(0);
  });

  it('login: a submit clears the server error even when nothing was edited', async () => {
    const { user, api } = renderScreen('/login', {
      ...signedOut,
      'POST /api/auth/sign-in/email': wrongPassword,
    });
    await user.type(await screen.findByLabelText('Email', { exact: true }), 'nobody@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Wrong#Password1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(alertSaying('Invalid email or password')).toHaveLength(1));

    // Held answer: while the second attempt is under way the old error is already gone.
    const second = held(wrongPassword);
    api.set({ 'POST /api/auth/sign-in/email': second.answer });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(alertSaying('Invalid email or password')).toHaveLength(0));
    second.release();
    await waitFor(() => expect(alertSaying('Invalid email or password')).toHaveLength(1));
  });

  it('forgot password: an edit clears "Account doesn\'t exist" and the form\'s message shows alone', async () => {
    const { user } = renderScreen('/forgot-password', {
      ...signedOut,
      'POST /api/accounts/forgot-password': fail('NOT_FOUND', {
        reason: 'ACCOUNT_NOT_FOUND',
        userMessage: ACCOUNT_MESSAGES.accountMissing,
      }),
    });
    const email = await screen.findByLabelText('Email', { exact: true });
    await user.type(email, 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() => expect(alertSaying("Account doesn't exist")).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Sign up now' })).toBeDefined();

    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Email is invalid')).toBeDefined();
    expect(alertSaying("Account doesn't exist")).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Sign up now' })).toBeNull();
  });

  it('sign-up: an edit clears the refusal of an address already registered', async () => {
    const { user } = renderScreen('/signup', {
      ...signedOut,
      'POST /api/auth/sign-up/email': authAnswer(422, {
        code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
        message: 'User already exists. Use another email.',
      }),
    });
    const email = await screen.findByLabelText('Email', { exact: true });
    await user.type(email, 'known@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Strong#Password1');
    await user.type(screen.getByLabelText('Confirm Password', { exact: true }), 'Strong#Password1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(alertSaying('already registered')).toHaveLength(1));
    await user.clear(email);
    await user.type(email, 'someone-else@example.com');
    await waitFor(() => expect(alertSaying('already registered')).toHaveLength(0));
  });
});
