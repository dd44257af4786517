import type { Database } from '../../../db/database.ts';
import { publishNotificationEvent } from './notification-events-repository.ts';
import { markAllRead } from './notifications-repository.ts';

/** "Mark all as read": every unread notification of the player; their other pages hear of it. */
export async function markAllNotificationsRead(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await markAllRead(tx, userId)) > 0) {
      await publishNotificationEvent(tx, { kind: 'sync', userIds: [userId] });
    }
  });
}
