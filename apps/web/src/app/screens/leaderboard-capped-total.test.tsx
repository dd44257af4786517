// @vitest-environment happy-dom
import { type LeaderboardRow, leaderboardPageSchema, profileSchema, SEARCH_TOTAL_CAP } from '@hit21/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clubsRoutes, profileFixture, shellRoutes } from '../testing/fixtures.ts';
import { type MockRequest, ok } from '../testing/mock-api.ts';
import { renderScreen } from '../testing/render-screen.tsx';

const PAGE_SIZE = 25;

function row(rank: number): LeaderboardRow {
  return {
    rank,
    userId: `user-${rank}`,
    fullName: `Quill Player ${rank}`,
    country: 'GB',
    club: 'ARS',
    totalGoals: 12,
    status: 'safe',
    isYou: false,
  };
}

/**
 * A search matching more than SEARCH_TOTAL_CAP members, as the server answers it: counted to the
 * cap, or to the page's end past it, and capped (decision 018).
 */
function cappedSearch(request: MockRequest) {
  const page = Number(request.query.get('page') ?? 1);
  return ok(leaderboardPageSchema, {
    rows: Array.from({ length: PAGE_SIZE }, (_, index) => row((page - 1) * PAGE_SIZE + index + 1)),
    total: Math.max(SEARCH_TOTAL_CAP, page * PAGE_SIZE),
    isTotalCapped: true,
    page,
    pageSize: PAGE_SIZE,
    filter: {},
    computedAt: '2026-11-01T12:00:00.000Z',
    viewerPending: null,
  });
}

const showing = () => screen.getByText(/^Showing/).textContent;

describe('a search total past the cap', () => {
  it('reads "10,000+", pages forward with Next past the cap, and has no Last page', async () => {
    const { user, api } = renderScreen('/leaderboard/global', {
      'GET /api/profile': ok(profileSchema, profileFixture()),
      ...shellRoutes(),
      ...clubsRoutes(),
      'GET /api/leaderboard/global': cappedSearch,
    });
    await user.type(await screen.findByRole('textbox', { name: 'Search players' }), 'quill');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(showing()).toBe('Showing 1 to 25 of 10,000+ players'));
    expect(api.requests.at(-1)?.query.get('search')).toBe('quill');

    // Next on phones and from tablets up, the strip ending in "…", and no Last page or page 401.
    expect(screen.queryByRole('button', { name: 'Last page' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Page 401' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Page 5' })).toBeTruthy();
    expect(screen.getByText('1 of 401+')).toBeTruthy();
    for (const next of screen.getAllByRole('button', { name: 'Next page' })) {
      expect(next.hasAttribute('disabled')).toBe(false);
    }

    // The last page within the cap, then Next past it.
    const [goTo] = screen.getAllByRole('spinbutton', { name: 'Go to' });
    await user.type(goTo as HTMLElement, '400');
    await waitFor(() => expect(showing()).toBe('Showing 9,976 to 10,000 of 10,000+ players'));
    expect(api.requests.at(-1)?.query.get('after')).toBeNull();
    const [next] = screen.getAllByRole('button', { name: 'Next page' });
    await user.click(next as HTMLElement);
    await waitFor(() => expect(showing()).toBe('Showing 10,001 to 10,025 of 10,025+ players'));
    expect(screen.getByText('401 of 402+')).toBeTruthy();
    // Past the cap each page is asked after the last member of the page before it, back as well.
    expect(api.requests.at(-1)?.query.get('after')).toBe('user-10000');
    await user.click(screen.getAllByRole('button', { name: 'Next page' })[0] as HTMLElement);
    await waitFor(() => expect(showing()).toBe('Showing 10,026 to 10,050 of 10,050+ players'));
    expect(api.requests.at(-1)?.query.get('after')).toBe('user-10025');
    await user.click(screen.getAllByRole('button', { name: 'Previous page' })[0] as HTMLElement);
    await waitFor(() => expect(showing()).toBe('Showing 10,001 to 10,025 of 10,025+ players'));
    expect(screen.getByText('401 of 402+')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Last page' })).toBeNull();
    for (const shown of screen.getAllByRole('button', { name: 'Next page' })) {
      expect(shown.hasAttribute('disabled')).toBe(false);
    }
  });
});
