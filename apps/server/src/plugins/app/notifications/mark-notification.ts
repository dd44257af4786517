import { AppError, type AppNotification, NOTIFICATION_MESSAGES } from '@hit21/core';
import type { Database } from '../../../db/database.ts';
import { toAppNotification } from './list-notifications.ts';
import { publishNotificationEvent } from './notification-events-repository.ts';
import {
  findNotificationRow,
  type NotificationScope,
  setNotificationRead,
} from './notifications-repository.ts';

/** Another player's id answers as an unknown one: nothing is revealed. */
export function notificationNotFound(): AppError {
  return new AppError('NOT_FOUND', {
    reason: 'NOTIFICATION_NOT_FOUND',
    message: NOTIFICATION_MESSAGES.notFound,
    userMessage: NOTIFICATION_MESSAGES.notFound,
  });
}

/** Marks one of the player's notifications read or unread; their other pages hear of it. */
export async function markNotification(options: {
  db: Database;
  scope: NotificationScope;
  id: string;
  read: boolean;
}): Promise<AppNotification> {
  const { db, scope, id, read } = options;
  return db.transaction(async (tx) => {
    const row = await findNotificationRow(tx, scope, id, { lock: true });
    if (!row) throw notificationNotFound();
    if ((row.readAt !== null) === read) return toAppNotification(row);
    const readAt = await setNotificationRead(tx, row.id, read);
    await publishNotificationEvent(tx, { kind: 'sync', userIds: [scope.userId] });
    return toAppNotification({ ...row, readAt });
  });
}
