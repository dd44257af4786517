import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getProfileQueryOptions } from '../../../lib/queries/get-profile.ts';
import { toast } from '../../../lib/toast.ts';
import { isSessionEnding, useEndSession } from './use-end-session.ts';

/** Section 9: the session is checked every 5 minutes and on window focus. */
export const SESSION_CHECK_INTERVAL_MS = 5 * 60_000;

/**
 * Keeps checking that the session is still valid while a guarded page is open: every five
 * minutes, whenever the window regains focus, and (through the guard loaders) on every path
 * change. The profile endpoint answers 401 once the session is gone (signed out elsewhere,
 * password reset, account deleted), which the profile query reads as null: the user is then
 * logged out here too and sent to /login.
 *
 * A check that fails for another reason (server down, offline) does not log anyone out: the
 * session may well be fine, and the next check will tell.
 *
 * Returns whether the page may show (false once the session is known to be gone).
 */
export function useSessionRevalidation(): boolean {
  const endSession = useEndSession();
  const { data: profile } = useQuery({
    ...getProfileQueryOptions(),
    refetchInterval: SESSION_CHECK_INTERVAL_MS,
    refetchOnWindowFocus: 'always',
  });
  const isSignedOut = profile === null;

  useEffect(() => {
    if (!isSignedOut || isSessionEnding()) return;
    void endSession().then(() => {
      toast.info({ title: 'Session Expired', message: 'Please log in again to continue.' });
    });
  }, [isSignedOut, endSession]);

  return !isSignedOut;
}
