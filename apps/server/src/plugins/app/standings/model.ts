/**
 * The standings' shared constants and types: every folder (freshness, rebuilding, placing,
 * reading) may import this file, and it imports nothing, so no folder needs another's.
 */

/** The stored tables whose season partition a rebuild replaces, each with a `<table>_next`. */
export const REBUILT_TABLES = [
  'standings',
  'standings_rank_blocks',
  'standings_rank_chunks',
  'league_standings',
] as const;

/**
 * More changes than this at once (members loaded in bulk, a long outage) are left to a rebuild,
 * which ranks everyone in about the time of a few thousand placements.
 */
export const MAX_PLACED_CHANGES = 20_000;

/**
 * A block of the global board grown past this many members (four times RANK_BLOCK_SIZE; placed
 * members land in the blocks of the rebuilt order) is evened out by a rebuild once goals are
 * quiet (standings-freshness.ts): a page reads past up to a block of members.
 */
export const MAX_BLOCK_MEMBERS = 4_000;

/** A footballer who has scored by the board's moment: his goals and his goal-date limbs (`goalDateLimbs`). */
export interface ScoringFootballer {
  playerId: string;
  goals: number;
  goalDateLimbs: readonly bigint[];
}

/** Why a board is stale: all but the goals and the member changes ask for a whole rebuild. */
export type StaleReason =
  | 'never computed'
  /** A crash of the database emptied the board's tables (`isBoardLostSql`). */
  | 'board lost'
  | 'rebuild requested'
  /** Placed when it can be: the pickers of the footballers whose goals changed move (place-member-changes.ts). */
  | 'goals counted changed'
  | 'season ended'
  /** Member changes wait to be placed on the stored board (place-member-changes.ts). */
  | 'members changed'
  /** Placements have grown a rank block too large: a rebuild evens them out, once goals are quiet. */
  | 'blocks uneven';
