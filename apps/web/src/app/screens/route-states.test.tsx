// @vitest-environment happy-dom

import { profileSchema } from '@hit21/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clubsRoutes, profileFixture, shellRoutes } from '../testing/fixtures.ts';
import { fail, held, ok } from '../testing/mock-api.ts';
import { renderScreen } from '../testing/render-screen.tsx';

const signedOut = { 'GET /api/profile': fail('UNAUTHENTICATED') };

describe('while a screen loads on arrival', () => {
  it('shows "Initialising..." while the screen\'s code loads, then the screen', async () => {
    renderScreen('/privacy-policy', signedOut);
    expect(screen.getAllByText('Initialising...')).not.toHaveLength(0);
    expect(await screen.findByRole('heading', { level: 1 })).toBeDefined();
    expect(screen.queryAllByText('Initialising...')).toHaveLength(0);
  });

  it('shows "Loading password reset..." while the reset page loads', async () => {
    renderScreen('/reset-password?token=abc&type=recovery', signedOut);
    expect(screen.getAllByText('Loading password reset...')).not.toHaveLength(0);
    expect(screen.queryAllByText('Initialising...')).toHaveLength(0);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset Password' })).toBeDefined();
    expect(screen.queryAllByText('Loading password reset...')).toHaveLength(0);
  });

  it('shows "Checking access..." while a signed-in page checks who may enter, then the login', async () => {
    const profile = held(() => fail('UNAUTHENTICATED'));
    const { router } = renderScreen('/settings', { 'GET /api/profile': profile.answer, ...shellRoutes() });
    expect(await screen.findAllByText('Checking access...')).not.toHaveLength(0);
    profile.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryAllByText('Checking access...')).toHaveLength(0);
  });

  it('shows "Checking authentication..." while the forgot-password page checks the visitor', async () => {
    const profile = held(() => fail('UNAUTHENTICATED'));
    renderScreen('/forgot-password', { 'GET /api/profile': profile.answer });
    expect(await screen.findAllByText('Checking authentication...')).not.toHaveLength(0);
    profile.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Password' })).toBeDefined();
    await waitFor(() => expect(screen.queryAllByText('Checking authentication...')).toHaveLength(0));
  });

  it('shows "Setting up your profile..." while onboarding loads the profile, then the pre-filled form', async () => {
    const profile = held(() =>
      ok(
        profileSchema,
        profileFixture({ onboardingComplete: false, fullName: 'Jo Rivers', dob: '1988-02-11' }),
      ),
    );
    renderScreen('/onboarding', { 'GET /api/profile': profile.answer, ...shellRoutes(), ...clubsRoutes() });
    expect(await screen.findAllByText('Setting up your profile...')).not.toHaveLength(0);
    profile.release();
    expect(await screen.findByText('Step 1 of 3')).toBeDefined();
    expect(screen.getByLabelText<HTMLInputElement>('Full Name').value).toBe('Jo Rivers');
    expect(screen.getByLabelText<HTMLInputElement>('Date of Birth').value).toBe('1988-02-11');
    expect(screen.queryAllByText('Setting up your profile...')).toHaveLength(0);
  });
});
