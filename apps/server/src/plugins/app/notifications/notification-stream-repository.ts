import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { notifications, sessions } from '../../../db/schema/index.ts';
import { textArray } from '../../../db/sql-values.ts';
import {
  type NotificationRow,
  selectNotificationRows,
  toNotificationRow,
  visibleNotifications,
} from './notifications-repository.ts';

/*
 * What the stream hub reads: new rows of the players whose streams are open here, and which of
 * their sessions still stand. Rows are filtered as the dropdown filters them
 * (notifications-repository.ts `visibleNotifications`): goal alerts always, join requests only of leagues of
 * the active season while it runs.
 */

export interface StreamRowsQuery {
  /** The players with open streams here (one, or every connected one for a range). */
  userIds: readonly string[];
  /** Exactly these rows… */
  ids?: readonly number[];
  /** …or every row in [fromId, toId]. */
  range?: { fromId: number; toId: number };
  activeSeasonId: string;
  isSeasonRunning: boolean;
}

export async function findStreamNotificationRows(
  db: Executor,
  query: StreamRowsQuery,
): Promise<NotificationRow[]> {
  if (query.userIds.length === 0) return [];
  const rows = await selectNotificationRows(db)
    .where(
      and(
        query.userIds.length === 1
          ? eq(notifications.userId, query.userIds[0] as string)
          : sql`${notifications.userId} = any(${textArray(query.userIds)}::text[])`,
        query.ids ? inArray(notifications.id, [...query.ids]) : undefined,
        query.range
          ? sql`${notifications.id} between ${query.range.fromId} and ${query.range.toId}`
          : undefined,
        visibleNotifications(query),
      ),
    )
    .orderBy(asc(notifications.id));
  return rows.map(toNotificationRow);
}

/** Of these session ids, those that still exist and have not expired. */
export async function findLiveSessionIds(db: Executor, sessionIds: readonly string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(sql`${sessions.id} = any(${textArray(sessionIds)}::text[])`, gt(sessions.expiresAt, sql`now()`)),
    );
  return new Set(rows.map((row) => row.id));
}
