import { date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const seasons = pgTable('seasons', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  competition: text('competition').notNull(),
  pickDeadline: timestamp('pick_deadline', { withTimezone: true, mode: 'date' }).notNull(),
  launchAt: timestamp('launch_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** Hash of the imported facts, so a start-up load can tell whether the data changed. */
  dataVersion: text('data_version').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const gameweeks = pgTable(
  'gameweeks',
  {
    seasonId: text('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    week: integer('week').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.seasonId, table.week] })],
);
