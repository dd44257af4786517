import type { AnalyticsEventInput } from '@hit21/core';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { analyticsEvents } from '../../../db/schema/index.ts';

export async function recordAnalyticsEvent(db: Executor, event: AnalyticsEventInput & { userId?: string }) {
  await db.insert(analyticsEvents).values({
    name: event.name,
    path: event.path,
    properties: event.properties ?? null,
    userId: event.userId ?? null,
  });
}

/** Keeps a user's events for the counts but without the user id. */
export async function forgetAnalyticsUser(db: Executor, userId: string): Promise<void> {
  await db.update(analyticsEvents).set({ userId: null }).where(eq(analyticsEvents.userId, userId));
}
