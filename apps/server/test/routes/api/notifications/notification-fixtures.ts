import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { NotificationSummary, NotificationsPage } from '@hit21/core';
import { and, eq, sql } from 'drizzle-orm';
import type { App } from '../../../../src/app.ts';
import type { DatabaseHandle, Executor } from '../../../../src/db/database.ts';
import { notifications } from '../../../../src/db/schema/index.ts';
import {
  NOTIFICATIONS_CHANNEL,
  type NotificationEvent,
  parseNotificationEvent,
} from '../../../../src/plugins/app/notifications/notification-events.ts';
import { call } from '../leagues/membership-fixtures.ts';

export async function readSummary(app: App, cookie: string): Promise<NotificationSummary> {
  const response = await call(app, 'GET', '/api/notifications/summary', { cookie });
  if (response.statusCode !== 200) throw new Error(`Summary failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function readPage(app: App, cookie: string, query = ''): Promise<NotificationsPage> {
  const response = await call(app, 'GET', `/api/notifications${query}`, { cookie });
  if (response.statusCode !== 200) throw new Error(`Page failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** The player's stored rows, oldest first. */
export async function storedNotifications(db: Executor, userId: string) {
  return db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
}

export async function storedJoinRequests(db: Executor, leagueId: string) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.leagueId, leagueId), eq(notifications.type, 'join_request')));
}

/** `count` goal alerts stored straight for the player, oldest first; answers their ids. */
export async function seedGoalAlerts(db: Executor, userId: string, count: number): Promise<number[]> {
  const rows = await db
    .insert(notifications)
    .values(
      Array.from({ length: count }, (_, index) => ({
        userId,
        type: 'goal' as const,
        goalKind: 'scored' as const,
        actorName: 'Saka',
        title: 'Goal for Saka',
        message: `Saka scored for Arsenal: you're on ${index + 1} of 21`,
      })),
    )
    .returning({ id: notifications.id });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** Every event published on the notifications channel while the test listens. */
export async function listenForEvents(database: DatabaseHandle) {
  const events: NotificationEvent[] = [];
  // The listening connection may already be open (the app's stream hub holds one), so messages
  // committed before this call can still be on their way: drop everything up to a marker.
  const marker = `listen-${randomUUID()}`;
  let isCaughtUp = false;
  const stop = await database.listen(NOTIFICATIONS_CHANNEL, (payload) => {
    if (payload === marker) isCaughtUp = true;
    const event = isCaughtUp ? parseNotificationEvent(payload) : undefined;
    if (event) events.push(event);
  });
  await database.db.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${marker})`);
  for (const deadline = Date.now() + 5_000; !isCaughtUp && Date.now() < deadline; ) await sleep(5);
  return {
    events,
    stop,
    /** The events that concern `userId`. */
    about(userId: string) {
      return events.filter((event) =>
        event.kind === 'created'
          ? event.userId === userId
          : event.kind === 'sync' && event.userIds.includes(userId),
      );
    },
    /** Waits until `condition` holds, then a little longer for anything that should not come. */
    async settle(condition: () => boolean = () => true) {
      const deadline = Date.now() + 5_000;
      while (!condition()) {
        if (Date.now() > deadline) throw new Error('No notification event came');
        await sleep(20);
      }
      await sleep(150);
    },
  };
}
