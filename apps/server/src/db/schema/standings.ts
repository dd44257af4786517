import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { seasons } from './season.ts';

/**
 * Places of a rebuilt board's order per member: the member ranked r has `position` (r - ½) ×
 * POSITION_STRIDE (`rebuiltPosition`), which leaves room to place members between any two, and
 * at both ends of every rank block, without renumbering anyone. 2^28 (2^20 until migration
 * 0024): a live goal puts its scorer's pickers, 66,000 at ten million players, into a few gaps,
 * and the next goal's above them; positions stay exact in a JavaScript number up to 33 million
 * members.
 */
export const POSITION_STRIDE = 268_435_456;

/** The `position` of the member ranked `rank` on a rebuilt board. */
export function rebuiltPosition(rank: number): number {
  return rank * POSITION_STRIDE - POSITION_STRIDE / 2;
}

/**
 * The stored boards: one row per board member per season with the status and goals computed
 * ahead of reads, their place in the global order (`position`, increasing down the board) and
 * the member's display fields. Every board (the global order, or its restriction to one
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
    /** The member's place in the global order: smaller is higher up (POSITION_STRIDE). */
    position: bigint('position', { mode: 'number' }).notNull(),
    fullName: text('full_name').notNull(),
    /** `full_name` as the name search compares it (`searchKeySql`: accents, case and punctuation folded). */
    searchName: text('search_name').notNull(),
    country: text('country').notNull(),
    club: text('club').notNull(),
  },
  // The season comes last in each key: every lookup names it, but as the first column its long
  // text, the same in every entry, made a rebuild's index builds far slower (decision 005).
  // `user_id`, `country` and `club` compare in byte order ("C", migration 0019): only their
  // equality is asked, and byte order sorts about twice as fast.
  (table) => [
    uniqueIndex('standings_position_index').on(table.position, table.seasonId),
    // A country's or club's members in the global order: its board.
    uniqueIndex('standings_country_order_index').on(table.country, table.position, table.seasonId),
    uniqueIndex('standings_club_order_index').on(table.club, table.position, table.seasonId),
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

/** How many places of a rebuilt global order one row of `standingsRankBlocks` covers. */
export const RANK_BLOCK_SIZE = 1000;

/**
 * The positions one block covers: block b holds positions b × BLOCK_SPAN + 1 to (b + 1) × BLOCK_SPAN,
 * the places RANK_BLOCK_SIZE × b + 1 to RANK_BLOCK_SIZE × (b + 1) of a rebuilt global order.
 */
export const BLOCK_SPAN = RANK_BLOCK_SIZE * POSITION_STRIDE;

/**
 * How many members each board holds in each block of the global order (`block` = (position - 1)
 * / BLOCK_SPAN), for the blocks that hold its members. The boards: the global one (`name` ''),
 * each country's and club's (the global order restricted to its members) and each league's
 * (`name` its id; the rows of `league_standings`). A member's rank on a board is the board's
 * members before their block (`standingsRankChunks`) plus those in the block up to them (a
 * thousand index entries or so), and a page of any depth starts from the block holding its first
 * rank, so no rank is stored on a member's row. Numbering every board's members within the
 * rebuild's statement took two sorts of every member, a third of it (decision 005); these rows
 * are counted from the new board in one scan. Rebuilt and swapped in with `standings`; `name`
 * compares in byte order, as the board's country and club do.
 */
export const standingsRankBlocks = pgTable(
  'standings_rank_blocks',
  {
    seasonId: text('season_id').notNull(),
    board: text('board', { enum: ['global', 'country', 'club', 'league'] }).notNull(),
    name: text('name').notNull(),
    block: integer('block').notNull(),
    members: integer('members').notNull(),
  },
  (table) => [
    uniqueIndex('standings_rank_blocks_block_index').on(table.board, table.name, table.block, table.seasonId),
  ],
);

/** How many rank blocks one row of `standingsRankChunks` sums up. */
export const RANK_CHUNK_BLOCKS = 64;

/**
 * Each board's members per run of RANK_CHUNK_BLOCKS rank blocks (`chunk` = block /
 * RANK_CHUNK_BLOCKS), with how many of them the earlier chunks hold: the members before a block
 * are its chunk's `members_before` plus the board's members in the chunk's earlier blocks (63
 * rows at most). A placement moves every later block's count of members before when it adds or
 * takes one member: kept per block, that was every block of every board a goal's pickers touch
 * (a third of a million rows at ten million players); kept per chunk it is a sixty-fourth
 * (decision 005). Rebuilt and swapped in with `standings`.
 */
export const standingsRankChunks = pgTable(
  'standings_rank_chunks',
  {
    seasonId: text('season_id').notNull(),
    board: text('board', { enum: ['global', 'country', 'club', 'league'] }).notNull(),
    name: text('name').notNull(),
    chunk: integer('chunk').notNull(),
    membersBefore: integer('members_before').notNull(),
    members: integer('members').notNull(),
  },
  (table) => [
    uniqueIndex('standings_rank_chunks_chunk_index').on(table.board, table.name, table.chunk, table.seasonId),
    // Not unique: while member changes are placed (rank-block-counts-repository.ts), the members
    // before each later chunk shift one row at a time.
    index('standings_rank_chunks_start_index').on(
      table.board,
      table.name,
      table.membersBefore,
      table.seasonId,
    ),
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
   * The scorers the board was ranked with (`RankedWith`), so that a changed member is placed on it
   * as the rebuild would have ranked them. Null on a board stored before migration 0023.
   */
  rankedWith: jsonb('ranked_with').$type<RankedWith>(),
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

/** What `standingsState.rankedWith` holds: the goals a board counted, as its rebuild ranked them. */
export interface RankedWith {
  limbCount: number;
  isSeasonOver: boolean;
  /** Every footballer who had scored: id, goals, goal-date limbs (decimal strings, most significant first). */
  scorers: [playerId: string, goals: number, goalDateLimbs: string[], goalTimes?: number[]][];
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
