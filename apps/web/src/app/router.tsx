import { LEADERBOARD_TYPES, leagueCodeSchema } from '@hit21/core';
import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { type ComponentType, useEffect, useState } from 'react';
import {
  createBrowserRouter,
  type DataRouter,
  type HydrationState,
  matchRoutes,
  type RouteObject,
  redirect,
  useLocation,
} from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { RootErrorBoundary, RouteErrorBoundary } from '../components/errors/app-error-screen.tsx';
import { LoadingScreen } from '../components/ui/loading-screen.tsx';
import { LOADING_MESSAGES } from '../config/loading-messages.ts';
import { paths } from '../config/paths.ts';
import { GuardFallback } from '../features/auth/components/guard-fallback.tsx';
import { SessionGuard } from '../features/auth/components/session-guard.tsx';
import type { GuardKind } from '../features/auth/guards/get-guard-redirect.ts';
import {
  createGuardLoader,
  GUARD_ROUTE_IDS,
  shouldRevalidateGuard,
} from '../features/auth/guards/guard-loaders.ts';
import { getClubsQueryOptions } from '../features/clubs/api/list-clubs.ts';
import { getSquadGoalsQueryOptions } from '../features/dashboard/api/get-squad-goals.ts';
import { listLeaderboardQueryOptions } from '../features/leaderboard/api/list-leaderboard.ts';
import { FIRST_LEADERBOARD_PAGE, missingProfileMessage } from '../features/leaderboard/leaderboard-view.ts';
import { getLeagueInviteQueryOptions } from '../features/leagues/api/get-league-invite.ts';
import { listMyLeaguesQueryOptions } from '../features/leagues/api/list-my-leagues.ts';
import { getSeasonQueryOptions } from '../features/season/api/get-season.ts';
import { listPlayersQueryOptions } from '../features/squad-picker/api/list-players.ts';
import { FIRST_PLAYER_PAGE } from '../features/squad-picker/player-query.ts';
import { trackNavigationClicks } from '../lib/navigation-clicks.ts';
import { trackPages } from '../lib/page-tracking.ts';
import { prefetchOnIntent } from '../lib/prefetch-on-intent.ts';
import { getProfileQueryOptions } from '../lib/queries/get-profile.ts';
import { getSquadQueryOptions } from '../lib/queries/get-squad.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import RootRoute from './routes/root.tsx';

/** Route modules default-export their screen; the router wants it as `Component`. */
function lazyRoute(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    const { default: Component } = await load();
    return { Component };
  };
}

/**
 * A page's first queries, started by the route's loader: the router runs a static loader
 * alongside the page's `lazy` code, so the data no longer waits for the code to ask for it.
 * With `waitForData` the page draws once, complete, rather than as a skeleton that moves as
 * each answer lands; without it (pages whose loading message the specification names) the
 * page draws at once and says it is loading. What the cache holds is used at once (and
 * refreshed behind the page), so moving between pages stays instant. It never fails: a query
 * that does leaves the page to show its own error, as before.
 */
function prefetching<Params extends Record<string, string | undefined>>(
  queryClient: QueryClient,
  queriesFor: (params: Params) => WarmQuery[],
  { waitForData }: { waitForData: boolean },
) {
  const warmAll = (params: Params) => Promise.all(queriesFor(params).map((start) => start(queryClient)));
  const loader = async ({ params }: { params: Params }) => {
    const loading = warmAll(params);
    if (waitForData) await loading;
    return null;
  };
  dataWarmers.set(loader, (params) => void warmAll(params as Params));
  return loader;
}

/** Each prefetching loader's queries, for starting them before a navigation (prefetchPage). */
const dataWarmers = new WeakMap<object, (params: Record<string, string | undefined>) => void>();

/**
 * Starts loading the page at `path` (its screen's code and the data its route starts) ahead of
 * a navigation the reader is about to make. Guards are left to the navigation itself.
 */
export function prefetchPage(routes: RouteObject[], path: string): void {
  for (const { route, params } of matchRoutes(routes, path) ?? []) {
    // The router resolves the same module when it navigates: the browser fetches it once.
    if (typeof route.lazy === 'function') route.lazy().catch(() => undefined);
    if (typeof route.loader === 'function') dataWarmers.get(route.loader)?.(params);
  }
}

type WarmQuery = (queryClient: QueryClient) => Promise<unknown>;

function warm<Data, Key extends QueryKey>(
  options: EnsureQueryDataOptions<Data, Error, Data, Key>,
): WarmQuery {
  return (queryClient) =>
    // One try: a page whose query fails shows its error and retries on its own, not later.
    queryClient.ensureQueryData({ ...options, retry: false, revalidateIfStale: true }).catch(() => undefined);
}

/** The picking screens' data: the squad, the season, the clubs and the first page of players. */
function pickingQueries(): WarmQuery[] {
  return [
    warm(getSquadQueryOptions()),
    warm(getSeasonQueryOptions()),
    warm(getClubsQueryOptions()),
    warm(listPlayersQueryOptions(FIRST_PLAYER_PAGE)),
  ];
}

