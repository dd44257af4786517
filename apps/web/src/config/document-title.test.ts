import { describe, expect, it } from 'vitest';
import { getDocumentTitle, getPageTitle } from './document-title.ts';

describe('getPageTitle', () => {
  it.each([
    ['/', 'Coming Soon'],
    ['/login', 'Login'],
    ['/signup', 'Sign Up'],
    ['/dashboard', 'Dashboard'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-use', 'Terms of Use'],
  ])('gives the named page %s the title %s', (pathname, title) => {
    expect(getPageTitle(pathname)).toBe(title);
  });

  it.each([
    ['/forgot-password', 'forgot password'],
    ['/player-selection', 'player selection'],
    ['/leagues/abc/admin', 'leagues/abc/admin'],
    ['/leagues/abc/join-requests', 'leagues/abc/join requests'],
    ['/coming-soon', 'coming soon'],
    ['/rules', 'rules'],
    ['/some/unknown/path', 'some/unknown/path'],
  ])('derives %s from the path', (pathname, title) => {
    expect(getPageTitle(pathname)).toBe(title);
  });

  it('turns only the first dash into a space', () => {
    expect(getPageTitle('/a-b-c')).toBe('a b-c');
  });

  it('titles the leaderboard tabs by name (DECISIONS.md)', () => {
    expect(getPageTitle('/leaderboard/global')).toBe('Global Leaderboard');
    expect(getPageTitle('/leaderboard')).toBe('leaderboard');
  });

  it('ignores a trailing slash and decodes escapes', () => {
    expect(getPageTitle('/login/')).toBe('Login');
    expect(getPageTitle('/join/ABC%20123')).toBe('join/ABC 123');
    expect(getPageTitle('/join/%E0%A4%A')).toBe('join/%E0%A4%A');
  });
});

describe('getDocumentTitle', () => {
  it('appends the product name', () => {
    expect(getDocumentTitle('/')).toBe('Coming Soon | Hit21');
    expect(getDocumentTitle('/login')).toBe('Login | Hit21');
    expect(getDocumentTitle('/forgot-password')).toBe('forgot password | Hit21');
    expect(getDocumentTitle('/leaderboard/global')).toBe('Global Leaderboard | Hit21');
  });
});
