import type { AppNotification, NotificationSummary, NotificationsPage } from '@hit21/core';
import { describe, expect, it } from 'vitest';
import {
  compareNewestFirst,
  loadedNotifications,
  type NotificationPages,
  removeNotification,
  summaryAfterMark,
  summaryAfterMarkAllRead,
  upsertNotification,
} from './notification-cache.ts';

const LEAGUE = '0b6f1c1e-8a55-4c7e-9a43-0d6a6c1f2b3a';

function item(id: string, overrides: Partial<AppNotification> = {}): AppNotification {
  return {
    id,
    type: 'join_request',
    title: 'New join request',
    message: `Player ${id} wants to join Sunday Legends`,
    actorName: `Player ${id}`,
    leagueId: LEAGUE,
    leagueName: 'Sunday Legends',
    goalKind: null,
    createdAt: '2026-01-05T09:00:00.000Z',
    read: false,
    ...overrides,
  };
}

const SUMMARY: NotificationSummary = {
  unreadCount: 3,
  readCount: 1,
  unreadJoinRequests: 2,
  unreadJoinRequestsByLeague: { [LEAGUE]: 2 },
};

function pages(...lists: { ids: string[]; nextBefore: string | null }[]): NotificationPages {
  return {
    pages: lists.map(
      ({ ids, nextBefore }): NotificationsPage => ({
        ...SUMMARY,
        tab: 'unread',
        items: ids.map((id) => item(id)),
        nextBefore,
      }),
    ),
    pageParams: lists.map((_, index) => (index === 0 ? undefined : lists[index - 1]?.nextBefore)),
  };
}

const ids = (data: NotificationPages | undefined) => loadedNotifications(data).map((shown) => shown.id);

describe('notification cache', () => {
  it('orders ids beyond 2^53 exactly', () => {
    expect(compareNewestFirst('9007199254740993', '9007199254740992')).toBeLessThan(0);
    expect(compareNewestFirst('10', '9')).toBeLessThan(0);
    expect(compareNewestFirst('7', '7')).toBe(0);
  });

  it('puts a new notification at the top, once however often it arrives', () => {
    const once = upsertNotification(pages({ ids: ['5', '3'], nextBefore: null }), item('8'));
    const twice = upsertNotification(once, item('8'));
    expect(ids(twice)).toEqual(['8', '5', '3']);
  });

  it('replaces a notification it already holds in place, with its new state', () => {
    const data = upsertNotification(pages({ ids: ['5', '3'], nextBefore: null }), item('3', { read: true }));
    expect(ids(data)).toEqual(['5', '3']);
    expect(loadedNotifications(data)[1]?.read).toBe(true);
  });

  it('slots an older notification into its place among the loaded pages', () => {
    const data = upsertNotification(
      pages({ ids: ['9', '7'], nextBefore: '7' }, { ids: ['5', '2'], nextBefore: null }),
      item('4'),
    );
    expect(data?.pages.map((page) => page.items.map((shown) => shown.id))).toEqual([
      ['9', '7'],
      ['5', '4', '2'],
    ]);
  });

  it('leaves a notification older than everything loaded to "Load more"', () => {
    const data = pages({ ids: ['9', '7'], nextBefore: '7' });
    expect(upsertNotification(data, item('3'))).toBe(data);
    // On the last page it belongs at the end.
    expect(ids(upsertNotification(pages({ ids: ['9', '7'], nextBefore: null }), item('3')))).toEqual([
      '9',
      '7',
      '3',
    ]);
  });

  it('does not invent a list that was never loaded', () => {
    expect(upsertNotification(undefined, item('1'))).toBeUndefined();
  });

  it('removes a notification by id and keeps the pages', () => {
    const data = removeNotification(
      pages({ ids: ['9', '7'], nextBefore: '7' }, { ids: ['5'], nextBefore: null }),
      '7',
    );
    expect(data?.pages.map((page) => page.items.map((shown) => shown.id))).toEqual([['9'], ['5']]);
    const untouched = pages({ ids: ['1'], nextBefore: null });
    expect(removeNotification(untouched, '2')).toBe(untouched);
  });

  it('moves the counts and the league badge when a join request is read or unread', () => {
    const read = summaryAfterMark(SUMMARY, item('1'), true);
    expect(read).toEqual({
      unreadCount: 2,
      readCount: 2,
      unreadJoinRequests: 1,
      unreadJoinRequestsByLeague: { [LEAGUE]: 1 },
    });
    expect(summaryAfterMark(read, item('1', { read: true }), false)).toEqual(SUMMARY);
  });

  it('leaves the join-request badges alone for a goal alert, and ignores a mark that changes nothing', () => {
    const goal = item('2', { type: 'goal', leagueId: null, leagueName: null, goalKind: 'scored' });
    expect(summaryAfterMark(SUMMARY, goal, true)).toEqual({ ...SUMMARY, unreadCount: 2, readCount: 2 });
    expect(summaryAfterMark(SUMMARY, item('3', { read: true }), true)).toBe(SUMMARY);
  });

  it('empties every unread count on "Mark all as read"', () => {
    expect(summaryAfterMarkAllRead(SUMMARY)).toEqual({
      unreadCount: 0,
      readCount: 4,
      unreadJoinRequests: 0,
      unreadJoinRequestsByLeague: {},
    });
  });
});
