import { type SQL, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../../db/database.ts';
import { goals, players, standingsInputs } from '../../../db/schema/index.ts';

/**
 * Marks every stored board stale, inside the caller's transaction: call it wherever a change
 * of who is on the boards, or of what they picked, is written (team save, onboarding, name
 * change, account deletion). The next check recomputes.
 */
export async function markStandingsStale(db: Executor): Promise<void> {
  await db
    .insert(standingsInputs)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({
      target: standingsInputs.id,
      set: { version: sql`${standingsInputs.version} + 1` },
    });
}

/** The version `markStandingsStale` has reached (0 before the first change). */
export function inputsVersionSql(): SQL<number> {
  return sql<number>`coalesce((select ${standingsInputs.version} from ${standingsInputs} where ${standingsInputs.id} = 1), 0)`;
}

/**
 * md5 of every goal of the season that counts at `now` (kicked off by then): it changes when
 * a sync adds, changes or removes a goal, and when the clock passes a kick-off either way.
 */
export function goalsFingerprintSql(seasonId: string, now: Date): SQL<string> {
  return sql<string>`(select md5(coalesce(string_agg(
      ${goals.playerId}::text || ':' || ${goals.fixtureId} || ':' || ${goals.goals} || ':' || extract(epoch from ${goals.kickoffAt}),
      ',' order by ${goals.playerId}, ${goals.fixtureId}), ''))
    from ${goals} join ${players} on ${players.id} = ${goals.playerId}
    where ${players.seasonId} = ${seasonId} and ${goals.kickoffAt} <= ${now.toISOString()})`;
}

export interface CountedGoal {
  playerCode: number;
  kickoffAt: Date;
  goals: number;
}

/** The season's goals that count at `now`, keyed by the player's FPL code (compact for millions of picks). */
export async function listCountedGoals(db: Executor, seasonId: string, now: Date): Promise<CountedGoal[]> {
  const rows = await selectRows<{ player_code: number; kickoff_at: string | Date; goals: number }>(
    db,
    sql`select ${players.fplCode} as player_code, ${goals.kickoffAt} as kickoff_at, ${goals.goals} as goals
      from ${goals} join ${players} on ${players.id} = ${goals.playerId}
      where ${players.seasonId} = ${seasonId} and ${goals.kickoffAt} <= ${now.toISOString()}`,
  );
  return rows.map((row) => ({
    playerCode: row.player_code,
    kickoffAt: new Date(row.kickoff_at),
    goals: row.goals,
  }));
}