function FullscreenLoading() {
  return <LoadingScreen variant="fullscreen" message={LOADING_MESSAGES.initialising} />;
}

/**
 * Shown inside a layout while a route's code loads for the first time. The reset page has no
 * guard of its own, so this is where it says "Loading password reset..." (section 2).
 */
function RouteLoading() {
  const { pathname } = useLocation();
  const message = pathname.startsWith(paths.resetPassword.path)
    ? LOADING_MESSAGES.passwordReset
    : LOADING_MESSAGES.initialising;
  return <LoadingScreen message={message} />;
}

/**
 * The leaderboard screen draws the tab itself (it stays mounted between tabs); each tab's
 * route only names the tab, and renders nothing of its own.
 */
function LeaderboardTabRoute() {
  return null;
}

/**
 * A pathless route that guards its children (section 6 of the accounts specification): its
 * loader redirects whoever may not enter, and says "Checking access..." (or the page's own
 * loading message, features/auth/guards/guard-loading-message.ts) while it decides on arrival.
 */
function guard(queryClient: QueryClient, kind: GuardKind) {
  return {
    id: GUARD_ROUTE_IDS[kind],
    loader: createGuardLoader(queryClient, kind),
    shouldRevalidate: shouldRevalidateGuard,
    HydrateFallback: GuardFallback,
  };
}

