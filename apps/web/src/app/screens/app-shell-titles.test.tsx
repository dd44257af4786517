// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { seasonRoutes } from '../testing/fixtures.ts';
import { fail } from '../testing/mock-api.ts';
import { renderScreen } from '../testing/render-screen.tsx';

const visitor = {
  'GET /api/profile': fail('UNAUTHENTICATED'),
  ...seasonRoutes(),
  'GET /api/leagues/invite/ABCD1234': fail('NOT_FOUND'),
};

describe('document titles of the signed-out pages', () => {
  // A title left by the page before must not pass for this one's.
  beforeEach(() => {
    document.title = '';
  });

  it.each([
    ['/', 'Coming Soon | Hit21'],
    ['/coming-soon', 'Coming Soon | Hit21'],
    ['/login', 'Login | Hit21'],
    ['/signup', 'Sign Up | Hit21'],
    ['/privacy-policy', 'Privacy Policy | Hit21'],
    ['/terms-of-use', 'Terms of Use | Hit21'],
    ['/forgot-password', 'Forgot Password | Hit21'],
    ['/reset-password?token=abc&type=recovery', 'Reset Password | Hit21'],
    ['/verify-email', 'Verify Email | Hit21'],
    ['/join/ABCD1234', 'Join League | Hit21'],
    ['/no/such-page', 'Page Not Found | Hit21'],
  ])('%s is titled "%s"', async (pathname, title) => {
    renderScreen(pathname, visitor);
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(document.title).toBe(title));
  });
});
