// @vitest-environment happy-dom
import {
  LEADERBOARD_MESSAGES,
  type LeaderboardPage,
  type LeaderboardRow,
  leaderboardPageSchema,
  profileSchema,
} from '@hit21/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clubsRoutes, profileFixture, shellRoutes } from '../testing/fixtures.ts';
import { fail, type MockRequest, ok } from '../testing/mock-api.ts';
import { renderScreen } from '../testing/render-screen.tsx';

function row(rank: number, fullName: string, overrides: Partial<LeaderboardRow> = {}): LeaderboardRow {
  return {
    rank,
    userId: `user-${rank}`,
    fullName,
    country: 'GB',
    club: 'ARS',
    totalGoals: 20 - rank,
    status: 'safe',
    isYou: false,
    ...overrides,
  };
}

function board(rows: LeaderboardRow[], overrides: Partial<LeaderboardPage> = {}) {
  return ok(leaderboardPageSchema, {
    rows,
    total: rows.length,
    isTotalCapped: false,
    page: 1,
    pageSize: 25,
    filter: {},
    computedAt: '2026-11-01T12:00:00.000Z',
    viewerPending: null,
    ...overrides,
  } satisfies LeaderboardPage);
}

const everyone = [row(1, 'Alex Top'), row(2, 'Sam Player', { isYou: true }), row(3, 'Kim Third')];
const shownNames = () => screen.queryAllByTestId('leaderboard-row').map((shown) => shown.textContent ?? '');

/** The one alert that says `text`; throws (for waitFor) until there is one. */
function alertSaying(text: string): HTMLElement {
  const found = screen.queryAllByRole('alert').find((alert) => alert.textContent?.includes(text));
  if (!found) throw new Error(`No alert says "${text}"`);
  return found;
}

/** The server's refusal of the team board to a profile without a club. */
const noTeamRefusal = fail('INVALID_REQUEST', {
  reason: 'FAVOURITE_CLUB_NOT_SET',
  userMessage: LEADERBOARD_MESSAGES.noClub,
});

function signedIn(profile = profileFixture()) {
  return { 'GET /api/profile': ok(profileSchema, profile), ...shellRoutes(), ...clubsRoutes() };
}

describe('the leaderboard when a board cannot be shown', () => {
  it('says when the board cannot load, and offers Settings when the profile is the reason', async () => {
    const { user, api } = renderScreen('/leaderboard/global', {
      ...signedIn(),
      'GET /api/leaderboard/global': fail('INTERNAL'),
    });
    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toContain('Failed to load leaderboard data');

    api.set({ 'GET /api/leaderboard/global': board(everyone) });
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(shownNames()).toHaveLength(3));

    // The server refuses a board the profile has no country or club for.
    api.set({
      'GET /api/leaderboard/team': noTeamRefusal,
      'GET /api/leaderboard/country': board(everyone, { filter: { country: 'GB' } }),
    });
    await user.click(screen.getByRole('tab', { name: 'Team' }));
    await waitFor(() => alertSaying(LEADERBOARD_MESSAGES.noClub));
    expect(screen.getByRole('link', { name: 'Go to Settings' }).getAttribute('href')).toBe('/settings');

    // Another tab starts afresh.
    await user.click(screen.getByRole('tab', { name: 'Country' }));
    await waitFor(() => expect(shownNames()).toHaveLength(3));
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });

  it('sends a profile without a favourite team from the team tab to the global one, saying why', async () => {
    const { router } = renderScreen(['/rules', '/leaderboard/team'], {
      ...signedIn(profileFixture({ favouriteClub: null })),
      // Asked for on arrival, beside the profile that says the tab is not for this player.
      'GET /api/leaderboard/team': noTeamRefusal,
      'GET /api/leaderboard/global': board(everyone),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/leaderboard/global'));
    const notice = await waitFor(() => alertSaying(LEADERBOARD_MESSAGES.noClub));
    expect(within(notice).getByRole('link', { name: 'Go to Settings' }).getAttribute('href')).toBe(
      '/settings',
    );
    await waitFor(() => expect(shownNames()).toHaveLength(3));

    // A replace: Back leaves the leaderboard.
    await router.navigate(-1);
    expect(router.state.location.pathname).toBe('/rules');
  });
});

describe('Show Me Only for a player not ranked yet', () => {
  it('tells a new player when they will appear, never a search message, then shows them', async () => {
    const meReads: MockRequest[] = [];
    const { user } = renderScreen('/leaderboard/global', {
      ...signedIn(),
      'GET /api/leaderboard/global': (request) => {
        if (request.query.get('me') !== 'true') return board(everyone);
        meReads.push(request);
        // The first read comes before a recompute has ranked the player; the next after it.
        return meReads.length === 1
          ? board([], { total: 0, viewerPending: { withinSeconds: 40 } })
          : board([row(7, 'Sam Player', { isYou: true })]);
      },
    });
    const shown: string[] = [];
    new MutationObserver(() => shown.push(document.body.textContent ?? '')).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    await waitFor(() => expect(shownNames()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Show Me Only' }));
    const notice = (await screen.findAllByRole('status')).find((status) =>
      status.textContent?.includes("You're not ranked yet."),
    );
    expect(notice?.textContent).toMatch(
      /You'll appear on the leaderboard within about \d+ (seconds?|minutes), when the standings next update\./,
    );

    // The board is read again every few seconds: the player appears, ranked, and the notice goes.
    await waitFor(() => expect(shownNames()).toEqual([expect.stringContaining('Sam Player')]), {
      timeout: 10_000,
    });
    expect(screen.queryByText("You're not ranked yet.", { exact: false })).toBeNull();
    expect(shown.some((text) => text.includes('No players found matching your search criteria.'))).toBe(
      false,
    );
  });
});
