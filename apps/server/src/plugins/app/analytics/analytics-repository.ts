import type { AnalyticsEventInput } from '@hit21/core';
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
