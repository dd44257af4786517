import { LOADING_MESSAGES, type LoadingMessage } from '../../../config/loading-messages.ts';
import { paths } from '../../../config/paths.ts';

const startsAt = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/**
 * What a guarded page says while its guard decides, on arrival (the loading messages of
 * section 2): the sign-in screens authenticate, onboarding sets up the profile, player
 * selection checks the selection, the other signed-in pages check access, and the
 * other signed-out screens check authentication.
 */
export function guardLoadingMessage(pathname: string): LoadingMessage {
  if (startsAt(pathname, paths.login.path) || startsAt(pathname, paths.signup.path)) {
    return LOADING_MESSAGES.authenticating;
  }
  if (startsAt(pathname, paths.onboarding.path)) return LOADING_MESSAGES.profileSetup;
  if (startsAt(pathname, paths.playerSelection.path)) return LOADING_MESSAGES.playerSelectionCheck;
  if (startsAt(pathname, paths.forgotPassword.path) || startsAt(pathname, paths.verifyEmail.path)) {
    return LOADING_MESSAGES.authentication;
  }
  return LOADING_MESSAGES.access;
}
