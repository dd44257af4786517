import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { getProfileQueryOptions } from '../../../lib/queries/get-profile.ts';
import { clearStoredSessionData } from '../utils/stored-session-data.ts';

let isEndingSession = false;

/**
 * True while a sign-out is taking the user to /login. The session guard then knows the
 * profile turned null on purpose, and does not treat it as an expired session.
 */
export function isSessionEnding(): boolean {
  return isEndingSession;
}

/**
 * Marks the session as ending on purpose from before the server ends it (an account being
 * deleted, whose session dies with the request while the page is still open) until the
 * returned function is called: a profile turned null meanwhile is not an expired session.
 */
export function markSessionEnding(): () => void {
  isEndingSession = true;
  return () => {
    isEndingSession = false;
  };
}

/**
 * Forgets the signed-in user in this browser: stored data, then every cached query. The
 * profile is kept, as null, so every guard and header reads "signed out" at once without
 * asking the server again.
 */
export function forgetSignedInUser(queryClient: QueryClient): void {
  clearStoredSessionData();
  const profileKey = getProfileQueryOptions().queryKey;
  queryClient.setQueryData(profileKey, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== profileKey[0] });
}

/** Ends the session in this browser and goes to /login (sign-out and forced logout alike). */
export function useEndSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    if (isEndingSession) return;
    isEndingSession = true;
    try {
      await queryClient.cancelQueries();
      queryClient.setQueryData(getProfileQueryOptions().queryKey, null);
      await navigate(paths.login.getHref(), { replace: true });
      forgetSignedInUser(queryClient);
    } finally {
      isEndingSession = false;
    }
  }, [queryClient, navigate]);
}
