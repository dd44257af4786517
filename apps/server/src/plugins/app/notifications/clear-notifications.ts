import type { Database } from '../../../db/database.ts';
import { publishNotificationEvent } from './notification-events-repository.ts';
import { deleteAllNotifications } from './notifications-repository.ts';

/**
 * "Clear all unread" empties the bell: every notification of the player goes, read or unread
 * (the specification's "Clear empties all"). A request still pending stays on the league's
 * members page, where the admin answers it.
 */
export async function clearNotifications(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await deleteAllNotifications(tx, userId)) > 0) {
      await publishNotificationEvent(tx, { kind: 'sync', userIds: [userId] });
    }
  });
}
