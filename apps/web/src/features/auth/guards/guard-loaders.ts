import type { Profile } from '@hit21/core';
import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, replace, type ShouldRevalidateFunctionArgs } from 'react-router';
import { getProfileQueryOptions } from '../../../lib/queries/get-profile.ts';
import { ensureProfile, refreshProfile } from '../api/load-profile.ts';
import { type GuardKind, getGuardRedirect } from './get-guard-redirect.ts';

/** Route ids of the guard routes, for `useRouteLoaderData`. */
export const GUARD_ROUTE_IDS = {
  guest: 'guard-guest',
  'verify-email': 'guard-verify-email',
  'forgot-password': 'guard-forgot-password',
  onboarding: 'guard-onboarding',
  protected: 'guard-protected',
} as const satisfies Record<GuardKind, string>;

/** What a guard on a signed-out page hands to its screens. */
export interface GuestGuardData {
  /** The user is signed in but the profile could not be loaded (the server failed). */
  hasProfileError: boolean;
}

/**
 * Whether better-auth knows a session; false when it cannot tell (let the visitor sign in).
 * Its client is fetched here, only when a guard needs it: public pages never load it.
 */
async function hasSession(): Promise<boolean> {
  try {
    const { authClient } = await import('../../../lib/auth-client.ts');
    const { data } = await authClient.getSession();
    return data !== null;
  } catch {
    return false;
  }
}

/** Only the signed-out pages open when the profile cannot be loaded; signed-in pages fail. */
const GUEST_KINDS: readonly GuardKind[] = ['guest', 'verify-email', 'forgot-password'];

/**
 * A route loader that sends the user where the guard says (a history replace), or lets the
 * page open. The profile comes from TanStack Query's cache when it is there; before
 * redirecting on cached data, it is fetched again, since another screen may have just
 * changed it on the server (onboarding finished, players picked, signed in elsewhere).
 */
export function createGuardLoader(queryClient: QueryClient, kind: GuardKind) {
  return async ({ request }: LoaderFunctionArgs): Promise<GuestGuardData> => {
    const url = new URL(request.url);
    const decide = (profile: Profile | null) =>
      getGuardRedirect({ kind, profile, pathname: url.pathname, hasToken: url.searchParams.has('token') });

    const options = getProfileQueryOptions();
    let profile: Profile | null;
    const wasCached = queryClient.getQueryData(options.queryKey) !== undefined;
    try {
      profile = await ensureProfile(queryClient);
      if (wasCached && decide(profile) !== null) profile = await refreshProfile(queryClient);
    } catch (error) {
      if (GUEST_KINDS.includes(kind)) return { hasProfileError: await hasSession() };
      throw error;
    }

    const target = decide(profile);
    if (target !== null) throw replace(target);
    if (wasCached && !GUEST_KINDS.includes(kind)) {
      // Re-validate the session on every path change without holding the page up: the
      // session guard logs the user out if the profile comes back as signed out.
      void queryClient.prefetchQuery({ ...options, staleTime: 0 });
    }
    return { hasProfileError: false };
  };
}

/**
 * Guards decide again on every path change inside their branch (a parent loader would
 * otherwise only run when its own params change), and when the query changes.
 */
export function shouldRevalidateGuard({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  return currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;
}
