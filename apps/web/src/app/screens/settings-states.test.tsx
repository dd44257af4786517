// @vitest-environment happy-dom
import { GOAL_ALERT_PREFERENCE_LABELS, profileSchema } from '@hit21/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clubsRoutes, profileFixture, shellRoutes } from '../testing/fixtures.ts';
import { fail, ok } from '../testing/mock-api.ts';
import { renderScreen } from '../testing/render-screen.tsx';

const DATABASE_DOWN = "Hit21 can't reach its database right now. Please try again in a minute.";

describe('goal alerts in Settings', () => {
  it('says so and keeps the saved choice when saving fails', async () => {
    const { user, api } = renderScreen('/settings', {
      'GET /api/profile': ok(profileSchema, profileFixture({ goalAlerts: 'none' })),
      ...shellRoutes(),
      ...clubsRoutes(),
      'PUT /api/profile/goal-alerts': fail('UNAVAILABLE', {
        reason: 'DATABASE_UNREACHABLE',
        userMessage: DATABASE_DOWN,
      }),
    });
    const choices = await screen.findByRole('radiogroup', { name: 'Goal alerts' });
    const radio = (preference: keyof typeof GOAL_ALERT_PREFERENCE_LABELS) =>
      within(choices).getByRole<HTMLInputElement>('radio', {
        name: GOAL_ALERT_PREFERENCE_LABELS[preference].label,
      });
    expect(radio('none').getAttribute('aria-checked') ?? String(radio('none').checked)).toBe('true');

    await user.click(radio('all'));
    const title = await screen.findByText('Failed to Update Goal Alerts');
    expect(title.closest('[data-sonner-toast]')?.textContent).toContain("can't reach its database");
    await waitFor(() =>
      expect(radio('none').getAttribute('aria-checked') ?? String(radio('none').checked)).toBe('true'),
    );
    expect(api.requests.filter((request) => request.path === '/api/profile/goal-alerts')).toHaveLength(1);
  });
});

describe('deleting the account in Settings', () => {
  it('says when deleting fails and keeps the account', async () => {
    const { user, router } = renderScreen('/settings', {
      'GET /api/profile': ok(profileSchema, profileFixture()),
      ...shellRoutes(),
      ...clubsRoutes(),
      'POST /api/deleteAccount': { status: 500, body: undefined },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Account' });
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    const title = await screen.findByText('Delete Failed');
    expect(title.closest('[data-sonner-toast]')?.textContent).toContain(
      'Failed to delete account. Please try again.',
    );
    expect(router.state.location.pathname).toBe('/settings');
  });
});
