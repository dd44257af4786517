import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** What a goals sync changed; written with every successful run. */
export interface StatsSyncSummary {
  goalsAdded: number;
  goalsChanged: number;
  goalsRemoved: number;
  playersAdded: number;
  /** Club spells added because a player's club changed. */
  transfers: number;
  /** Gameweeks the feed had data for, e.g. [1, 2, 3]. */
  gameweeks: number[];
}

/**
 * One row per goals sync, so an operator can see the last one. A `running` row is also the
 * claim that keeps a second instance from syncing at the same time.
 */
export const statsSyncRuns = pgTable(
  'stats_sync_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** The FPL API base URL or the folder read. */
    source: text('source').notNull(),
    /** running until it ends ok or failed; skipped when another sync was under way. */
    status: text('status', { enum: ['running', 'ok', 'failed', 'skipped'] }).notNull(),
    summary: jsonb('summary').$type<StatsSyncSummary>(),
    /** Why it failed, or why it was skipped. */
    error: text('error'),
  },
  (table) => [index('stats_sync_runs_started_at_index').on(table.startedAt)],
);
