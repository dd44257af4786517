import { matchPath } from 'react-router';
import { paths } from './paths.ts';

export const PRODUCT_NAME = 'Hit21';

/** What a title may name besides the route: the signed-in player's own boards. */
export interface TitleContext {
  /** The player's country, as a display name ("United Kingdom"). */
  country?: string | null;
  /** The player's favourite club ("Arsenal"). */
  club?: string | null;
}

type RouteTitle = string | ((context: TitleContext) => string);

const NOT_FOUND_TITLE = 'Page Not Found';

/**
 * One title per route of the route table (config/paths.ts), most specific first. The
 * specification names some ("/" Coming Soon, /login Login, ...); DECISIONS.md names the
 * leaderboard tabs "{Global|country|team} Leaderboard"; the others are named for what the
 * page is, in the same Title Case. Any other path is the 404 page.
 */
const ROUTE_TITLES: readonly (readonly [pattern: string, title: RouteTitle])[] = [
  [paths.home.path, 'Coming Soon'],
  [paths.comingSoon.path, 'Coming Soon'],
  [paths.privacyPolicy.path, 'Privacy Policy'],
  [paths.termsOfUse.path, 'Terms of Use'],
  [paths.joinLeague.path, 'Join League'],
  [paths.login.path, 'Login'],
  [paths.signup.path, 'Sign Up'],
  [paths.forgotPassword.path, 'Forgot Password'],
  [paths.resetPassword.path, 'Reset Password'],
  [paths.verifyEmail.path, 'Verify Email'],
  [paths.unsubscribe.path, 'Unsubscribe'],
  [paths.onboarding.path, 'Set Up Your Profile'],
  [paths.dashboard.path, 'Dashboard'],
  [paths.playerSelection.path, 'Make Your Picks'],
  [paths.editPlayers.path, 'Edit Your Team'],
  [paths.rules.path, 'Rules'],
  [paths.settings.path, 'Settings'],
  [paths.leaderboard.path, 'Leaderboard'],
  [paths.leaderboard.global.path, 'Global Leaderboard'],
  [paths.leaderboard.country.path, ({ country }) => `${country || 'Country'} Leaderboard`],
  [paths.leaderboard.team.path, ({ club }) => `${club || 'Team'} Leaderboard`],
  [paths.leagues.path, 'Mini Leagues'],
  [paths.leagues.created.path, 'League Created'],
  [paths.leagues.league.path, 'League Standings'],
  [paths.leagues.standings.path, 'League Standings'],
  [paths.leagues.joinRequests.path, 'League Members'],
  [paths.leagues.admin.path, 'League Admin'],
];

/** The route patterns that have a title, to check the table covers the whole route table. */
export const TITLED_ROUTE_PATTERNS: readonly string[] = ROUTE_TITLES.map(([pattern]) => pattern);

/**
 * The page title for a pathname, without the product name: the route's title, or "Page Not
 * Found" for a path the product does not have. A trailing slash is ignored.
 */
export function getPageTitle(pathname: string, context: TitleContext = {}): string {
  const path = normalisePathname(pathname);
  // The first match wins: "/leagues/created" is listed before "/leagues/:leagueId".
  for (const [pattern, title] of ROUTE_TITLES) {
    if (matchPath({ path: pattern, end: true }, path)) {
      return typeof title === 'function' ? title(context) : title;
    }
  }
  return NOT_FOUND_TITLE;
}

/** The full document title: the page title followed by the product name, e.g. "Login | Hit21". */
export function getDocumentTitle(pathname: string, context: TitleContext = {}): string {
  return `${getPageTitle(pathname, context)} | ${PRODUCT_NAME}`;
}

/** Drops trailing slashes, so "/login/" titles like "/login". */
function normalisePathname(pathname: string): string {
  const withLeadingSlash = pathname.startsWith('/') ? pathname : `/${pathname}`;
  const trimmed = withLeadingSlash.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
