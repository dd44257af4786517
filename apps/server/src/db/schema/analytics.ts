import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** First-party analytics: recorded by our own server, never sent to a third party by default. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    path: text('path').notNull(),
    properties: jsonb('properties').$type<Record<string, string | number | boolean>>(),
    /** Filled once accounts exist and the visitor is signed in. */
    userId: text('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('analytics_events_name_created_at_index').on(table.name, table.createdAt)],
);
