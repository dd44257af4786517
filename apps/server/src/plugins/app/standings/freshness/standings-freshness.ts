import { isSeasonOver, type SeasonConfig } from '@hit21/core';
import type { Executor } from '../../../../db/database.ts';
import type { StaleReason } from '../model.ts';
import { readStandingsStamps } from '../standings-inputs-repository.ts';

/**
 * Why the stored board no longer matches `now`, in one small query. Goals "counted" change with a
 * sync and with the clock passing a kick-off, either way (the demo clock can go back).
 */
export async function standingsStaleReason(
  db: Executor,
  season: SeasonConfig,
  now: Date,
): Promise<StaleReason | undefined> {
  const { current, computed } = await readStandingsStamps(db, season.id, now);
  const isOver = (at: Date) => isSeasonOver(season.gameweeks, at);
  if (!computed) return 'never computed';
  if (computed.isBoardLost) return 'board lost';
  if (current.inputsVersion !== computed.inputsVersion) return 'rebuild requested';
  if (current.goalsFingerprint !== computed.goalsFingerprint) return 'goals counted changed';
  if (isOver(computed.computedFor) !== isOver(now)) return 'season ended';
  if (current.hasUnplacedChanges) return 'members changed';
  return undefined;
}
