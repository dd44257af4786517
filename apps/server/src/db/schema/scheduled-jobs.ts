import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per scheduled job (plugins/app/scheduler): when any instance last started it. An
 * instance whose timer fires claims a run only when the last start is a whole interval ago, so
 * several instances run a job once per interval between them, not once each.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  /** The database's clock, which every instance shares. */
  lastStartedAt: timestamp('last_started_at', { withTimezone: true, mode: 'date' }).notNull(),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true, mode: 'date' }),
  /** The last run's failure; null after a run that succeeded. */
  lastError: text('last_error'),
});
