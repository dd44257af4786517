// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authAnswer, fail } from '../testing/mock-api.ts';
import { renderScreen } from '../testing/render-screen.tsx';

const signedOut = { 'GET /api/profile': fail('UNAUTHENTICATED') };
const ALREADY_REGISTERED =
  'This email is already registered. Please use a different email or try logging in.';

describe('sign-up', () => {
  it('says "This email is already registered" for an existing account', async () => {
    const { user, router } = renderScreen('/signup', {
      ...signedOut,
      'POST /api/auth/sign-up/email': authAnswer(422, {
        code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
        message: 'User already exists. Use another email.',
      }),
    });
    await user.type(await screen.findByLabelText('Email', { exact: true }), 'known@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Strong#Password1');
    await user.type(screen.getByLabelText('Confirm Password', { exact: true }), 'Strong#Password1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const title = await screen.findByText('Signup Failed');
    expect(title.closest('[data-sonner-toast]')?.textContent).toContain(ALREADY_REGISTERED);
    const alerts = screen
      .getAllByRole('alert')
      .filter(
        (alert) => !alert.closest('[data-sonner-toast]') && alert.textContent?.includes(ALREADY_REGISTERED),
      );
    expect(alerts).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/signup');
  });
});

describe('login', () => {
  it('links to forgot password and sign-up', async () => {
    const { user, router } = renderScreen('/login', signedOut);
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    await router.navigate('/login');
    // The login page may draw its main area again as its data settles: each try reads it afresh.
    await waitFor(async () => {
      await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Sign up' }));
      expect(router.state.location.pathname).toBe('/signup');
    });
  });
});

describe('guards', () => {
  it.each(['/dashboard', '/settings', '/onboarding', '/player-selection'])(
    'sends a signed-out visitor from %s to /login',
    async (pathname) => {
      // A page's data is asked for beside the guard: the API refuses it to a visitor.
      const refused = ['squad', 'squad/goals', 'season', 'clubs', 'leagues', 'players'].map(
        (path) => [`GET /api/${path}`, fail('UNAUTHENTICATED')] as const,
      );
      const { router } = renderScreen(pathname, { ...signedOut, ...Object.fromEntries(refused) });
      expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeDefined();
      expect(router.state.location.pathname).toBe('/login');
    },
  );
});

describe('reset password', () => {
  it('shows "Invalid Link" for an address without a token', async () => {
    const { user, router } = renderScreen('/reset-password', signedOut);
    expect(await screen.findByRole('heading', { name: 'Invalid Link' })).toBeDefined();
    await user.click(screen.getByRole('link', { name: 'Request New Link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });
});
