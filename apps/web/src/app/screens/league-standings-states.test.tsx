// @vitest-environment happy-dom
import {
  type LeagueDetail,
  type LeagueStandingsPage,
  leagueDetailSchema,
  leagueStandingsPageSchema,
  profileSchema,
} from '@hit21/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clubsRoutes, profileFixture, seasonRoutes, shellRoutes } from '../testing/fixtures.ts';
import { fail, ok } from '../testing/mock-api.ts';
import { renderScreen } from '../testing/render-screen.tsx';

const LEAGUE_ID = '6b1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

const league: LeagueDetail = {
  id: LEAGUE_ID,
  name: 'Sunday Five',
  code: 'SUNDAY55',
  maxMembers: 50,
  joinMode: 'invite_only',
  joinDeadline: null,
  isAdmin: false,
  myStatus: 'approved',
  memberCount: 2,
  pendingRequests: 0,
  createdAt: '2026-08-01T10:00:00.000Z',
  joinedAt: '2026-08-02T10:00:00.000Z',
  adminHandover: null,
  canRejoinAt: null,
  isActive: true,
};

function standings(overrides: Partial<LeagueStandingsPage> = {}) {
  return ok(leagueStandingsPageSchema, {
    rows: [
      {
        rank: 1,
        userId: 'user-2',
        fullName: 'Alex Top',
        totalGoals: 19,
        status: 'safe',
        joinedAt: '2026-08-01T10:00:00.000Z',
        isYou: false,
      },
      {
        rank: 2,
        userId: 'user-1',
        fullName: 'Sam Player',
        totalGoals: 12,
        status: 'safe',
        joinedAt: '2026-08-02T10:00:00.000Z',
        isYou: true,
        picks: [],
      },
    ],
    total: 2,
    isTotalCapped: false,
    page: 1,
    pageSize: 50,
    computedAt: '2026-11-01T12:00:00.000Z',
    pendingWithinSeconds: null,
    ...overrides,
  } satisfies LeagueStandingsPage);
}

function leagueRoutes() {
  return {
    'GET /api/profile': ok(profileSchema, profileFixture()),
    ...shellRoutes(),
    ...clubsRoutes(),
    ...seasonRoutes(),
    [`GET /api/leagues/${LEAGUE_ID}`]: ok(leagueDetailSchema, league),
  };
}

describe('league standings while they are updated and when they fail', () => {
  it('tells when the newest members will show', async () => {
    renderScreen(`/leagues/${LEAGUE_ID}`, {
      ...leagueRoutes(),
      [`GET /api/leagues/${LEAGUE_ID}/standings`]: standings({ pendingWithinSeconds: 42 }),
    });
    const notice = await screen.findByText(
      'The standings are being updated with the newest members within about 42 seconds.',
    );
    expect(notice.closest('[role="status"]')).not.toBeNull();
  });

  it('says "Failed to load league data" and shows the table after Try Again', async () => {
    const { user, api } = renderScreen(`/leagues/${LEAGUE_ID}`, {
      ...leagueRoutes(),
      [`GET /api/leagues/${LEAGUE_ID}/standings`]: fail('INTERNAL'),
    });
    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toContain('Failed to load league data');

    api.set({ [`GET /api/leagues/${LEAGUE_ID}/standings`]: standings() });
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('table');
  });
});
