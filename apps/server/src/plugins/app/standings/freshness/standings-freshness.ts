import { isSeasonOver, type SeasonConfig } from '@hit21/core';
import type { Executor } from '../../../../db/database.ts';
import type { StaleReason } from '../model.ts';
import { readStandingsStamps } from '../standings-inputs-repository.ts';

/**
 * Why the stored board of a season no longer matches `now`, or undefined when it does: one
 * small query (a counter, the state row, an md5 over the season's thousand-odd goal rows and the
 * member changes waiting).
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
  return undefined;
}
