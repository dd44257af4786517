/** The standings' shared constants and types. It imports nothing, so every folder may import it. */

/** The stored tables whose season partition a rebuild replaces, each with a `<table>_next`. */
export const REBUILT_TABLES = ['standings', 'standings_rank_blocks', 'league_standings'] as const;

/** More changes at once (a bulk load, an outage) go to a rebuild, as fast as a few thousand placements. */
export const MAX_PLACED_CHANGES = 20_000;

/** Goals moving more members at once (a gameweek caught up in one sync) go to a rebuild. */
export const MAX_GOAL_MOVERS = 250_000;

/** A rank block a placement grows past this is cut into blocks of RANK_BLOCK_SIZE. */
export const MAX_BLOCK_MEMBERS = 8192;

/**
 * Why a board is stale. 'goals counted changed' and 'members changed' are placed when they can be;
 * the others ask for a rebuild ('board lost': a database crash emptied the unlogged tables).
 */
export type StaleReason =
  | 'never computed'
  | 'board lost'
  | 'rebuild requested'
  | 'goals counted changed'
  | 'season ended'
  | 'members changed';
