// @vitest-environment happy-dom
import {
  type AppNotification,
  NOTIFICATION_MESSAGES,
  type NotificationsPage,
  notificationsPageSchema,
  profileSchema,
} from '@hit21/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { profileFixture, seasonRoutes, shellRoutes } from '../testing/fixtures.ts';
import { fail, ok } from '../testing/mock-api.ts';
import { renderScreen } from '../testing/render-screen.tsx';

function notificationsPage(items: AppNotification[], overrides: Partial<NotificationsPage> = {}) {
  const unread = items.filter((item) => !item.read).length;
  return ok(notificationsPageSchema, {
    tab: 'unread',
    items,
    nextBefore: null,
    unreadCount: unread,
    readCount: items.length - unread,
    unreadJoinRequests: unread,
    unreadJoinRequestsByLeague: {},
    ...overrides,
  } satisfies NotificationsPage);
}

/** A join request whose league the store no longer knows. */
const orphanRequest: AppNotification = {
  id: '7',
  type: 'join_request',
  title: 'New join request',
  message: 'Jo Fan wants to join Friday Five',
  actorName: 'Jo Fan',
  leagueId: null,
  leagueName: null,
  goalKind: null,
  createdAt: '2026-11-01T12:00:00.000Z',
  read: false,
};

/** A player on the rules page (which shows the season's dates). */
const signedIn = { 'GET /api/profile': ok(profileSchema, profileFixture()), ...seasonRoutes() };

describe('the notifications dropdown states', () => {
  it('with nothing yet: no badge and "No notifications" on both tabs', async () => {
    const { user } = renderScreen('/rules', {
      ...signedIn,
      ...shellRoutes(),
      'GET /api/notifications': notificationsPage([]),
    });
    const bell = await screen.findByRole('button', { name: /^Notifications/ });
    expect(bell.getAttribute('aria-label')).toBe('Notifications');
    const leagues = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
      name: /^Leagues/,
    });
    expect(leagues.textContent).not.toMatch(/\d/);
    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: /^Notifications/ });
    const empty = await within(panel).findByTestId('notifications-empty');
    expect(empty.textContent?.replace(/\s+/g, ' ')).toContain(
      `${NOTIFICATION_MESSAGES.emptyAll.title}${NOTIFICATION_MESSAGES.emptyAll.hint}`,
    );
    await user.click(within(panel).getByRole('tab', { name: /^Read/ }));
    await waitFor(() =>
      expect(within(panel).getByTestId('notifications-empty').textContent).toContain(
        NOTIFICATION_MESSAGES.emptyAll.title,
      ),
    );
  });

  it('a failed load offers Try Again; an item without its league says so', async () => {
    const { user, api } = renderScreen('/rules', {
      ...signedIn,
      ...shellRoutes({ unreadCount: 1, unreadJoinRequests: 1 }),
      'GET /api/notifications': fail('INTERNAL'),
    });
    await user.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const panel = await screen.findByRole('dialog', { name: /^Notifications/ });
    await within(panel).findByRole('alert');

    api.set({ 'GET /api/notifications': notificationsPage([orphanRequest]) });
    await user.click(within(panel).getByRole('button', { name: 'Try Again' }));
    const item = await within(panel).findByTestId('notification-item');
    await user.click(within(item).getByRole('button', { name: /^View league/ }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.navigationError.title)).toBeDefined();
    expect(screen.getByText(NOTIFICATION_MESSAGES.navigationError.description)).toBeDefined();
  });
});
