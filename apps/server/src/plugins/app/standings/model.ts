/**
 * The standings' shared constants and types: every folder (freshness, rebuilding, placing,
 * reading) may import this file, and it imports nothing, so no folder needs another's.
 */

/** The stored tables whose season partition a rebuild replaces, each with a `<table>_next`. */
export const REBUILT_TABLES = ['standings', 'standings_rank_blocks', 'league_standings'] as const;

/**
 * More changes than this at once (members loaded in bulk, a long outage) are left to a rebuild,
 * which ranks everyone in about the time of a few thousand placements.
 */
export const MAX_PLACED_CHANGES = 20_000;

/**
 * Goals that move more members than this at once (a gameweek's goals caught up in one sync, the
 * clock moved a long way) are left to a rebuild: a placement's time grows with its movers, and a
 * live goal moves its scorer's pickers, a small share of the players.
 */
export const MAX_GOAL_MOVERS = 250_000;

/** A rank block a placement has grown past this many members is cut into blocks of RANK_BLOCK_SIZE. */
export const MAX_BLOCK_MEMBERS = 8192;

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
  | 'members changed';
