export const PRODUCT_NAME = 'Hit21';

/** Titles the specification names explicitly; every other path derives its title from the path. */
const FIXED_TITLES: Readonly<Record<string, string>> = {
  '/': 'Coming Soon',
  '/login': 'Login',
  '/signup': 'Sign Up',
  '/dashboard': 'Dashboard',
  '/privacy-policy': 'Privacy Policy',
  '/terms-of-use': 'Terms of Use',
  // DECISIONS.md: leaderboard tabs are titled "{Global|Country|Team} Leaderboard | Hit21".
  '/leaderboard/global': 'Global Leaderboard',
  '/leaderboard/country': 'Country Leaderboard',
  '/leaderboard/team': 'Team Leaderboard',
};

/**
 * The page title for a pathname, without the product name: a fixed title for the named
 * pages, otherwise the path without its leading slash and with its first dash turned into a
 * space ("/forgot-password" → "forgot password", "/leagues/abc/admin" → "leagues/abc/admin").
 */
export function getPageTitle(pathname: string): string {
  const path = normalisePathname(pathname);
  const fixed = FIXED_TITLES[path];
  if (fixed !== undefined) return fixed;
  return path.slice(1).replace('-', ' ');
}

/** The full document title: the page title followed by the product name, e.g. "Login | Hit21". */
export function getDocumentTitle(pathname: string): string {
  const pageTitle = getPageTitle(pathname);
  return pageTitle === '' ? PRODUCT_NAME : `${pageTitle} | ${PRODUCT_NAME}`;
}

/** Decodes percent-escapes and drops trailing slashes, so "/login/" titles like "/login". */
function normalisePathname(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape stays as typed; the title is only cosmetic.
  }
  const withLeadingSlash = decoded.startsWith('/') ? decoded : `/${decoded}`;
  const trimmed = withLeadingSlash.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
