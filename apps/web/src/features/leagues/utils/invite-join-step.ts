import type { Profile } from '@hit21/core';

export type InviteJoinStep = 'login' | 'onboarding' | 'player-selection' | 'ready';

/** What a player must do before joining: log in, finish onboarding, pick a squad, or nothing. */
export function inviteJoinStep(
  profile: Pick<Profile, 'onboardingComplete' | 'playerSelectionComplete'> | null,
): InviteJoinStep {
  if (!profile) return 'login';
  if (!profile.onboardingComplete) return 'onboarding';
  if (!profile.playerSelectionComplete) return 'player-selection';
  return 'ready';
}

/** The message telling a player why they were sent elsewhere, and that the invite waits. */
export function inviteStepMessage(step: Exclude<InviteJoinStep, 'ready'>, leagueName: string) {
  switch (step) {
    case 'login':
      return {
        title: 'Log In to Join',
        message: `Log in or sign up first. You'll be able to join ${leagueName} after that.`,
      };
    case 'onboarding':
      return {
        title: 'Complete Your Profile',
        message: `Finish setting up your profile first. You'll be able to join ${leagueName} after that.`,
      };
    case 'player-selection':
      return {
        title: 'Pick Your Players',
        message: `Pick your 4 players first. You'll be able to join ${leagueName} after that.`,
      };
  }
}
