import { describe, expect, it } from 'vitest';
import { type GuardKind, type GuardProfile, getGuardRedirect } from './get-guard-redirect.ts';

const NEW_USER: GuardProfile = { onboardingComplete: false, playerSelectionComplete: false };
const ONBOARDED: GuardProfile = { onboardingComplete: true, playerSelectionComplete: false };
const READY: GuardProfile = { onboardingComplete: true, playerSelectionComplete: true };

function redirect(kind: GuardKind, profile: GuardProfile | null, pathname = '/x', hasToken = false) {
  return getGuardRedirect({ kind, profile, pathname, hasToken });
}

describe('getGuardRedirect', () => {
  describe('login and sign-up (signed-out pages)', () => {
    it('lets a signed-out visitor in', () => {
      expect(redirect('guest', null, '/login')).toBeNull();
    });

    it('sends a signed-in user to onboarding until it is complete, then to the dashboard', () => {
      expect(redirect('guest', NEW_USER, '/login')).toBe('/onboarding');
      expect(redirect('guest', ONBOARDED, '/signup')).toBe('/dashboard');
      expect(redirect('guest', READY, '/signup')).toBe('/dashboard');
    });
  });

  describe('verify e-mail', () => {
    it('behaves like a signed-out page without a token', () => {
      expect(redirect('verify-email', null)).toBeNull();
      expect(redirect('verify-email', NEW_USER)).toBe('/onboarding');
      expect(redirect('verify-email', READY)).toBe('/dashboard');
    });

    it('always runs a link that carries a token, signed in or not', () => {
      expect(redirect('verify-email', null, '/verify-email', true)).toBeNull();
      expect(redirect('verify-email', NEW_USER, '/verify-email', true)).toBeNull();
      expect(redirect('verify-email', READY, '/verify-email', true)).toBeNull();
    });
  });

  describe('forgot password', () => {
    it('sends only a signed-in user with onboarding complete away, to the dashboard', () => {
      expect(redirect('forgot-password', null)).toBeNull();
      expect(redirect('forgot-password', NEW_USER)).toBeNull();
      expect(redirect('forgot-password', ONBOARDED)).toBe('/dashboard');
      expect(redirect('forgot-password', READY)).toBe('/dashboard');
    });
  });

  describe('onboarding', () => {
    it('needs a signed-in user', () => {
      expect(redirect('onboarding', null, '/onboarding')).toBe('/login');
    });

    it('lets a user who has not finished onboarding in', () => {
      expect(redirect('onboarding', NEW_USER, '/onboarding')).toBeNull();
    });

    it('sends a finished user on to player selection, or to the dashboard once players are picked', () => {
      expect(redirect('onboarding', ONBOARDED, '/onboarding')).toBe('/player-selection');
      expect(redirect('onboarding', READY, '/onboarding')).toBe('/dashboard');
    });
  });

  describe('protected pages', () => {
    const protectedPaths = [
      '/dashboard',
      '/edit-players',
      '/leaderboard/global',
      '/rules',
      '/leagues',
      '/leagues/abc/admin',
      '/settings',
    ];

    it.each(protectedPaths)('%s sends a signed-out visitor to /login', (pathname) => {
      expect(redirect('protected', null, pathname)).toBe('/login');
    });

    it.each(protectedPaths)('%s sends a user without a finished profile to /onboarding', (pathname) => {
      expect(redirect('protected', NEW_USER, pathname)).toBe('/onboarding');
    });

    it.each(protectedPaths)('%s sends a user without players to /player-selection', (pathname) => {
      expect(redirect('protected', ONBOARDED, pathname)).toBe('/player-selection');
    });

    it.each(protectedPaths)('%s opens for a user with players', (pathname) => {
      expect(redirect('protected', READY, pathname)).toBeNull();
    });

    it('opens player selection for a user who has yet to pick', () => {
      expect(redirect('protected', ONBOARDED, '/player-selection')).toBeNull();
      expect(redirect('protected', ONBOARDED, '/player-selection/')).toBeNull();
    });

    it('sends a user who has picked away from player selection to the dashboard', () => {
      expect(redirect('protected', READY, '/player-selection')).toBe('/dashboard');
    });

    it('checks sign-in before onboarding on player selection too', () => {
      expect(redirect('protected', null, '/player-selection')).toBe('/login');
      expect(redirect('protected', NEW_USER, '/player-selection')).toBe('/onboarding');
    });
  });
});
