import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { foldedSql } from '../name-folding.ts';
import { clubs } from './clubs.ts';
import { seasons } from './season.ts';

export const players = pgTable(
  'players',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seasonId: text('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    /** FPL's player code, stable across seasons (its per-season ids are not). */
    fplCode: integer('fpl_code').notNull(),
    /** The name every screen, alert and e-mail shows (`playerDisplayName`: "Mohamed Salah"). */
    name: text('name').notNull(),
    /** FPL's short name ("M.Salah"): searched, never shown. */
    webName: text('web_name').notNull(),
    /**
     * `name` and `web_name` with accents and case folded (`foldedSql`), kept by the database:
     * what the picking list sorts and searches, rather than folding every name per request.
     */
    foldedName: text('folded_name').generatedAlwaysAs(() => foldedSql(sql`"name"`)),
    foldedWebName: text('folded_web_name').generatedAlwaysAs(() => foldedSql(sql`"web_name"`)),
    firstName: text('first_name').notNull(),
    secondName: text('second_name').notNull(),
    position: text('position', { enum: ['goalkeeper', 'defender', 'midfielder', 'forward'] }).notNull(),
    /** Premier League goals of the previous season; 0 if he did not play in it. */
    lastSeasonGoals: integer('last_season_goals').notNull(),
    /** The gameweek from which he is in the game (players join mid-season). */
    firstGameweek: integer('first_gameweek').notNull(),
  },
  (table) => [
    unique('players_season_fpl_code_unique').on(table.seasonId, table.fplCode),
    check('players_last_season_goals_non_negative', sql`${table.lastSeasonGoals} >= 0`),
  ],
);

/** A player's club from a gameweek on; his club at a moment is the latest spell that has begun. */
export const playerClubSpells = pgTable(
  'player_club_spells',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    fromGameweek: integer('from_gameweek').notNull(),
    clubCode: text('club_code')
      .notNull()
      .references(() => clubs.code),
  },
  (table) => [primaryKey({ columns: [table.playerId, table.fromGameweek] })],
);

/** Goals of one player in one match; the kick-off time is the goal date of the season story and tie-break. */
export const goals = pgTable(
  'goals',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    fixtureId: integer('fixture_id').notNull(),
    gameweek: integer('gameweek').notNull(),
    kickoffAt: timestamp('kickoff_at', { withTimezone: true, mode: 'date' }).notNull(),
    goals: integer('goals').notNull(),
    /** The club he scored for (goals count for the player whichever club that was). */
    clubCode: text('club_code')
      .notNull()
      .references(() => clubs.code),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.playerId, table.fixtureId] }),
    index('goals_kickoff_at_index').on(table.kickoffAt),
    check('goals_positive', sql`${table.goals} > 0`),
  ],
);
