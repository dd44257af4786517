import { eq, sql } from 'drizzle-orm';
import { type Executor, selectRows, type Transaction } from '../../../../db/database.ts';
import {
  leagueMembers,
  leagues,
  type RankedWith,
  standingsMemberChanges,
  standingsState,
} from '../../../../db/schema/index.ts';
import { textArray } from '../../../../db/sql-values.ts';
import { isBoardLostSql } from '../rank-blocks-repository.ts';
import { hasUnplacedChangesSql } from '../standings-inputs-repository.ts';

/** Logs, in the caller's transaction, that a member's place may have changed; a new `seq` each time. */
export async function markMemberChanged(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`insert into ${standingsMemberChanges} (user_id) values (${userId})
    on conflict (user_id) do update set seq = excluded.seq, applied = false`);
}

/** Forgets a member's change, placed or not: their account is deleted. */
export async function forgetMemberChange(db: Executor, userId: string): Promise<void> {
  await db.delete(standingsMemberChanges).where(eq(standingsMemberChanges.userId, userId));
}

/**
 * A deleted account's leagues' seasons now hold every change, as after a placement, unless another
 * member's change waits: their leagues' change mark, set in this transaction, is then no later than
 * `placed_at`, and their members are not told the standings are being updated (`members_changed`).
 */
export async function markDeletionPlaced(tx: Transaction, userId: string): Promise<void> {
  await tx.execute(sql`update ${standingsState} set placed_at = greatest(${standingsState.placedAt}, now())
    where ${standingsState.seasonId} in (select ${leagues.seasonId} from ${leagues}
        join ${leagueMembers} on ${leagueMembers.leagueId} = ${leagues.id}
        where ${leagueMembers.userId} = ${userId} and ${leagueMembers.status} = 'approved')
      and not ${hasUnplacedChangesSql()}`);
}

/** A logged change: placing it settles this `seq` only (a later change of the member waits). */
export type MemberChange = { userId: string; seq: number };

/** The oldest `limit` changes not yet placed. */
export async function listUnplacedChanges(tx: Transaction, limit: number): Promise<MemberChange[]> {
  const rows = await selectRows<{ user_id: string; seq: string | number }>(
    tx,
    sql`select user_id, seq from ${standingsMemberChanges} where not ${standingsMemberChanges.applied}
      order by seq limit ${limit}`,
  );
  return rows.map((row) => ({ userId: row.user_id, seq: Number(row.seq) }));
}

/** The placed changes leave the log; during a rebuild they stay, marked placed (`settleCoveredChanges`). */
export async function settlePlacedChanges(
  db: Executor,
  changes: readonly MemberChange[],
  options: { isRebuildRunning: boolean },
): Promise<void> {
  if (changes.length === 0) return;
  const placed = sql`(user_id, seq) in (select * from unnest(${textArray(changes.map((change) => change.userId))}::text[],
    ${`{${changes.map((change) => change.seq).join(',')}}`}::bigint[]))`;
  await db.execute(
    options.isRebuildRunning
      ? sql`update ${standingsMemberChanges} set applied = true where ${placed}`
      : sql`delete from ${standingsMemberChanges} where ${placed}`,
  );
}

export interface PlacingState {
  rankedWith: RankedWith;
  countries: string[];
  clubs: string[];
  isBoardLost: boolean;
}

/** The state row: what the season's stored board was ranked with; undefined before its first rebuild. */
export async function readPlacingState(tx: Transaction, seasonId: string): Promise<PlacingState | undefined> {
  const { rankedWith, countries, clubs } = standingsState;
  const [row] = await tx
    .select({ rankedWith, countries, clubs, isBoardLost: isBoardLostSql(seasonId) })
    .from(standingsState)
    .where(eq(standingsState.seasonId, seasonId));
  return row && { ...row, isBoardLost: row.isBoardLost === true };
}

/** The goals a placement scored the board with instead of those it had counted. */
export type GoalsPlaced = { computedFor: Date; goalsFingerprint: string; rankedWith: RankedWith };

/** A new board version (for the caches: decision 016), with what changed of the state row. */
export async function saveBoardRevision(
  tx: Transaction,
  seasonId: string,
  revision: {
    memberChange: number;
    countries?: string[];
    clubs?: string[];
    placeMs?: number;
    goals?: GoalsPlaced;
  },
): Promise<void> {
  const lists =
    revision.countries && revision.clubs
      ? sql`, countries = ${textArray(revision.countries)}::text[], clubs = ${textArray(revision.clubs)}::text[]`
      : sql``;
  const timing =
    revision.placeMs === undefined ? sql`` : sql`, placed_at = now(), place_ms = ${revision.placeMs}::int`;
  const goals = revision.goals
    ? sql`, computed_for = ${revision.goals.computedFor.toISOString()}::timestamptz,
        goals_fingerprint = ${revision.goals.goalsFingerprint},
        ranked_with = ${JSON.stringify(revision.goals.rankedWith)}::jsonb`
    : sql``;
  await tx.execute(sql`update ${standingsState} set members = members + ${revision.memberChange}::int,
      revision = revision + 1 ${lists} ${timing} ${goals}
    where ${standingsState.seasonId} = ${seasonId}`);
}
