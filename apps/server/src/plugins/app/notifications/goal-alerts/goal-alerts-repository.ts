import type { GoalAlertKind, GoalAlertPreference } from '@hit21/core';
import { sql } from 'drizzle-orm';
import { type Executor, selectRows, type Transaction } from '../../../../db/database.ts';
import { textArray } from '../../../../db/sql-values.ts';

/** A (scorer, match) whose counted goals differ from the goals alerted, or whose fan-out is unfinished. */
export interface GoalDiff {
  playerId: string;
  fixtureId: number;
}

/**
 * The season's (scorer, match) pairs the alerts have to act on: one small query over the
 * thousand-odd goal rows and the marks, in event order (kick-off, match, scorer). A goal counts
 * once its kick-off has passed at `now`, as on the boards.
 */
export async function listGoalDiffs(db: Executor, seasonId: string, now: Date): Promise<GoalDiff[]> {
  const rows = await selectRows<{ player_id: string; fixture_id: number }>(
    db,
    sql`with season_goals as (
        select g.player_id, g.fixture_id, g.kickoff_at,
          case when g.kickoff_at <= ${now.toISOString()}::timestamptz then g.goals else 0 end as counted
        from goals g join players p on p.id = g.player_id
        where p.season_id = ${seasonId}
      ), season_marks as (
        select m.player_id, m.fixture_id, m.goals, m.kickoff_at, m.pending_goal
        from goal_alert_marks m join players p on p.id = m.player_id
        where p.season_id = ${seasonId}
      )
      select coalesce(g.player_id, m.player_id) as player_id, coalesce(g.fixture_id, m.fixture_id) as fixture_id
      from season_goals g full join season_marks m on m.player_id = g.player_id and m.fixture_id = g.fixture_id
      where m.pending_goal is not null or coalesce(g.counted, 0) <> coalesce(m.goals, 0)
      order by coalesce(g.kickoff_at, m.kickoff_at), 2, 1`,
  );
  return rows.map((row) => ({ playerId: row.player_id, fixtureId: Number(row.fixture_id) }));
}

export interface GoalAlertMark {
  goals: number;
  kickoffAt: Date | null;
  clubCode: string | null;
  pendingGoal: number | null;
  pendingKind: 'alert' | 'correction' | null;
  pendingAfterUserId: string | null;
}

interface MarkRow {
  goals: number;
  kickoff_at: string | Date | null;
  club_code: string | null;
  pending_goal: number | null;
  pending_kind: 'alert' | 'correction' | null;
  pending_after_user_id: string | null;
}

const toMark = (row: MarkRow): GoalAlertMark => ({
  goals: Number(row.goals),
  kickoffAt: row.kickoff_at === null ? null : new Date(row.kickoff_at),
  clubCode: row.club_code,
  pendingGoal: row.pending_goal === null ? null : Number(row.pending_goal),
  pendingKind: row.pending_kind,
  pendingAfterUserId: row.pending_after_user_id,
});

const MARK_COLUMNS = sql`goals, kickoff_at, club_code, pending_goal, pending_kind, pending_after_user_id`;

/** The mark of a (scorer, match), its row locked until the transaction ends: one fan-out step at a time. */
export async function lockMark(tx: Transaction, goal: GoalDiff): Promise<GoalAlertMark | undefined> {
  const [row] = await selectRows<MarkRow>(
    tx,
    sql`select ${MARK_COLUMNS} from goal_alert_marks
      where player_id = ${goal.playerId} and fixture_id = ${goal.fixtureId} for update`,
  );
  return row && toMark(row);
}

/** Writes a mark not there yet; undefined when another run wrote it first (look again). */
export async function insertMark(
  tx: Transaction,
  goal: GoalDiff,
  mark: GoalAlertMark,
): Promise<GoalAlertMark | undefined> {
  const [row] = await selectRows<MarkRow>(
    tx,
    sql`insert into goal_alert_marks (player_id, fixture_id, ${MARK_COLUMNS})
      values (${goal.playerId}, ${goal.fixtureId}, ${mark.goals}, ${mark.kickoffAt?.toISOString() ?? null},
        ${mark.clubCode}, ${mark.pendingGoal}, ${mark.pendingKind}, ${mark.pendingAfterUserId})
      on conflict (player_id, fixture_id) do nothing
      returning ${MARK_COLUMNS}`,
  );
  return row && toMark(row);
}

