import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { foldedSql } from '../name-folding.ts';
import { seasons } from './season.ts';

export const clubs = pgTable('clubs', {
  /** The product's three-letter code (BRI, WES, ...). */
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  /** `name` with accents and case folded (`foldedSql`), kept by the database for the picking list's search. */
  foldedName: text('folded_name').generatedAlwaysAs(() => foldedSql(sql`"name"`)),
  primaryColour: text('primary_colour').notNull(),
  secondaryColour: text('secondary_colour').notNull(),
  /** FPL's club code, stable across seasons. */
  fplCode: integer('fpl_code').unique(),
});

/** Which clubs play in which season (promotion and relegation change the list). */
export const seasonClubs = pgTable(
  'season_clubs',
  {
    seasonId: text('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    clubCode: text('club_code')
      .notNull()
      .references(() => clubs.code),
  },
  (table) => [primaryKey({ columns: [table.seasonId, table.clubCode] })],
);
