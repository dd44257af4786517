// @vitest-environment happy-dom
import { myLeaguesSchema, squadGoalsSchema } from '@hit21/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type profileFixture, signedInRoutes } from '../testing/fixtures.ts';
import { type MockRoutes, ok } from '../testing/mock-api.ts';
import { renderScreen } from '../testing/render-screen.tsx';

/** A signed-in user at one point of their path, and what the page they are sent to asks for. */
function signedIn(profile: Parameters<typeof profileFixture>[0]): MockRoutes {
  return {
    ...signedInRoutes(profile),
    // The dashboard's data starts loading as its route is matched, before the guard sends the user on.
    'GET /api/squad/goals': ok(squadGoalsSchema, { goals: [] }),
    'GET /api/leagues': ok(myLeaguesSchema, { leagues: [] }),
  };
}

const newcomer = signedIn({ onboardingComplete: false, playerSelectionComplete: false });
const withoutPicks = signedIn({ playerSelectionComplete: false });

async function landsOn(from: string, routes: MockRoutes, destination: string): Promise<void> {
  const { router, unmount } = renderScreen(from, routes);
  await waitFor(() => expect(router.state.location.pathname, from).toBe(destination));
  unmount();
}

describe('the guards on the path of a signed-in user', () => {
  it.each(['/login', '/signup', '/verify-email', '/dashboard', '/player-selection'])(
    'sends a user who has not onboarded from %s to onboarding',
    async (from) => {
      await landsOn(from, newcomer, '/onboarding');
    },
  );

  it('lets a user who has not onboarded read Forgot Password', async () => {
    renderScreen('/forgot-password', newcomer);
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Password' })).toBeDefined();
  });

  it.each(['/login', '/forgot-password', '/onboarding', '/dashboard', '/rules'])(
    'sends an onboarded user without picks from %s to player selection',
    async (from) => {
      await landsOn(from, withoutPicks, '/player-selection');
    },
  );
});
