import type { AppNotification, NotificationsPage } from '@hit21/core';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { notificationQueryKeys } from '../api/notification-query-keys.ts';
import { applyStreamNotification } from './apply-stream-event.ts';
import { loadedNotifications, type NotificationPages } from './notification-cache.ts';

const LEAGUE = '0b6f1c1e-8a55-4c7e-9a43-0d6a6c1f2b3a';

function item(id: string, read = false): AppNotification {
  return {
    id,
    type: 'join_request',
    title: 'New join request',
    message: 'Sam wants to join Sunday Legends',
    actorName: 'Sam',
    leagueId: LEAGUE,
    leagueName: 'Sunday Legends',
    goalKind: null,
    createdAt: '2026-01-05T09:00:00.000Z',
    read,
  };
}

function page(tab: 'unread' | 'read', items: AppNotification[]): NotificationPages {
  const only: NotificationsPage = {
    tab,
    items,
    nextBefore: null,
    unreadCount: 0,
    readCount: 0,
    unreadJoinRequests: 0,
    unreadJoinRequestsByLeague: {},
  };
  return { pages: [only], pageParams: [undefined] };
}

function setUp() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(notificationQueryKeys.list('unread'), page('unread', [item('4')]));
  queryClient.setQueryData(notificationQueryKeys.list('read'), page('read', [item('2', true)]));
  queryClient.setQueryData(notificationQueryKeys.summary(), { unreadCount: 1 });
  queryClient.setQueryData(['leagues', LEAGUE, 'members', {}], { members: [] });
  queryClient.setQueryData(['leagues', 'other-league'], { name: 'Other' });
  queryClient.setQueryData(['squad', 'goals'], { goals: [] });
  const ids = (tab: 'unread' | 'read') =>
    loadedNotifications(queryClient.getQueryData<NotificationPages>(notificationQueryKeys.list(tab))).map(
      (shown) => shown.id,
    );
  const isStale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
  return { queryClient, ids, isStale };
}

describe('a notification from the stream', () => {
  it('shows once in its tab however often it arrives', () => {
    const { queryClient, ids } = setUp();
    applyStreamNotification(queryClient, item('7'));
    applyStreamNotification(queryClient, item('7'));
    expect(ids('unread')).toEqual(['7', '4']);
    expect(ids('read')).toEqual(['2']);
  });

  it('leaves the other tab when it arrives read (read on another device)', () => {
    const { queryClient, ids } = setUp();
    applyStreamNotification(queryClient, item('4', true));
    expect(ids('unread')).toEqual([]);
    expect(ids('read')).toEqual(['4', '2']);
  });

  it("asks again for the counts and that league's views, not other leagues'", () => {
    const { queryClient, isStale } = setUp();
    applyStreamNotification(queryClient, item('7'));
    expect(isStale(notificationQueryKeys.summary())).toBe(true);
    expect(isStale(['leagues', LEAGUE, 'members', {}])).toBe(true);
    expect(isStale(['leagues', 'other-league'])).toBe(false);
  });

  it('brings the team and the season up to date for a goal alert, and only then', () => {
    const { queryClient, isStale } = setUp();
    applyStreamNotification(queryClient, item('7'));
    expect(isStale(['squad', 'goals'])).toBe(false);
    applyStreamNotification(queryClient, {
      ...item('8'),
      type: 'goal',
      leagueId: null,
      leagueName: null,
      goalKind: 'scored',
      title: 'Goal for Saka',
      message: "Saka scored for Arsenal: you're on 17 of 21",
      actorName: 'Saka',
    });
    expect(isStale(['squad', 'goals'])).toBe(true);
    expect(isStale(['leagues', 'other-league'])).toBe(false);
  });
});
