import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { NOTIFICATIONS_CHANNEL, type NotificationEvent } from './notification-events.ts';

/** Sends `event` to every instance when `tx` commits (NOTIFY's 8000-byte payload: at most 100 ids or players). */
export async function publishNotificationEvent(tx: Executor, event: NotificationEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${JSON.stringify(event)})`);
}
