import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
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
 * league standings unlogged tables (`board-rebuild-repository.ts`), whatever the migrations made.
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
    // Not unique: while member changes are placed (member-changes-repository.ts), the members
    // before each later chunk shift one row at a time.
    index('standings_rank_chunks_start_index').on(
      table.board,
      table.name,
      table.membersBefore,
      table.seasonId,
    ),
  ],
);

/**
 * How many members of the stored board share each country and club, written with the board in
 * the swap transaction: a search that matches a country or club (such as "united") counts its
 * matches from these few thousand rows instead of visiting hundreds of thousands of board rows.
 * With the sum of their names' hashes, the groups tell a rebuild whether its board holds the
 * roster the placements left on the stored one (decision 005).
 */
export const standingsGroups = pgTable(
  'standings_groups',
  {
    seasonId: text('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    club: text('club').notNull(),
    members: integer('members').notNull(),
    /**
     * The sum of `hashtextextended(search_name, 0)` over the group's members (`nameHash`),
     * moved by the placements with the roster's changes. Null on a group stored before migration
     * 0027: the next rebuild starts a new roster.
     */
    nameHashes: numeric('name_hashes'),
  },
  (table) => [primaryKey({ columns: [table.seasonId, table.country, table.club] })],
);

/**
 * A member's share of their group's `name_hashes`, from what a search reads of their name
 * (`search_name`, or the search key made from the name). 64 bits: a roster with some name
 * changed keeps every group's sum only by a chance of about 2^-64.
 */
export function nameHash(searchName: SQL): SQL {
  return sql`hashtextextended(${searchName}, 0)`;
}

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
  /**
   * Those of the placements that changed who is on the board or a member's name, country or club:
   * with `roster_since`, what a search's matches depend on (the part of the version a kept
   * search count is checked against; goals and squads move members without changing it).
   */
  rosterRevision: integer('roster_revision').notNull().default(0),
  /**
   * The swap (`computed_at`) of the rebuild whose board began this roster: a rebuild that finds
   * the roster as the placements left it keeps it, its revision and its log, so the counts kept
   * on it hold across the rebuild.
   */
  rosterSince: timestamp('roster_since', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
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
 * How many rosters back a search's kept count may be brought forward (`standingsRosterChanges`):
 * with a placement every few seconds, minutes of changes. A count kept longer is counted again;
 * the log a read goes through stays short while joiners arrive by the thousand before the deadline.
 */
export const ROSTER_CHANGES_KEPT = 100;

/**
 * The board rows the placements took off or put on that changed its roster
 * (`standingsState.rosterRevision`): a member who joined or left the board, or came back under
 * another name, country or club, as a +1 row of what a search reads of them on the new roster and
 * a -1 row of the old. A search's count kept at an earlier revision of the same roster
 * (`rosterSince`) is brought to the roster now by the rows since that match it (decision 005). A
 * rebuild that begins a new roster deletes its season's rows; a placement those
 * ROSTER_CHANGES_KEPT rosters old.
 */
export const standingsRosterChanges = pgTable(
  'standings_roster_changes',
  {
    seasonId: text('season_id').notNull(),
    /** The roster the change made. */
    rosterRevision: integer('roster_revision').notNull(),
    /** +1: on the board, so read, from this roster on; -1: no longer. */
    sign: smallint('sign').notNull(),
    /** As the board's columns of the same names (the name's search key, `searchKeySql`). */
    searchName: text('search_name').notNull(),
    country: text('country').notNull(),
    club: text('club').notNull(),
  },
  (table) => [index('standings_roster_changes_revision_index').on(table.seasonId, table.rosterRevision)],
);

/**
 * Searches' counts, shared by every instance (decision 016): how many members of one board (the
 * global one, a country's or a club's) a search matched on one roster of the season's stored
 * board. An instance that holds no usable count of its own reads it here, and brings it forward
 * through the roster's changes since instead of counting every match again; after a restart or
 * on another instance too. Only counts of SAVED_SEARCH_COUNT_MIN_MATCHES matches or more are
 * kept (cheaper to count again, and the rows stay a few thousand per roster whatever is asked).
 * The search is kept as asked, with no one's id; a new roster (a rebuild that begins one, or an
 * account deleted) deletes its season's rows.
 */
export const standingsSearchCounts = pgTable(
  'standings_search_counts',
  {
    seasonId: text('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    /** 'global', 'country' or 'club'. */
    board: text('board').notNull(),
    /** The country or club; '' for the global board. */
    boardName: text('board_name').notNull(),
    search: text('search').notNull(),
    /** The roster counted: `standingsState.rosterSince` in microseconds, and its revision. */
    rosterSince: bigint('roster_since', { mode: 'number' }).notNull(),
    rosterRevision: integer('roster_revision').notNull(),
    total: integer('total').notNull(),
    /** The members of the board searched then. */
    boardMembers: integer('board_members').notNull(),
  },
  (table) => [primaryKey({ columns: [table.seasonId, table.board, table.boardName, table.search] })],
);

/** Fewer matches than this are counted again rather than shared (`standingsSearchCounts`). */
export const SAVED_SEARCH_COUNT_MIN_MATCHES = 1_000;

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
