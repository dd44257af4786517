import {
  type AppNotification,
  joinRequestMessage,
  joinRequestTitle,
  type NotificationsPage,
  type NotificationTab,
} from '@hit21/core';
import type { Executor } from '../../../db/database.ts';
import { readNotificationSummary } from './notification-summary.ts';
import {
  listNotificationRows,
  type NotificationRow,
  type NotificationScope,
} from './notifications-repository.ts';

/**
 * A stored row as the screens show it. A join request is worded now, from the league's and the
 * requester's current names; a goal alert carries the words it was sent with.
 */
export function toAppNotification(row: NotificationRow): AppNotification {
  const base = {
    id: String(row.id),
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
  if (row.type === 'join_request') {
    const requesterName = row.requesterName ?? '';
    const leagueName = row.leagueName ?? '';
    return {
      ...base,
      title: joinRequestTitle(),
      message: joinRequestMessage(requesterName, leagueName),
      actorName: requesterName,
      leagueId: row.leagueId,
      leagueName,
      goalKind: null,
    };
  }
  return {
    ...base,
    title: row.title ?? '',
    message: row.message ?? '',
    actorName: row.actorName ?? '',
    leagueId: null,
    leagueName: null,
    goalKind: row.goalKind,
  };
}

/** One page of a tab, newest first, after the item `before`, with the counts. */
export async function listNotifications(options: {
  db: Executor;
  scope: NotificationScope;
  tab: NotificationTab;
  before?: string;
  limit: number;
}): Promise<NotificationsPage> {
  const { db, scope, tab, before, limit } = options;
  // One row more than shown says whether another page follows.
  const [rows, summary] = await Promise.all([
    listNotificationRows(db, scope, { tab, before, limit: limit + 1 }),
    readNotificationSummary(db, scope),
  ]);
  const items = rows.slice(0, limit).map(toAppNotification);
  const nextBefore = rows.length > limit ? (items.at(-1)?.id ?? null) : null;
  return { ...summary, tab, items, nextBefore };
}
