import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The API's requests per client and minute, added up across instances (the per-client limit,
 * plugins/app/rate-limits/shared-request-counts.ts). Unlogged (migration 0016): counts of the
 * last minute are worth no write-ahead log, and a crash may lose them.
 */
export const apiRequestCounts = pgTable(
  'api_request_counts',
  {
    clientKey: text('client_key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    hits: integer('hits').notNull(),
  },
  (table) => [primaryKey({ columns: [table.clientKey, table.windowStart] })],
);
