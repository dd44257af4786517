import { nextStepFor, type Profile } from '@hit21/core';
import { paths } from '../../../config/paths.ts';

/**
 * Which routes a guard protects (specification, section 6):
 * - `guest`: login and sign-up, for signed-out users;
 * - `verify-email`: for signed-out users too, except that a link carrying a token always
 *   runs, because sign-up signs the user in and the link is usually opened right after;
 * - `forgot-password`: sends a signed-in user whose onboarding is complete to the dashboard;
 * - `onboarding`: signed-in users who have not finished onboarding;
 * - `protected`: every signed-in page, in the order onboarding, then player selection.
 */
export type GuardKind = 'guest' | 'verify-email' | 'forgot-password' | 'onboarding' | 'protected';

export type GuardProfile = Pick<Profile, 'onboardingComplete' | 'playerSelectionComplete'>;

export interface GuardInput {
  kind: GuardKind;
  /** The signed-in user's profile; null when nobody is signed in. */
  profile: GuardProfile | null;
  pathname: string;
  /** Whether the address carries a verification token (`?token=`). */
  hasToken?: boolean;
}

/** Where the user must go instead of `pathname`, or null to let the page open. Pure. */
export function getGuardRedirect({ kind, profile, pathname, hasToken = false }: GuardInput): string | null {
  switch (kind) {
    case 'guest':
      return profile ? signedInHome(profile) : null;
    case 'verify-email':
      return profile && !hasToken ? signedInHome(profile) : null;
    case 'forgot-password':
      return profile?.onboardingComplete ? paths.dashboard.getHref() : null;
    case 'onboarding':
      if (!profile) return paths.login.getHref();
      return profile.onboardingComplete ? nextStepFor(profile) : null;
    case 'protected':
      return protectedRedirect(profile, normalisePathname(pathname));
  }
}

/** Section 6: a signed-in user on a signed-out page goes to the dashboard or to onboarding. */
function signedInHome(profile: GuardProfile): string {
  return profile.onboardingComplete ? paths.dashboard.getHref() : paths.onboarding.getHref();
}

function protectedRedirect(profile: GuardProfile | null, pathname: string): string | null {
  if (!profile) return paths.login.getHref();
  if (!profile.onboardingComplete) return paths.onboarding.getHref();
  const isPlayerSelection = pathname === paths.playerSelection.path;
  if (!profile.playerSelectionComplete) return isPlayerSelection ? null : paths.playerSelection.getHref();
  return isPlayerSelection ? paths.dashboard.getHref() : null;
}

function normalisePathname(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
