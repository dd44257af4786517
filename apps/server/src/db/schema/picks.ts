import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { players } from './players.ts';
import { seasons } from './season.ts';

/** A user's squad for a season: exactly 4 rows when complete, replaced whole on every save. */
export const picks = pgTable(
  'picks',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seasonId: text('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** 1-4, the pitch slot, so the squad reads back in the order it was picked. */
    slot: integer('slot').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.seasonId, table.playerId] }),
    // A scorer's pickers in user order: the goal alerts' fan-out pages through them.
    index('picks_player_user_index').on(table.playerId, table.userId),
  ],
);

/**
 * Each squad of `picks` as one row, its footballers in slot order: kept by the triggers of
 * migrations 0018 and 0033 on every change of `picks`, in the same statement. The board rebuild
 * scores ten million squads from these rows, which takes a fraction of grouping forty million
 * picks (decision 005). No foreign keys: a squad row goes when its picks go.
 */
export const squads = pgTable(
  'squads',
  {
    seasonId: text('season_id').notNull(),
    userId: text('user_id').notNull(),
    playerIds: uuid('player_ids').array().notNull(),
  },
  (table) => [primaryKey({ columns: [table.seasonId, table.userId] })],
);
