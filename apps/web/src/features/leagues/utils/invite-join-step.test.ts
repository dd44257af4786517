import { describe, expect, it } from 'vitest';
import { inviteJoinStep, inviteStepMessage } from './invite-join-step.ts';

describe('inviteJoinStep', () => {
  it('sends a visitor to log in, then onboarding, then picks; a ready player joins', () => {
    expect(inviteJoinStep(null)).toBe('login');
    expect(inviteJoinStep({ onboardingComplete: false, playerSelectionComplete: false })).toBe('onboarding');
    // Onboarding comes first even if picks were somehow saved.
    expect(inviteJoinStep({ onboardingComplete: false, playerSelectionComplete: true })).toBe('onboarding');
    expect(inviteJoinStep({ onboardingComplete: true, playerSelectionComplete: false })).toBe(
      'player-selection',
    );
    expect(inviteJoinStep({ onboardingComplete: true, playerSelectionComplete: true })).toBe('ready');
  });
});

describe('inviteStepMessage', () => {
  it('tells the player they can join the league after the step', () => {
    for (const step of ['login', 'onboarding', 'player-selection'] as const) {
      const { title, message } = inviteStepMessage(step, 'Sunday League');
      expect(title.length).toBeGreaterThan(0);
      expect(message).toContain("You'll be able to join Sunday League after that.");
    }
    expect(inviteStepMessage('login', 'X').title).toBe('Log In to Join');
  });
});
