import { isSeasonOver, type SeasonConfig } from '@hit21/core';
import type { Executor } from '../../../db/database.ts';
import { readStandingsStamps } from './standings-inputs-repository.ts';

export type StaleReason =
  | 'never computed'
  | 'teams or members changed'
  | 'goals counted changed'
  | 'season ended';

/**
 * Why the stored board of a season no longer matches `now`, or undefined when it does: one
 * small query (a counter, the state row and an md5 over the season's thousand-odd goal rows).
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
  if (current.inputsVersion !== computed.inputsVersion) return 'teams or members changed';
  if (current.goalsFingerprint !== computed.goalsFingerprint) return 'goals counted changed';
  if (isSeasonOver(season.gameweeks, computed.computedFor) !== isSeasonOver(season.gameweeks, now)) {
    return 'season ended';
  }
  return undefined;
}
