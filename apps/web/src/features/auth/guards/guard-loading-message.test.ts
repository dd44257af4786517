import { describe, expect, it } from 'vitest';
import { guardLoadingMessage } from './guard-loading-message.ts';

describe('guardLoadingMessage', () => {
  it.each([
    ['/login', 'Authenticating...'],
    ['/signup', 'Authenticating...'],
    ['/onboarding', 'Setting up your profile...'],
    ['/player-selection', 'Checking player selection...'],
    ['/forgot-password', 'Checking authentication...'],
    ['/verify-email', 'Checking authentication...'],
    ['/dashboard', 'Checking access...'],
    ['/leaderboard/global', 'Checking access...'],
    ['/leagues/abc/admin', 'Checking access...'],
    ['/settings', 'Checking access...'],
    ['/edit-players', 'Checking access...'],
    ['/rules', 'Checking access...'],
  ])('%s says "%s" while its guard decides', (pathname, message) => {
    expect(guardLoadingMessage(pathname)).toBe(message);
  });
});
