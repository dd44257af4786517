/**
 * Every route of the product in one place. Components link with `paths.x.getHref()`; the
 * router uses `paths.x.path`. Keep in step with the route table of the specification.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  comingSoon: { path: '/coming-soon', getHref: () => '/coming-soon' },
  privacyPolicy: { path: '/privacy-policy', getHref: () => '/privacy-policy' },
  termsOfUse: { path: '/terms-of-use', getHref: () => '/terms-of-use' },
  /** The unsubscribe link of the deadline reminders (its signed token in `?token=`). */
  unsubscribe: { path: '/unsubscribe', getHref: () => '/unsubscribe' },
  joinLeague: {
    path: '/join/:leagueCode',
    getHref: (leagueCode: string) => `/join/${encodeURIComponent(leagueCode)}`,
  },

  login: { path: '/login', getHref: () => '/login' },
  signup: { path: '/signup', getHref: () => '/signup' },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  verifyEmail: { path: '/verify-email', getHref: () => '/verify-email' },

  onboarding: { path: '/onboarding', getHref: () => '/onboarding' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  playerSelection: { path: '/player-selection', getHref: () => '/player-selection' },
  editPlayers: { path: '/edit-players', getHref: () => '/edit-players' },
  rules: { path: '/rules', getHref: () => '/rules' },
  settings: { path: '/settings', getHref: () => '/settings' },

  leaderboard: {
    path: '/leaderboard',
    getHref: () => '/leaderboard',
    global: { path: '/leaderboard/global', getHref: () => '/leaderboard/global' },
    country: { path: '/leaderboard/country', getHref: () => '/leaderboard/country' },
    team: { path: '/leaderboard/team', getHref: () => '/leaderboard/team' },
  },

  leagues: {
    path: '/leagues',
    getHref: () => '/leagues',
    created: { path: '/leagues/created', getHref: () => '/leagues/created' },
    league: {
      path: '/leagues/:leagueId',
      getHref: (leagueId: string) => `/leagues/${encodeURIComponent(leagueId)}`,
    },
    standings: {
      path: '/leagues/:leagueId/standings',
      getHref: (leagueId: string) => `/leagues/${encodeURIComponent(leagueId)}/standings`,
    },
    joinRequests: {
      path: '/leagues/:leagueId/join-requests',
      getHref: (leagueId: string) => `/leagues/${encodeURIComponent(leagueId)}/join-requests`,
    },
    admin: {
      path: '/leagues/:leagueId/admin',
      getHref: (leagueId: string) => `/leagues/${encodeURIComponent(leagueId)}/admin`,
    },
  },
} as const;
