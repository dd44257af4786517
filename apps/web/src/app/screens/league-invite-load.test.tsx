// @vitest-environment happy-dom
import { type LeagueInvite, leagueInviteSchema } from '@hit21/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type profileFixture, seasonRoutes, signedInRoutes } from '../testing/fixtures.ts';
import { fail, type MockRoutes, ok } from '../testing/mock-api.ts';
import { renderScreen } from '../testing/render-screen.tsx';

const CODE = 'SUNDAY11';
const INVITE = `GET /api/leagues/invite/${CODE}`;

function invite(): ReturnType<typeof ok> {
  return ok(leagueInviteSchema, {
    name: 'Sunday League',
    code: CODE,
    maxMembers: 50,
    joinMode: 'invite_only',
    joinDeadline: null,
    joinBlock: null,
  } satisfies LeagueInvite);
}

/** A signed-in player not ready to join yet, and what the page they are sent to asks for. */
function notReady(profile: Parameters<typeof profileFixture>[0]): MockRoutes {
  return {
    ...signedInRoutes(profile),
    [INVITE]: invite(),
  };
}

function savedInvite(): unknown {
  const raw = localStorage.getItem('pendingLeagueJoin');
  return raw === null ? null : JSON.parse(raw);
}

function toastOf(title: HTMLElement): string {
  return title.closest('[data-sonner-toast]')?.textContent ?? '';
}

describe('the invite page when the league cannot be read', () => {
  it('says "Failed to load league details" when the server fails, and tries again', async () => {
    const { user, api } = renderScreen(`/join/${CODE}`, {
      'GET /api/profile': fail('UNAUTHENTICATED'),
      ...seasonRoutes(),
      [INVITE]: fail('INTERNAL', { userMessage: 'Something went wrong.' }),
    });
    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toContain('Failed to load league details');

    api.set({ [INVITE]: invite() });
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('heading', { name: 'Sunday League' });
  });
});

describe('Join League from the invite page for a player not ready yet', () => {
  it('sends a signed-in player who has not onboarded to onboarding, keeping the invite', async () => {
    localStorage.clear();
    const { user, router } = renderScreen(
      `/join/${CODE}`,
      notReady({ onboardingComplete: false, playerSelectionComplete: false }),
    );
    await user.click(await screen.findByRole('button', { name: 'Join League' }));
    expect(toastOf(await screen.findByText('Complete Your Profile'))).toContain('join Sunday League');
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    expect(savedInvite()).toMatchObject({ code: CODE, leagueName: 'Sunday League' });
  });

  it('sends an onboarded player without picks to player selection, keeping the invite', async () => {
    localStorage.clear();
    const { user, router } = renderScreen(`/join/${CODE}`, notReady({ playerSelectionComplete: false }));
    await user.click(await screen.findByRole('button', { name: 'Join League' }));
    expect(toastOf(await screen.findByText('Pick Your Players'))).toContain('join Sunday League');
    await waitFor(() => expect(router.state.location.pathname).toBe('/player-selection'));
    expect(savedInvite()).toMatchObject({ code: CODE, leagueName: 'Sunday League' });
  });
});