export async function updateMark(tx: Transaction, goal: GoalDiff, mark: GoalAlertMark): Promise<void> {
  await tx.execute(
    sql`update goal_alert_marks set goals = ${mark.goals}, kickoff_at = ${mark.kickoffAt?.toISOString() ?? null},
        club_code = ${mark.clubCode}, pending_goal = ${mark.pendingGoal}, pending_kind = ${mark.pendingKind},
        pending_after_user_id = ${mark.pendingAfterUserId}, updated_at = now()
      where player_id = ${goal.playerId} and fixture_id = ${goal.fixtureId}`,
  );
}

/** No mark means nothing alerted: the next sight of a goal there is a first sight. */
export async function deleteMark(tx: Transaction, goal: GoalDiff): Promise<void> {
  await tx.execute(
    sql`delete from goal_alert_marks where player_id = ${goal.playerId} and fixture_id = ${goal.fixtureId}`,
  );
}

/** A goal row as the alerts need it: its count, kick-off, the scorer's name and the club's. */
export interface GoalFacts {
  goals: number;
  kickoffAt: Date;
  clubCode: string;
}

export async function findGoal(tx: Transaction, goal: GoalDiff): Promise<GoalFacts | undefined> {
  const [row] = await selectRows<{ goals: number; kickoff_at: string | Date; club_code: string }>(
    tx,
    sql`select goals, kickoff_at, club_code from goals
      where player_id = ${goal.playerId} and fixture_id = ${goal.fixtureId}`,
  );
  return row && { goals: Number(row.goals), kickoffAt: new Date(row.kickoff_at), clubCode: row.club_code };
}

/** The scorer's display name (`players.name`, as every screen shows him) and his club's full name. */
export async function readScorerWords(
  tx: Transaction,
  playerId: string,
  clubCode: string | null,
): Promise<{ scorer: string; club: string }> {
  const [row] = await selectRows<{ scorer: string; club: string | null }>(
    tx,
    sql`select p.name as scorer, (select c.name from clubs c where c.code = ${clubCode}) as club
      from players p where p.id = ${playerId}`,
  );
  return { scorer: row?.scorer ?? '', club: row?.club ?? clubCode ?? '' };
}

/** One picker of the scorer, with their squad at the goal (see `listPickerSquads`). */
export interface PickerSquad {
  userId: string;
  preference: GoalAlertPreference;
  /** The squad's counted goals before the event, the scorer's earlier matches included. */
  squadBefore: number;
  /** The scorer's counted goals before the event's match. */
  scorerBefore: number;
  /** The player's other picks still on zero before the event. */
  othersOnZero: number;
  /** The squad's counted goals at `now` (a correction's "back on"). */
  squadNow: number;
}

/**
 * The next `limit` pickers of the scorer after `afterUserId`, in user order, with their squads
 * at the event (kick-off, match, scorer): goals that count at `now` and come before it in event
 * order. One query per batch: the season's goal totals are grouped once and joined to the
 * batch's picks.
 */
export async function listPickerSquads(
  tx: Transaction,
  options: {
    seasonId: string;
    now: Date;
    goal: GoalDiff;
    kickoffAt: Date;
    afterUserId: string | null;
    limit: number;
  },
): Promise<PickerSquad[]> {
  const { seasonId, now, goal, kickoffAt, afterUserId, limit } = options;
  const counted = sql`g.kickoff_at <= ${now.toISOString()}::timestamptz`;
  const rows = await selectRows<{
    user_id: string;
    preference: GoalAlertPreference | null;
    squad_before: number;
    scorer_before: number;
    others_on_zero: number;
    squad_now: number;
  }>(
    tx,
    sql`with batch as (
        select user_id from picks
        where player_id = ${goal.playerId} and season_id = ${seasonId}
          and (${afterUserId}::text is null or user_id > ${afterUserId}::text)
        order by user_id limit ${limit}
      ), season_goals as (
        select g.player_id,
          sum(g.goals) filter (where (g.kickoff_at, g.fixture_id, g.player_id)
            < (${kickoffAt.toISOString()}::timestamptz, ${goal.fixtureId}::integer, ${goal.playerId}::uuid)) as before_event,
          sum(g.goals) as at_now
        from goals g join players p on p.id = g.player_id
        where p.season_id = ${seasonId} and ${counted}
        group by g.player_id
      )
      select b.user_id, pr.goal_alerts as preference,
        coalesce(sum(sg.before_event), 0)::int as squad_before,
        coalesce(max(sg.before_event) filter (where pk.player_id = ${goal.playerId}), 0)::int as scorer_before,
        count(*) filter (where pk.player_id <> ${goal.playerId} and coalesce(sg.before_event, 0) = 0)::int as others_on_zero,
        coalesce(sum(sg.at_now), 0)::int as squad_now
      from batch b
      join picks pk on pk.user_id = b.user_id and pk.season_id = ${seasonId}
      left join season_goals sg on sg.player_id = pk.player_id
      left join profiles pr on pr.id = b.user_id
      group by b.user_id, pr.goal_alerts
      order by b.user_id`,
  );
  return rows.map((row) => ({
    userId: row.user_id,
    preference: row.preference ?? 'all',
    squadBefore: Number(row.squad_before),
    scorerBefore: Number(row.scorer_before),
    othersOnZero: Number(row.others_on_zero),
    squadNow: Number(row.squad_now),
  }));
}