// Paths are relative to the root route: the route table of both specifications.
export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: RootRoute,
      ErrorBoundary: RootErrorBoundary,
      HydrateFallback: FullscreenLoading,
      children: [
        {
          Component: PublicLayout,
          children: [
            {
              // Pathless: errors and first-load spinners render inside the layout, under its header.
              ErrorBoundary: RouteErrorBoundary,
              HydrateFallback: RouteLoading,
              children: [
                {
                  index: true,
                  loader: prefetching(queryClient, () => [warm(getSeasonQueryOptions())], {
                    waitForData: true,
                  }),
                  lazy: lazyRoute(() => import('./routes/public/landing.tsx')),
                },
                {
                  path: 'coming-soon',
                  loader: prefetching(queryClient, () => [warm(getSeasonQueryOptions())], {
                    waitForData: true,
                  }),
                  lazy: lazyRoute(() => import('./routes/public/coming-soon.tsx')),
                },
                {
                  path: 'privacy-policy',
                  lazy: lazyRoute(() => import('./routes/public/privacy-policy.tsx')),
                },
                { path: 'terms-of-use', lazy: lazyRoute(() => import('./routes/public/terms-of-use.tsx')) },
                { path: 'unsubscribe', lazy: lazyRoute(() => import('./routes/public/unsubscribe.tsx')) },
                {
                  path: 'join/:leagueCode',
                  loader: prefetching(
                    queryClient,
                    ({ leagueCode }: { leagueCode?: string }) => {
                      // A malformed code is refused by the page without asking the server.
                      const code = leagueCodeSchema.safeParse(leagueCode);
                      // The season says whether the league may still be joined.
                      const season = warm(getSeasonQueryOptions());
                      return code.success ? [warm(getLeagueInviteQueryOptions(code.data)), season] : [season];
                    },
                    { waitForData: true },
                  ),
                  lazy: lazyRoute(() => import('./routes/public/join-league.tsx')),
                },
                {
                  ...guard(queryClient, 'guest'),
                  children: [
                    { path: 'login', lazy: lazyRoute(() => import('./routes/auth/login.tsx')) },
                    { path: 'signup', lazy: lazyRoute(() => import('./routes/auth/signup.tsx')) },
                  ],
                },
                {
                  ...guard(queryClient, 'forgot-password'),
                  children: [
                    {
                      path: 'forgot-password',
                      lazy: lazyRoute(() => import('./routes/auth/forgot-password.tsx')),
                    },
                  ],
                },
                // Section 6: the reset page only waits for the auth state, which it does not need.
                { path: 'reset-password', lazy: lazyRoute(() => import('./routes/auth/reset-password.tsx')) },
                {
                  ...guard(queryClient, 'verify-email'),
                  children: [
                    { path: 'verify-email', lazy: lazyRoute(() => import('./routes/auth/verify-email.tsx')) },
                  ],
                },
                { path: '*', lazy: lazyRoute(() => import('./routes/not-found.tsx')) },
              ],
            },
          ],
        },
        {
          // The signed-in shell (header menus, notifications, their dialogs) loads with the first
          // signed-in page, not with a visitor's. While it and the guard load on arrival, the
          // guard's own message shows ("Checking access...", "Setting up your profile...").
          lazy: async () => ({ Component: (await import('./layouts/app-layout.tsx')).AppLayout }),
          HydrateFallback: GuardFallback,
          children: [
            {
              ErrorBoundary: RouteErrorBoundary,
              HydrateFallback: RouteLoading,
              children: [
                {
                  ...guard(queryClient, 'onboarding'),
                  Component: SessionGuard,
                  children: [
                    { path: 'onboarding', lazy: lazyRoute(() => import('./routes/app/onboarding.tsx')) },
                  ],
                },
                {
                  ...guard(queryClient, 'protected'),
                  Component: SessionGuard,
                  children: [
                    {
                      path: 'dashboard',
                      loader: prefetching(
                        queryClient,
                        () => [
                          warm(getSquadQueryOptions()),
                          warm(getSeasonQueryOptions()),
                          warm(getSquadGoalsQueryOptions()),
                          warm(getClubsQueryOptions()),
                          // The leagues panel: drawn by the server with the rest of the page.
                          warm(listMyLeaguesQueryOptions()),
                        ],
                        // "Loading your team..." shows while the data comes (section 2).
                        { waitForData: false },
                      ),
                      lazy: lazyRoute(() => import('./routes/app/dashboard.tsx')),
                    },
                    {
                      path: 'player-selection',
                      loader: prefetching(
                        queryClient,
                        pickingQueries,
                        // "Loading player selection..." shows while the data comes (section 2).
                        { waitForData: false },
                      ),
                      lazy: lazyRoute(() => import('./routes/app/player-selection.tsx')),
                    },
                    {
                      path: 'edit-players',
                      loader: prefetching(queryClient, pickingQueries, { waitForData: false }),
                      lazy: lazyRoute(() => import('./routes/app/edit-players.tsx')),
                    },
                    {
                      // One screen for the three tabs (it stays mounted between them); the
                      // children only name the tabs it reads from the address.
                      path: 'leaderboard',
                      lazy: lazyRoute(() => import('./routes/app/leaderboard.tsx')),
                      children: [
                        // A loader redirect: /leaderboard is never rendered (nor counted as a page view).
                        { index: true, loader: () => redirect(paths.leaderboard.global.getHref()) },
                        ...LEADERBOARD_TYPES.map((type) => ({
                          path: type,
                          // The tab's first page and the clubs' shirts: drawn by the server with the page.
                          loader: prefetching(
                            queryClient,
                            () => {
                              // A profile known not to open this tab is sent to the global one. (On
                              // arrival the guard reads the profile alongside: the board is asked for.)
                              const profile = queryClient.getQueryData(getProfileQueryOptions().queryKey);
                              if (profile && missingProfileMessage(type, profile)) return [];
                              return [
                                warm(listLeaderboardQueryOptions(type, FIRST_LEADERBOARD_PAGE)),
                                warm(getClubsQueryOptions()),
                              ];
                            },
                            // The board's own skeleton shows while it comes.
                            { waitForData: false },
                          ),
                          Component: LeaderboardTabRoute,
                        })),
                      ],
                    },
                    { path: 'rules', lazy: lazyRoute(() => import('./routes/app/rules.tsx')) },
                    {
                      path: 'leagues',
                      children: [
                        {
                          index: true,
                          loader: prefetching(
                            queryClient,
                            // The season says whether leagues may still be created and joined.
                            () => [warm(listMyLeaguesQueryOptions()), warm(getSeasonQueryOptions())],
                            // "Loading your leagues..." shows while they come.
                            { waitForData: false },
                          ),
                          lazy: lazyRoute(() => import('./routes/app/leagues.tsx')),
                        },
                        { path: 'created', lazy: lazyRoute(() => import('./routes/app/league-created.tsx')) },
                        {
                          path: ':leagueId',
                          children: [
                            {
                              index: true,
                              lazy: lazyRoute(() => import('./routes/app/league-standings.tsx')),
                            },
                            {
                              path: 'standings',
                              lazy: lazyRoute(() => import('./routes/app/league-standings.tsx')),
                            },
                            {
                              path: 'join-requests',
                              lazy: lazyRoute(() => import('./routes/app/league-members.tsx')),
                            },
                            { path: 'admin', lazy: lazyRoute(() => import('./routes/app/league-admin.tsx')) },
                          ],
                        },
                      ],
                    },
                    { path: 'settings', lazy: lazyRoute(() => import('./routes/app/settings.tsx')) },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}

/** The browser's router; `hydrationData` when it takes over a page the server drew. */
export function createAppRouter(routes: RouteObject[], hydrationData?: HydrationState) {
  return createBrowserRouter(routes, { hydrationData });
}

export function AppRouter({ router, onFirstRender }: { router: DataRouter; onFirstRender?: () => void }) {
  const [firstRender] = useState(() => onFirstRender);
  useEffect(() => firstRender?.(), [firstRender]);
  useEffect(() => trackPages(router), [router]);
  useEffect(() => trackNavigationClicks(), []);
  useEffect(() => prefetchOnIntent((path) => prefetchPage(router.routes, path)), [router]);
  return <RouterProvider router={router} />;
}
