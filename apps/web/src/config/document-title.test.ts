import { describe, expect, it } from 'vitest';
import { getDocumentTitle, getPageTitle, TITLED_ROUTE_PATTERNS } from './document-title.ts';
import { paths } from './paths.ts';

/** Every `path` pattern of the route table, however deeply it is nested in `paths`. */
function routePatterns(node: unknown): string[] {
  if (typeof node !== 'object' || node === null) return [];
  const own = 'path' in node && typeof node.path === 'string' ? [node.path] : [];
  return [...own, ...Object.values(node).flatMap(routePatterns)];
}

describe('getPageTitle', () => {
  it.each([
    ['/', 'Coming Soon'],
    ['/coming-soon', 'Coming Soon'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-use', 'Terms of Use'],
    ['/join/ABCD1234', 'Join League'],
    ['/login', 'Login'],
    ['/signup', 'Sign Up'],
    ['/forgot-password', 'Forgot Password'],
    ['/reset-password', 'Reset Password'],
    ['/verify-email', 'Verify Email'],
    ['/onboarding', 'Set Up Your Profile'],
    ['/dashboard', 'Dashboard'],
    ['/player-selection', 'Make Your Picks'],
    ['/edit-players', 'Edit Your Team'],
    ['/rules', 'Rules'],
    ['/settings', 'Settings'],
    ['/leaderboard', 'Leaderboard'],
    ['/leaderboard/global', 'Global Leaderboard'],
    ['/leagues', 'Mini Leagues'],
    ['/leagues/created', 'League Created'],
    ['/leagues/abc', 'League Standings'],
    ['/leagues/abc/standings', 'League Standings'],
    ['/leagues/abc/join-requests', 'League Members'],
    ['/leagues/abc/admin', 'League Admin'],
  ])('titles %s "%s"', (pathname, title) => {
    expect(getPageTitle(pathname)).toBe(title);
  });

  it('has a title of its own for every route of the route table', () => {
    const patterns = routePatterns(paths);
    expect(patterns.length).toBeGreaterThan(20);
    expect([...TITLED_ROUTE_PATTERNS].sort()).toEqual([...new Set(patterns)].sort());
  });

  it("names the player's country and club on those leaderboard tabs", () => {
    const context = { country: 'United Kingdom', club: 'Arsenal' };
    expect(getPageTitle('/leaderboard/country', context)).toBe('United Kingdom Leaderboard');
    expect(getPageTitle('/leaderboard/team', context)).toBe('Arsenal Leaderboard');
    expect(getPageTitle('/leaderboard/global', context)).toBe('Global Leaderboard');
  });

  it('falls back to the tab name while the profile is unknown', () => {
    expect(getPageTitle('/leaderboard/country')).toBe('Country Leaderboard');
    expect(getPageTitle('/leaderboard/team', { club: null })).toBe('Team Leaderboard');
  });

  it.each(['/no/such-page', '/no-such-page', '/leaderboard/nowhere', '/leagues/abc/nowhere', '/login/extra'])(
    'titles the unknown path %s "Page Not Found"',
    (pathname) => {
      expect(getPageTitle(pathname)).toBe('Page Not Found');
    },
  );

  it('ignores a trailing slash', () => {
    expect(getPageTitle('/login/')).toBe('Login');
    expect(getPageTitle('/forgot-password//')).toBe('Forgot Password');
  });
});

describe('getDocumentTitle', () => {
  it('appends the product name', () => {
    expect(getDocumentTitle('/')).toBe('Coming Soon | Hit21');
    expect(getDocumentTitle('/forgot-password')).toBe('Forgot Password | Hit21');
    expect(getDocumentTitle('/no/such-page')).toBe('Page Not Found | Hit21');
    expect(getDocumentTitle('/leaderboard/country', { country: 'United Kingdom' })).toBe(
      'United Kingdom Leaderboard | Hit21',
    );
  });
});
