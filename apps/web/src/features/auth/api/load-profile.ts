import type { Profile } from '@hit21/core';
import { isCancelledError, type QueryClient } from '@tanstack/react-query';
import { getProfileQueryOptions } from '../../../lib/queries/get-profile.ts';

const MAX_ATTEMPTS = 3;

/**
 * TanStack Query cancels a fetch whose last observer unmounts (a header re-mounting, React's
 * development double mount); whoever else awaited that fetch then sees a CancelledError.
 * Guards and sign-in must still get an answer, so they simply ask again.
 */
async function retryWhenCancelled<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!isCancelledError(error) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

/** The profile from the cache when it is there, else from the server; null when signed out. */
export function ensureProfile(queryClient: QueryClient): Promise<Profile | null> {
  return retryWhenCancelled(() => queryClient.ensureQueryData(getProfileQueryOptions()));
}

/** The profile from the server, refreshing the cache (after sign-in, sign-up, or to confirm a redirect). */
export function refreshProfile(queryClient: QueryClient): Promise<Profile | null> {
  return retryWhenCancelled(() => queryClient.fetchQuery({ ...getProfileQueryOptions(), staleTime: 0 }));
}
