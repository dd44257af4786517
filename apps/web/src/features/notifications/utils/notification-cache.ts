import type { AppNotification, NotificationSummary, NotificationsPage } from '@hit21/core';
import type { InfiniteData } from '@tanstack/react-query';

/*
 * Pure edits of the cached notification lists, keyed by id so that an item never shows twice:
 * one live event, a reload after a reconnect and an optimistic mark may all carry the same
 * notification. Lists are newest first; ids grow with time, so "newer" is "larger id".
 */

export type NotificationPages = InfiniteData<NotificationsPage>;

/** Descending order of two decimal ids (they may exceed 2^53, so compared as bigints). */
export function compareNewestFirst(a: string, b: string): number {
  const difference = BigInt(b) - BigInt(a);
  return difference === 0n ? 0 : difference > 0n ? 1 : -1;
}

export function findNotification(
  data: NotificationPages | undefined,
  id: string,
): AppNotification | undefined {
  for (const page of data?.pages ?? []) {
    const item = page.items.find((candidate) => candidate.id === id);
    if (item) return item;
  }
  return undefined;
}

export function removeNotification(
  data: NotificationPages | undefined,
  id: string,
): NotificationPages | undefined {
  if (!data || !findNotification(data, id)) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== id) })),
  };
}

/**
 * Puts `item` into the loaded pages: replaces it where it already is, otherwise inserts it in
 * order. An item older than everything loaded while older pages remain is left to "Load more",
 * so it neither jumps to the end nor shows again on the next page.
 */
export function upsertNotification(
  data: NotificationPages | undefined,
  item: AppNotification,
): NotificationPages | undefined {
  if (!data || data.pages.length === 0) return data;
  if (findNotification(data, item.id)) {
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.map((existing) => (existing.id === item.id ? item : existing)),
      })),
    };
  }
  const pages = data.pages;
  const lastPage = pages[pages.length - 1] as NotificationsPage;
  const pageIndex = pages.findIndex((page, index) => {
    const oldest = page.items[page.items.length - 1];
    // The first page whose oldest item is older than the new one takes it.
    if (oldest && compareNewestFirst(item.id, oldest.id) < 0) return true;
    return index === pages.length - 1 && lastPage.nextBefore === null;
  });
  if (pageIndex === -1) return data;
  return {
    ...data,
    pages: pages.map((page, index) =>
      index === pageIndex
        ? { ...page, items: [...page.items, item].sort((a, b) => compareNewestFirst(a.id, b.id)) }
        : page,
    ),
  };
}

/** One more (+1) or one fewer (-1) unread notification like `item` in the counts. */
function shiftUnread(
  summary: NotificationSummary,
  item: AppNotification,
  delta: 1 | -1,
): NotificationSummary {
  const next = { ...summary, unreadCount: Math.max(0, summary.unreadCount + delta) };
  if (item.type === 'join_request' && item.leagueId) {
    const byLeague = { ...summary.unreadJoinRequestsByLeague };
    byLeague[item.leagueId] = Math.max(0, (byLeague[item.leagueId] ?? 0) + delta);
    next.unreadJoinRequests = Math.max(0, summary.unreadJoinRequests + delta);
    next.unreadJoinRequestsByLeague = byLeague;
  }
  return next;
}

/** The counts after `item` (as it was) is marked read or unread. */
export function summaryAfterMark(
  summary: NotificationSummary | undefined,
  item: AppNotification,
  read: boolean,
): NotificationSummary | undefined {
  if (!summary || item.read === read) return summary;
  const shifted = shiftUnread(summary, item, read ? -1 : 1);
  return { ...shifted, readCount: Math.max(0, summary.readCount + (read ? 1 : -1)) };
}

/** The counts after "Mark all as read". */
export function summaryAfterMarkAllRead(
  summary: NotificationSummary | undefined,
): NotificationSummary | undefined {
  if (!summary) return summary;
  return {
    unreadCount: 0,
    readCount: summary.readCount + summary.unreadCount,
    unreadJoinRequests: 0,
    unreadJoinRequestsByLeague: {},
  };
}

/** The flat list of a tab's loaded pages. */
export function loadedNotifications(data: NotificationPages | undefined): AppNotification[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}
