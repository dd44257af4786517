import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { seasons } from './season.ts';

/** A byte string (`ord`, a block's `start`): read and written by SQL alone, never by the server. */
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * The stored boards: one row per board member per season with the status and goals computed
 * ahead of reads, their stable ranking key (`ord`, ascending down the board) and the member's
 * display fields. Every board (the global order, or its restriction to one
 * country's or club's members) is numbered with `standingsRankBlocks`. The whole season
 * is rebuilt into a fresh table and swapped in by
 * `src/plugins/app/standings/rebuilding/recompute-standings.ts`, which copies these indexes from the catalogue:
 * no foreign keys point to it or from it. The rebuild makes it, its rank blocks and chunks and the
 * league standings unlogged tables (`next-board-repository.ts`), whatever the migrations made.
 */
export const standings = pgTable(
  'standings',
  {
    seasonId: text('season_id').notNull(),
    userId: text('user_id').notNull(),
    status: text('status', { enum: ['safe', 'going_bust', 'bust'] }).notNull(),
    totalGoals: integer('total_goals').notNull(),
    /**
     * The member's stable ranking key (`scoredMembers`): bucket, goal dates, coin toss and member
     * number as one byte string, whose byte order is the global order. Only the member's own entry
     * changes it.
     */
    ord: bytea('ord').notNull(),
    fullName: text('full_name').notNull(),
    /** `full_name` as the name search compares it (`searchKeySql`: accents, case and punctuation folded). */
    searchName: text('search_name').notNull(),
    country: text('country').notNull(),
    club: text('club').notNull(),
    /**
     * The member's picks without a goal (four without a squad): with the goals, it gives the status
     * of a member re-keyed from this row alone (core's `rekeyedEntry`).
     */
    scoreless: smallint('scoreless').notNull(),
  },
  // The season comes last in each key: every lookup names it, but as the first column its long
  // text, the same in every entry, made a rebuild's index builds far slower (decision 005).
  // `user_id`, `country` and `club` compare in byte order ("C", migration 0019): only their
  // equality is asked, and byte order sorts about twice as fast.
  (table) => [
    uniqueIndex('standings_order_index').on(table.ord, table.seasonId),
    // A country's or club's members in the global order: its board.
    uniqueIndex('standings_country_order_index').on(table.country, table.ord, table.seasonId),
    uniqueIndex('standings_club_order_index').on(table.club, table.ord, table.seasonId),
    uniqueIndex('standings_user_index').on(table.userId, table.seasonId),
    // The rows holding a name the name search found in `standingsNames` (three characters or
    // more; in byte order, "C", migration 0030); country and club matches use the order indexes
    // above.
    index('standings_name_index').on(table.searchName, table.seasonId),
  ],
);

/**
 * Every search key the stored boards hold (`standings.search_name`, any season), once, under
 * the trigram index the name search reads: a name search finds the names containing its text here,
 * then the board's rows holding them through `standings_name_index`. Kept across rebuilds, so a
 * rebuild builds a b-tree on the board's names rather than a trigram index, a fraction of the
 * work (decision 005, docs/benchmarks/standings.md). A rebuild adds its board's new
 * names before the swap and, after it, removes those no board holds; a placement adds the names it
 * puts on the board, and an account's deletion removes its name unless another row holds it.
 */
export const standingsNames = pgTable(
  'standings_names',
  { searchName: text('search_name').primaryKey() },
  (table) => [index('standings_names_search_index').using('gin', sql`${table.searchName} gin_trgm_ops`)],
);

/** How many members of a board's order a rank block holds when the board is rebuilt. */
export const RANK_BLOCK_SIZE = 4096;

