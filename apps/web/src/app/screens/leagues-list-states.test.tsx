// @vitest-environment happy-dom
import { type LeagueSummary, myLeaguesSchema, profileSchema, tooManyAdministeredMessage } from '@hit21/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { profileFixture, seasonRoutes, shellRoutes } from '../testing/fixtures.ts';
import { fail, held, ok } from '../testing/mock-api.ts';
import { renderScreen } from '../testing/render-screen.tsx';

/** A league the reader runs, as their card shows it. */
function administered(index: number): LeagueSummary {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name: `League ${index}`,
    code: `LEAGUE${String(index).padStart(2, '0')}`,
    maxMembers: 50,
    joinMode: 'invite_only',
    joinDeadline: null,
    isAdmin: true,
    myStatus: 'approved',
    memberCount: 1,
    pendingRequests: 0,
    createdAt: '2026-08-01T10:00:00.000Z',
    joinedAt: '2026-08-01T10:00:00.000Z',
    adminHandover: null,
    canRejoinAt: null,
  };
}

const player = {
  'GET /api/profile': ok(profileSchema, profileFixture()),
  ...shellRoutes(),
  ...seasonRoutes(),
};

describe('My Leagues when the list is not there yet', () => {
  it('says when the leagues are loading', async () => {
    const loading = held(() => ok(myLeaguesSchema, { leagues: [] }));
    renderScreen('/leagues', { ...player, 'GET /api/leagues': loading.answer });
    await screen.findByText('Loading your leagues...');
    loading.release();
    await screen.findByRole('heading', { name: 'No Leagues Yet' });
  });

  it('says when they failed to load (tried again by the query client), and comes back on Try Again', async () => {
    const { user, api } = renderScreen('/leagues', { ...player, 'GET /api/leagues': fail('INTERNAL') });
    await screen.findByRole('heading', { name: 'Failed to Load Leagues' });
    const alerts = screen
      .getAllByRole('alert')
      .filter((alert) => alert.textContent?.includes('Unable to load your leagues. Please try again.'));
    expect(alerts).toHaveLength(1);
    api.set({ 'GET /api/leagues': ok(myLeaguesSchema, { leagues: [] }) });
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('heading', { name: 'No Leagues Yet' });
  });
});

describe('creating a league from My Leagues', () => {
  it('shows the server refusal of an 11th league in the toast and the dialog, and stays', async () => {
    const message = tooManyAdministeredMessage();
    const { user, router } = renderScreen('/leagues', {
      ...player,
      'GET /api/leagues': ok(myLeaguesSchema, {
        leagues: Array.from({ length: 10 }, (_, index) => administered(index + 1)),
      }),
      'POST /api/leagues': fail('CONFLICT', { reason: 'TOO_MANY_ADMINISTERED', userMessage: message }),
    });
    await screen.findByText('League 1');
    await user.click(screen.getAllByRole('button', { name: 'Create League' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Create League' });
    await user.type(within(dialog).getByLabelText('League Name'), 'One Too Many');
    await user.click(within(dialog).getByRole('button', { name: 'Create League' }));
    const title = await screen.findByText('League Creation Failed');
    expect(title.closest('[data-sonner-toast]')?.textContent).toContain(message);
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain(message));
    expect(router.state.location.pathname).toBe('/leagues');
  });
});
