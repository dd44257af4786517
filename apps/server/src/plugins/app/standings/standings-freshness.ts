import { isSeasonOver, type SeasonConfig } from '@hit21/core';
import { eq, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../../db/database.ts';
import { standingsState } from '../../../db/schema/index.ts';
import { goalsFingerprintSql, inputsVersionSql } from './standings-inputs-repository.ts';

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
  const [row] = await selectRows<{
    inputs_version: string | number;
    goals_fingerprint: string;
    computed_for: string | Date | null;
    computed_version: string | number | null;
    computed_fingerprint: string | null;
  }>(
    db,
    sql`select ${inputsVersionSql()} as inputs_version, ${goalsFingerprintSql(season.id, now)} as goals_fingerprint,
        ${standingsState.computedFor} as computed_for, ${standingsState.inputsVersion} as computed_version,
        ${standingsState.goalsFingerprint} as computed_fingerprint
      from (select 1) as one
      left join ${standingsState} on ${eq(standingsState.seasonId, season.id)}`,
  );
  if (!row?.computed_for) return 'never computed';
  if (Number(row.inputs_version) !== Number(row.computed_version)) return 'teams or members changed';
  if (row.goals_fingerprint !== row.computed_fingerprint) return 'goals counted changed';
  if (isSeasonOver(season.gameweeks, new Date(row.computed_for)) !== isSeasonOver(season.gameweeks, now)) {
    return 'season ended';
  }
  return undefined;
}
