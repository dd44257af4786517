import { and, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { leagues, notifications, profiles, users } from '../../../db/schema/index.ts';

/*
 * Reading and changing one player's stored notifications. Every read is of one player's rows
 * through the (user_id, id) indexes, paged by the database.
 */

/**
 * Which stored rows the player sees: goal alerts always; join requests only of leagues of the
 * active season while it runs (a league is inactive once its season is over).
 */
export interface NotificationScope {
  userId: string;
  activeSeasonId: string;
  isSeasonRunning: boolean;
}

export type NotificationRow = typeof notifications.$inferSelect & {
  leagueName: string | null;
  requesterName: string | null;
};

/**
 * The rows players see, as a condition on `notifications` left-joined with `leagues`: goal
 * alerts always, join requests only of leagues of the active season while it runs. The
 * dropdown and the stream hub both read through it.
 */
export function visibleNotifications(scope: Omit<NotificationScope, 'userId'>): SQL {
  if (!scope.isSeasonRunning) return eq(notifications.type, 'goal');
  return sql`(${notifications.type} = 'goal' or ${leagues.seasonId} = ${scope.activeSeasonId})`;
}

function shown(scope: NotificationScope): SQL {
  return and(eq(notifications.userId, scope.userId), visibleNotifications(scope)) as SQL;
}

/** Notification rows with the names join requests are worded from (each finished by `toNotificationRow`). */
export function selectNotificationRows(db: Executor) {
  return db
    .select({
      notification: notifications,
      leagueName: leagues.name,
      requesterName: sql<string | null>`coalesce(${profiles.fullName}, ${users.name})`,
    })
    .from(notifications)
    .leftJoin(leagues, eq(leagues.id, notifications.leagueId))
    .leftJoin(profiles, eq(profiles.id, notifications.requesterId))
    .leftJoin(users, eq(users.id, notifications.requesterId));
}

export function toNotificationRow(row: {
  notification: typeof notifications.$inferSelect;
  leagueName: string | null;
  requesterName: string | null;
}): NotificationRow {
  return { ...row.notification, leagueName: row.leagueName, requesterName: row.requesterName };
}

/** `limit` rows of the tab older than `before` (a decimal id), newest first. */
export async function listNotificationRows(
  db: Executor,
  scope: NotificationScope,
  page: { tab: 'unread' | 'read'; before?: string; limit: number },
): Promise<NotificationRow[]> {
  const rows = await selectNotificationRows(db)
    .where(
      and(
        shown(scope),
        page.tab === 'unread' ? isNull(notifications.readAt) : isNotNull(notifications.readAt),
        page.before === undefined ? undefined : sql`${notifications.id} < ${page.before}::bigint`,
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(page.limit);
  return rows.map(toNotificationRow);
}

/** One shown row of the player by its decimal id; locked FOR UPDATE (of the notification only) with `lock`. */
export async function findNotificationRow(
  db: Executor,
  scope: NotificationScope,
  id: string,
  options: { lock?: boolean } = {},
): Promise<NotificationRow | null> {
  const query = selectNotificationRows(db).where(and(shown(scope), sql`${notifications.id} = ${id}::bigint`));
  const [row] = options.lock ? await query.for('update', { of: notifications }) : await query;
  return row ? toNotificationRow(row) : null;
}

export async function countNotifications(
  db: Executor,
  scope: NotificationScope,
): Promise<{ unreadCount: number; readCount: number }> {
  const [row] = await db
    .select({
      unreadCount: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
      readCount: sql<number>`count(*) filter (where ${notifications.readAt} is not null)`.mapWith(Number),
    })
    .from(notifications)
    .leftJoin(leagues, eq(leagues.id, notifications.leagueId))
    .where(shown(scope));
  return { unreadCount: row?.unreadCount ?? 0, readCount: row?.readCount ?? 0 };
}

/** Unread join requests shown, per league. */
export async function countUnreadJoinRequestsByLeague(
  db: Executor,
  scope: NotificationScope,
): Promise<{ leagueId: string; count: number }[]> {
  if (!scope.isSeasonRunning) return [];
  const rows = await db
    .select({ leagueId: leagues.id, count: sql<number>`count(*)`.mapWith(Number) })
    .from(notifications)
    .innerJoin(leagues, eq(leagues.id, notifications.leagueId))
    .where(
      and(
        eq(notifications.userId, scope.userId),
        eq(notifications.type, 'join_request'),
        isNull(notifications.readAt),
        eq(leagues.seasonId, scope.activeSeasonId),
      ),
    )
    .groupBy(leagues.id);
  return rows;
}

/** Marks one row read (keeping the first read time) or unread. */
export async function setNotificationRead(tx: Executor, id: number, read: boolean): Promise<Date | null> {
  const [row] = await tx
    .update(notifications)
    .set({ readAt: read ? sql`coalesce(${notifications.readAt}, now())` : null })
    .where(eq(notifications.id, id))
    .returning({ readAt: notifications.readAt });
  return row?.readAt ?? null;
}

/** Marks every unread row of the player read; answers how many changed. */
export async function markAllRead(tx: Executor, userId: string): Promise<number> {
  const rows = await tx
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Deletes every row of the player, read or unread; answers how many went. */
export async function deleteAllNotifications(tx: Executor, userId: string): Promise<number> {
  const rows = await tx
    .delete(notifications)
    .where(eq(notifications.userId, userId))
    .returning({ id: notifications.id });
  return rows.length;
}
