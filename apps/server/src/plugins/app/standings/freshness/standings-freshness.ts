import { isSeasonOver, type SeasonConfig } from '@hit21/core';
import type { Executor } from '../../../../db/database.ts';
import { RANK_BLOCK_SIZE } from '../../../../db/schema/index.ts';
import { MAX_BLOCK_MEMBERS, type StaleReason } from '../model.ts';
import { readStandingsStamps } from '../standings-inputs-repository.ts';

/**
 * How long after the last goals placed a board whose blocks grew past MAX_BLOCK_MEMBERS is
 * rebuilt: after the matches or at half-time, not between two goals (a rebuild takes minutes at
 * ten million players, and goals wait for it).
 */
export const EVEN_OUT_WHEN_QUIET_MS = 10 * 60_000;
/** A block this large is evened out at once: a page in it walks up to this many index entries. */
export const MAX_UNEVEN_BLOCK_MEMBERS = 256 * RANK_BLOCK_SIZE;

/**
 * Why the stored board of a season no longer matches `now`, or undefined when it does: one
 * small query (a counter, the state row, an md5 over the season's thousand-odd goal rows, the
 * member changes waiting and the largest rank block of the global board).
 * Goals "counted" covers both a sync changing goals and the clock passing a kick-off, in
 * either direction (the demo clock can go back).
 */
export async function standingsStaleReason(
  db: Executor,
  season: SeasonConfig,
  now: Date,
): Promise<StaleReason | undefined> {
  const { current, computed } = await readStandingsStamps(db, season.id, now);
  if (!computed) return 'never computed';
  if (computed.isBoardLost) return 'board lost';
  if (current.inputsVersion !== computed.inputsVersion) return 'rebuild requested';
  if (current.goalsFingerprint !== computed.goalsFingerprint) return 'goals counted changed';
  if (isSeasonOver(season.gameweeks, computed.computedFor) !== isSeasonOver(season.gameweeks, now)) {
    return 'season ended';
  }
  if (current.hasUnplacedChanges) return 'members changed';
  // `computed_for` is the moment of the last goals placed (or of the rebuild).
  const isQuiet = now.getTime() - computed.computedFor.getTime() >= EVEN_OUT_WHEN_QUIET_MS;
  if (
    computed.largestBlock > MAX_UNEVEN_BLOCK_MEMBERS ||
    (computed.largestBlock > MAX_BLOCK_MEMBERS && isQuiet)
  ) {
    return 'blocks uneven';
  }
  return undefined;
}
