import type { GoalAlertPreference } from '@hit21/core';
import { sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../../../src/db/database.ts';
import { readFplSeason } from '../../../../src/plugins/app/season/read-fpl-season.ts';
import type { SeasonFacts } from '../../../../src/plugins/app/season/season-facts.schemas.ts';
import { applyGoalFeed } from '../../../../src/plugins/app/stats-sync/apply-goal-feed.ts';
import { fixtureSource } from '../season/fixture-season.ts';
import { resetTo } from '../stats-sync/sync-test-database.ts';

/** The fixture season's players (FPL codes): Saka and Signing play for Arsenal, Welbeck and Newcomer for Brighton. */
export const SAKA = 1002;
export const WELBECK = 1003;
export const NEWCOMER = 1004;
export const SIGNING = 1005;
export const RAYA = 1001;
export const SEASON_ID = '2025-26';

let facts: Promise<SeasonFacts> | undefined;
const fixtureFacts = () => {
  facts ??= readFplSeason(fixtureSource());
  return facts;
};

/** The fixture season with its players and no goals, no players' accounts, no notifications. */
export async function resetGoalAlertWorld(db: Database): Promise<void> {
  await db.execute(sql`delete from users`);
  await resetTo(db, { ...(await fixtureFacts()), goals: [] });
}

export interface TestGoal {
  code: number;
  fixtureId: number;
  kickoffAt: string;
  goals: number;
  club?: 'ARS' | 'BRI';
}

/**
 * A goals sync (the sync's own apply step) whose feed holds exactly `goals` and covers their
 * fixtures and `alsoCovered`: a stored goal of a covered fixture missing from it is taken away.
 */
export async function syncGoals(db: Database, goals: TestGoal[], alsoCovered: number[] = []): Promise<void> {
  const { players } = await fixtureFacts();
  await db.transaction((tx) =>
    applyGoalFeed(tx, {
      seasonId: SEASON_ID,
      feed: {
        players,
        goals: goals.map((goal) => ({
          fplCode: goal.code,
          fixtureId: goal.fixtureId,
          gameweek: 3,
          kickoffAt: goal.kickoffAt,
          goals: goal.goals,
          clubCode: goal.club ?? (goal.code === SAKA || goal.code === SIGNING ? 'ARS' : 'BRI'),
        })),
        gameweeks: [1, 2, 3],
        coveredFixtureIds: [...new Set([...goals.map((goal) => goal.fixtureId), ...alsoCovered])],
      },
    }),
  );
}

/** A player (account and profile) with a squad of the fixture season's players. */
export async function addPicker(
  db: Database,
  id: string,
  codes: number[],
  preference: GoalAlertPreference = 'all',
): Promise<void> {
  await db.execute(
    sql`insert into users (id, name, email, email_verified) values (${id}, ${id}, ${`${id}@example.com`}, true)`,
  );
  await db.execute(
    sql`insert into profiles (id, email, full_name, goal_alerts) values (${id}, ${`${id}@example.com`}, ${id}, ${preference})`,
  );
  for (const [index, code] of codes.entries()) {
    await db.execute(
      sql`insert into picks (user_id, season_id, player_id, slot)
        select ${id}, ${SEASON_ID}, id, ${index + 1} from players where season_id = ${SEASON_ID} and fpl_code = ${code}`,
    );
  }
}

export interface StoredAlert {
  id: number;
  userId: string;
  kind: string;
  title: string;
  message: string;
  actorName: string;
  fixtureId: number;
  scorerCode: number;
}

/** Every goal alert stored, oldest first (optionally one player's). */
export async function storedAlerts(db: Database, userId?: string): Promise<StoredAlert[]> {
  const rows = await selectRows<{
    id: string | number;
    user_id: string;
    goal_kind: string;
    title: string;
    message: string;
    actor_name: string;
    fixture_id: number;
    fpl_code: number;
  }>(
    db,
    sql`select n.id, n.user_id, n.goal_kind, n.title, n.message, n.actor_name, n.fixture_id, p.fpl_code
      from notifications n join players p on p.id = n.player_id
      where n.type = 'goal' and (${userId ?? null}::text is null or n.user_id = ${userId ?? null}::text)
      order by n.id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    userId: row.user_id,
    kind: row.goal_kind,
    title: row.title,
    message: row.message,
    actorName: row.actor_name,
    fixtureId: Number(row.fixture_id),
    scorerCode: Number(row.fpl_code),
  }));
}

/** The alerted goals per (scorer code, fixture), and whether a fan-out is under way. */
export async function storedMarks(db: Database) {
  const rows = await selectRows<{
    fpl_code: number;
    fixture_id: number;
    goals: number;
    pending_goal: number | null;
  }>(
    db,
    sql`select p.fpl_code, m.fixture_id, m.goals, m.pending_goal
      from goal_alert_marks m join players p on p.id = m.player_id order by p.fpl_code, m.fixture_id`,
  );
  return rows.map((row) => ({
    code: Number(row.fpl_code),
    fixtureId: Number(row.fixture_id),
    goals: Number(row.goals),
    pendingGoal: row.pending_goal === null ? null : Number(row.pending_goal),
  }));
}
