import { nextStepFor, type Profile } from '@hit21/core';
import { paths } from '../../../config/paths.ts';

export interface CallToAction {
  label: string;
  to: string;
}

const LABELS: Record<ReturnType<typeof nextStepFor>, string> = {
  '/dashboard': 'Go to Dashboard',
  '/player-selection': 'Select Players',
  '/onboarding': 'Complete Profile',
};

/** The signed-out visitor's main action. */
export const SIGN_UP_CALL_TO_ACTION: CallToAction = { label: 'Play for Free', to: paths.signup.getHref() };

/**
 * The signed-in user's main action on public pages: the next step of their progress
 * (core's `nextStepFor`), or null for a signed-out visitor.
 */
export function callToActionFor(
  profile: Pick<Profile, 'onboardingComplete' | 'playerSelectionComplete'> | null | undefined,
): CallToAction | null {
  if (!profile) return null;
  const to = nextStepFor(profile);
  return { label: LABELS[to], to };
}