/**
 * Each board's order cut into key ranges: a block holds the board's members whose `ord` is at or
 * after its `start` and before the next block's. The boards: the global one (`name` ''), each
 * country's and club's (the global order restricted to its members) and each league's (`name`
 * its id; the rows of `league_standings`). A member's rank on a board is the members of its
 * earlier blocks plus those in their block up to them (a few thousand index entries at most), and
 * a page of any depth starts from the block holding its first rank, so no rank is stored. A
 * board's first block starts at the empty string, before any `ord`. A rebuild cuts every board at
 * the global order's blocks, merged along the board to RANK_BLOCK_SIZE; a placement moves the
 * counts and cuts a block grown past twice RANK_BLOCK_SIZE in two or more. Rebuilt and swapped in
 * with `standings`; `name` compares in byte order, as the board's country and club do.
 */
export const standingsRankBlocks = pgTable(
  'standings_rank_blocks',
  {
    seasonId: text('season_id').notNull(),
    board: text('board', { enum: ['global', 'country', 'club', 'league'] }).notNull(),
    name: text('name').notNull(),
    start: bytea('start').notNull(),
    members: integer('members').notNull(),
  },
  (table) => [
    uniqueIndex('standings_rank_blocks_start_index').on(table.board, table.name, table.start, table.seasonId),
  ],
);

/** What the stored board of a season reflects, written in the same transaction as the board. */
export const standingsState = pgTable('standings_state', {
  seasonId: text('season_id')
    .primaryKey()
    .references(() => seasons.id, { onDelete: 'cascade' }),
  /** The server-clock instant the scores and ranks reflect. */
  computedFor: timestamp('computed_for', { withTimezone: true, mode: 'date' }).notNull(),
  /** `standings_inputs.version` as the computation read it. */
  inputsVersion: bigint('inputs_version', { mode: 'number' }).notNull(),
  /**
   * The goals the board counted, per scorer (`RankedWith`): a placement finds the footballers whose
   * goals changed since, and only their pickers move.
   */
  rankedWith: jsonb('ranked_with').$type<RankedWith>().notNull(),
  /** Member changes placed on the board since its rebuild: part of its version (decision 016). */
  revision: integer('revision').notNull().default(0),
  /** When the last member changes were placed (their transaction's start) and how long it took. */
  placedAt: timestamp('placed_at', { withTimezone: true, mode: 'date' }),
  placeMs: integer('place_ms'),
  /** md5 of the season's goals that counted at `computed_for`. */
  goalsFingerprint: text('goals_fingerprint').notNull(),
  members: integer('members').notNull(),
  /** The countries and clubs on the board: a search matches these names, then their board indexes. */
  countries: text('countries').array().notNull(),
  clubs: text('clubs').array().notNull(),
  /** Real time of the computation (not the server clock) and how long it took. */
  computedAt: timestamp('computed_at', { withTimezone: true, mode: 'date' }).notNull(),
  durationMs: integer('duration_ms').notNull(),
});

/**
 * One counter, bumped to ask for a whole rebuild of the boards (members loaded in bulk, a board
 * placed with too many changes): a stored board whose version is behind it is rebuilt. Goals and
 * the clock are compared directly instead, and a member's own changes are placed on the stored
 * board (`standingsMemberChanges`).
 */
export const standingsInputs = pgTable(
  'standings_inputs',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (table) => [check('standings_inputs_single_row', sql`${table.id} = 1`)],
);

/** What `standingsState.rankedWith` holds: the goals a board counted. */
export interface RankedWith {
  isSeasonOver: boolean;
  /** Every footballer who had scored: his id and his goals' kick-off times (epoch ms, ascending). */
  scorers: [playerId: string, goalTimes: number[]][];
}

/**
 * The members whose place on the boards may have changed since the stored board (their squad, their
 * onboarding, name, country or club, their account, a league's membership): one row per member,
 * written in the transaction of the change, with a new `seq` at each change. The standings check
 * places them on the stored board (`applied`); a rebuild deletes those its ranking read, and
 * marks the rest unplaced so that they are placed again on the new board.
 */
export const standingsMemberChanges = pgTable('standings_member_changes', {
  userId: text('user_id').primaryKey(),
  seq: bigserial('seq', { mode: 'number' }).notNull(),
  applied: boolean('applied').notNull().default(false),
});