export interface GoalAlertRow {
  userId: string;
  kind: GoalAlertKind;
  title: string;
  message: string;
}

/** Stores a batch's alerts in one statement; answers the id range written, if any. */
export async function insertGoalAlerts(
  tx: Transaction,
  goal: GoalDiff,
  actorName: string,
  alerts: readonly GoalAlertRow[],
): Promise<{ fromId: number; toId: number } | undefined> {
  if (alerts.length === 0) return undefined;
  const [range] = await selectRows<{ from_id: string | number | null; to_id: string | number | null }>(
    tx,
    sql`with inserted as (
        insert into notifications (user_id, type, player_id, fixture_id, goal_kind, actor_name, title, message)
        select a.user_id, 'goal', ${goal.playerId}::uuid, ${goal.fixtureId}::integer, a.kind, ${actorName}, a.title, a.message
        from unnest(${textArray(alerts.map((alert) => alert.userId))}::text[],
          ${textArray(alerts.map((alert) => alert.kind))}::text[],
          ${textArray(alerts.map((alert) => alert.title))}::text[],
          ${textArray(alerts.map((alert) => alert.message))}::text[]) as a(user_id, kind, title, message)
        returning id
      )
      select min(id) as from_id, max(id) as to_id from inserted`,
  );
  if (range?.from_id === null || range?.from_id === undefined || range.to_id === null) return undefined;
  return { fromId: Number(range.from_id), toId: Number(range.to_id) };
}

/**
 * First sight of old goals, in one statement: every goal of the season that kicked off before
 * `freshSince` and has no mark is recorded as alerted, without an alert (a first deployment, a
 * demo clock moved on by weeks). Answers how many (scorer, match) pairs.
 */
export async function recordOldGoalsUnalerted(
  db: Executor,
  seasonId: string,
  freshSince: Date,
): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`with recorded as (
        insert into goal_alert_marks (player_id, fixture_id, goals, kickoff_at, club_code)
        select g.player_id, g.fixture_id, g.goals, g.kickoff_at, g.club_code
        from goals g join players p on p.id = g.player_id
        where p.season_id = ${seasonId} and g.kickoff_at < ${freshSince.toISOString()}::timestamptz
          and not exists (select 1 from goal_alert_marks m where m.player_id = g.player_id and m.fixture_id = g.fixture_id)
        on conflict (player_id, fixture_id) do nothing
        returning 1
      )
      select count(*)::int as count from recorded`,
  );
  return Number(row?.count ?? 0);
}

/**
 * The clock went back, in one statement: the marks of goals whose kick-off is after `now` again
 * are forgotten (no fan-out under way), so passing the kick-off again is a first sight.
 */
export async function forgetMarksBeforeKickoff(db: Executor, seasonId: string, now: Date): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`with forgotten as (
        delete from goal_alert_marks m using goals g, players p
        where g.player_id = m.player_id and g.fixture_id = m.fixture_id and p.id = m.player_id
          and p.season_id = ${seasonId} and g.kickoff_at > ${now.toISOString()}::timestamptz
          and m.pending_goal is null
        returning 1
      )
      select count(*)::int as count from forgotten`,
  );
  return Number(row?.count ?? 0);
}
