import { eq, type SQL, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../../db/database.ts';
import {
  goals,
  players,
  standingsInputs,
  standingsMemberChanges,
  standingsState,
} from '../../../db/schema/index.ts';
import { isBoardLostSql } from './rank-blocks-repository.ts';

/**
 * Asks for a whole rebuild of the stored boards, inside the caller's transaction: for members
 * written in bulk (no change of theirs is logged). A member's own change is placed instead
 * (`markMemberChanged`). The next check rebuilds.
 */
export async function requestBoardRebuild(db: Executor): Promise<void> {
  await db
    .insert(standingsInputs)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({
      target: standingsInputs.id,
      set: { version: sql`${standingsInputs.version} + 1` },
    });
}

/** The version `requestBoardRebuild` has reached (0 before the first request). */
function inputsVersionSql(): SQL<number> {
  return sql<number>`coalesce((select ${standingsInputs.version} from ${standingsInputs} where ${standingsInputs.id} = 1), 0)`;
}

/**
 * md5 of every goal of the season that counts at `now` (kicked off by then): it changes when
 * a sync adds, changes or removes a goal, and when the clock passes a kick-off either way.
 */
function goalsFingerprintSql(seasonId: string, now: Date): SQL<string> {
  return sql<string>`(select md5(coalesce(string_agg(
      ${goals.playerId}::text || ':' || ${goals.fixtureId} || ':' || ${goals.goals} || ':' || extract(epoch from ${goals.kickoffAt}),
      ',' order by ${goals.playerId}, ${goals.fixtureId}), ''))
    from ${goals} join ${players} on ${players.id} = ${goals.playerId}
    where ${players.seasonId} = ${seasonId} and ${goals.kickoffAt} <= ${now.toISOString()})`;
}

/** The stamps of what a board is computed from: the inputs version and the counted goals' md5. */
export interface InputStamps {
  inputsVersion: number;
  goalsFingerprint: string;
}

/** The stamps the inputs of a season's board have at `now`. */
export async function readInputStamps(db: Executor, seasonId: string, now: Date): Promise<InputStamps> {
  const [versions] = await selectRows<{ inputs_version: string | number; goals_fingerprint: string }>(
    db,
    sql`select ${inputsVersionSql()} as inputs_version, ${goalsFingerprintSql(seasonId, now)} as goals_fingerprint`,
  );
  return {
    inputsVersion: Number(versions?.inputs_version ?? 0),
    goalsFingerprint: versions?.goals_fingerprint ?? '',
  };
}

/** The stamps the inputs have at `now`, beside those the stored board was computed from (if it was). */
export interface StandingsStamps {
  current: InputStamps & { hasUnplacedChanges: boolean };
  computed?: InputStamps & {
    computedFor: Date;
    /** The state row counts members but the board's tables hold none of them (`isBoardLostSql`). */
    isBoardLost: boolean;
  };
}

/**
 * One small query: the counter, the state row, an md5 over the season's thousand-odd goal rows
 * and whether member changes wait to be placed.
 */
export async function readStandingsStamps(
  db: Executor,
  seasonId: string,
  now: Date,
): Promise<StandingsStamps> {
  const [row] = await selectRows<{
    inputs_version: string | number;
    goals_fingerprint: string;
    computed_for: string | Date | null;
    computed_version: string | number | null;
    computed_fingerprint: string | null;
    has_unplaced_changes: boolean;
    is_board_lost: boolean | null;
  }>(
    db,
    sql`select ${inputsVersionSql()} as inputs_version, ${goalsFingerprintSql(seasonId, now)} as goals_fingerprint,
        ${hasUnplacedChangesSql()} as has_unplaced_changes,
        ${standingsState.computedFor} as computed_for, ${standingsState.inputsVersion} as computed_version,
        ${standingsState.goalsFingerprint} as computed_fingerprint, ${isBoardLostSql(seasonId)} as is_board_lost
      from (select 1) as one
      left join ${standingsState} on ${eq(standingsState.seasonId, seasonId)}`,
  );
  return {
    current: {
      inputsVersion: Number(row?.inputs_version),
      goalsFingerprint: row?.goals_fingerprint ?? '',
      hasUnplacedChanges: row?.has_unplaced_changes === true,
    },
    computed: row?.computed_for
      ? {
          computedFor: new Date(row.computed_for),
          inputsVersion: Number(row.computed_version),
          goalsFingerprint: row.computed_fingerprint ?? '',
          isBoardLost: row.is_board_lost === true,
        }
      : undefined,
  };
}

export interface CountedGoal {
  playerId: string;
  kickoffAt: Date;
  goals: number;
}

/** The season's goals that count at `now` (kicked off by then): a thousand-odd rows. */
export async function listCountedGoals(db: Executor, seasonId: string, now: Date): Promise<CountedGoal[]> {
  const rows = await selectRows<{ player_id: string; kickoff_at: string | Date; goals: number }>(
    db,
    sql`select ${goals.playerId} as player_id, ${goals.kickoffAt} as kickoff_at, ${goals.goals} as goals
      from ${goals} join ${players} on ${players.id} = ${goals.playerId}
      where ${players.seasonId} = ${seasonId} and ${goals.kickoffAt} <= ${now.toISOString()}`,
  );
  return rows.map((row) => ({
    playerId: row.player_id,
    kickoffAt: new Date(row.kickoff_at),
    goals: row.goals,
  }));
}

/** Some member changes wait to be placed on the stored board. */
export function hasUnplacedChangesSql(): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${standingsMemberChanges} where not ${standingsMemberChanges.applied})`;
}
