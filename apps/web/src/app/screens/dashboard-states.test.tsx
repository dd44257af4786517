// @vitest-environment happy-dom
import { myLeaguesSchema, profileSchema, type Squad, squadGoalsSchema, squadSchema } from '@hit21/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clubsRoutes, profileFixture, seasonRoutes, shellRoutes } from '../testing/fixtures.ts';
import { fail, held, ok } from '../testing/mock-api.ts';
import { renderScreen } from '../testing/render-screen.tsx';

/** Four picks, as GET /api/squad answers once the deadline has passed. */
const squad: Squad = {
  isEditable: false,
  picks: [
    ['Bukayo Saka', 'Saka', 'midfielder'],
    ['Ollie Watkins', 'Watkins', 'forward'],
    ['Declan Rice', 'Rice', 'midfielder'],
    ['Cole Palmer', 'Palmer', 'midfielder'],
  ].map(([name, webName, position], index) => ({
    playerId: `player-${index + 1}`,
    name: name ?? '',
    webName: webName ?? '',
    position: position as Squad['picks'][number]['position'],
    clubCode: 'ARS',
    clubName: 'Arsenal',
    goals: 0,
    lastSeasonGoals: 0,
  })),
};

function dashboardRoutes() {
  return {
    'GET /api/profile': ok(profileSchema, profileFixture()),
    ...shellRoutes(),
    ...clubsRoutes(),
    ...seasonRoutes(),
    'GET /api/squad': ok(squadSchema, squad),
    'GET /api/leagues': ok(myLeaguesSchema, { leagues: [] }),
  };
}

describe('the dashboard while its data comes and when it fails', () => {
  it('says "Loading your team..." until the goals come', async () => {
    const goals = held(() => ok(squadGoalsSchema, { goals: [] }));
    renderScreen('/dashboard', { ...dashboardRoutes(), 'GET /api/squad/goals': goals.answer });
    const loading = await screen.findByText('Loading your team...');
    expect(loading.closest('[role="status"]')).not.toBeNull();
    goals.release();
    await screen.findByRole('heading', { level: 2, name: 'Your Team' });
  });

  it('says "Failed to load user data" and shows the team after Retry', async () => {
    const { user, api } = renderScreen('/dashboard', {
      ...dashboardRoutes(),
      'GET /api/squad/goals': fail('INTERNAL'),
    });
    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toContain('Failed to load user data');

    api.set({ 'GET /api/squad/goals': ok(squadGoalsSchema, { goals: [] }) });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { level: 2, name: 'Your Team' });
  });
});
