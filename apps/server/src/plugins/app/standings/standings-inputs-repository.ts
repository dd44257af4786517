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

/** Asks the next check for a whole rebuild, in the caller's transaction: members written in bulk. */
export async function requestBoardRebuild(db: Executor): Promise<void> {
  await db.execute(sql`insert into ${standingsInputs} (id, version) values (1, 1)
    on conflict (id) do update set version = ${standingsInputs.version} + 1`);
}

/** The season's goals that count at `now`: kicked off by then. */
function countedGoals(seasonId: string, now: Date): SQL {
  return sql`from ${goals} join ${players} on ${players.id} = ${goals.playerId}
    where ${players.seasonId} = ${seasonId} and ${goals.kickoffAt} <= ${now.toISOString()}`;
}

/** The inputs version (0 before the first `requestBoardRebuild`) and an md5 of the counted goals. */
function inputStampColumns(seasonId: string, now: Date): SQL {
  return sql`coalesce((select ${standingsInputs.version} from ${standingsInputs} where ${standingsInputs.id} = 1), 0) as inputs_version,
    (select md5(coalesce(string_agg(
      ${goals.playerId}::text || ':' || ${goals.fixtureId} || ':' || ${goals.goals} || ':' || extract(epoch from ${goals.kickoffAt}),
      ',' order by ${goals.playerId}, ${goals.fixtureId}), '')) ${countedGoals(seasonId, now)}) as goals_fingerprint`;
}

export type InputStamps = { inputsVersion: number; goalsFingerprint: string };

type InputStampRow = { inputs_version: string | number; goals_fingerprint: string };

const toInputStamps = (row: InputStampRow | undefined): InputStamps => ({
  inputsVersion: Number(row?.inputs_version ?? 0),
  goalsFingerprint: row?.goals_fingerprint ?? '',
});

export async function readInputStamps(db: Executor, seasonId: string, now: Date): Promise<InputStamps> {
  const [row] = await selectRows<InputStampRow>(db, sql`select ${inputStampColumns(seasonId, now)}`);
  return toInputStamps(row);
}

/** The stamps at `now`, beside those the stored board was computed from (if it was), in one small query. */
export async function readStandingsStamps(
  db: Executor,
  seasonId: string,
  now: Date,
): Promise<{
  current: InputStamps & { hasUnplacedChanges: boolean };
  computed?: InputStamps & { computedFor: Date; isBoardLost: boolean };
}> {
  const [row] = await selectRows<
    InputStampRow & {
      computed_for: string | Date | null;
      computed_version: string | number | null;
      computed_fingerprint: string | null;
      has_unplaced_changes: boolean;
      is_board_lost: boolean | null;
    }
  >(
    db,
    sql`select ${inputStampColumns(seasonId, now)}, ${hasUnplacedChangesSql()} as has_unplaced_changes,
        ${standingsState.computedFor} as computed_for, ${standingsState.inputsVersion} as computed_version,
        ${standingsState.goalsFingerprint} as computed_fingerprint, ${isBoardLostSql(seasonId)} as is_board_lost
      from (select 1) as one
      left join ${standingsState} on ${eq(standingsState.seasonId, seasonId)}`,
  );
  return {
    current: { ...toInputStamps(row), hasUnplacedChanges: row?.has_unplaced_changes === true },
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

/** The counted goals' rows: a thousand-odd. */
export async function listCountedGoals(
  db: Executor,
  seasonId: string,
  now: Date,
): Promise<{ playerId: string; kickoffAt: Date; goals: number }[]> {
  const rows = await selectRows<{ player_id: string; kickoff_at: string | Date; goals: number }>(
    db,
    sql`select ${goals.playerId} as player_id, ${goals.kickoffAt} as kickoff_at, ${goals.goals} as goals
      ${countedGoals(seasonId, now)}`,
  );
  return rows.map((row) => ({
    playerId: row.player_id,
    kickoffAt: new Date(row.kickoff_at),
    goals: row.goals,
  }));
}

/** Some member changes wait to be placed. */
export function hasUnplacedChangesSql(): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${standingsMemberChanges} where not ${standingsMemberChanges.applied})`;
}
