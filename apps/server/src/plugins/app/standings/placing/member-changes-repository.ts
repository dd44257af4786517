import { sql } from 'drizzle-orm';
import { type Executor, selectRows, type Transaction } from '../../../../db/database.ts';
import {
  leagueMembers,
  leagues,
  standingsMemberChanges,
  standingsState,
} from '../../../../db/schema/index.ts';
import { textArray } from '../../../../db/sql-values.ts';
import { hasUnplacedChangesSql } from '../standings-inputs-repository.ts';

/**
 * The log of members' changes waiting to be placed on the stored boards within seconds
 * (place-member-changes.ts): a change recorded, read, settled once placed, or forgotten.
 */

/**
 * Records, in the caller's transaction, that a member's place on the boards may have changed:
 * their squad, onboarding, name, country or club, their account, or a league's membership. The
 * standings check places them on the stored board; each change takes a new `seq`.
 */
export async function markMemberChanged(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`insert into ${standingsMemberChanges} (user_id) values (${userId})
    on conflict (user_id) do update set seq = excluded.seq, applied = false`);
}

/** Forgets a member's change, placed or not (their account is deleted, and they are off every board). */
export async function forgetMemberChange(db: Executor, userId: string): Promise<void> {
  await db.execute(
    sql`delete from ${standingsMemberChanges} where ${standingsMemberChanges.userId} = ${userId}`,
  );
}

/**
 * An account deleted is off the boards in its own transaction: unless another member's change
 * waits, the boards of the seasons of the leagues they were approved in now hold every change, as
 * after a placement. Their leagues' change mark, set in this transaction, is then no later than
 * `placed_at`, and their members are not told the standings are being updated (`members_changed`).
 */
export async function markDeletionPlaced(tx: Transaction, userId: string): Promise<void> {
  await tx.execute(sql`update ${standingsState} set placed_at = greatest(${standingsState.placedAt}, now())
    where ${standingsState.seasonId} in (select ${leagues.seasonId} from ${leagues}
        join ${leagueMembers} on ${leagueMembers.leagueId} = ${leagues.id}
        where ${leagueMembers.userId} = ${userId} and ${leagueMembers.status} = 'approved')
      and not ${hasUnplacedChangesSql()}`);
}

/** A change as the log holds it: placing it settles this `seq` only (a later change of the member waits). */
export interface MemberChange {
  userId: string;
  seq: number;
}

/** The oldest `limit` changes not yet placed. */
export async function listUnplacedChanges(tx: Transaction, limit: number): Promise<MemberChange[]> {
  const rows = await selectRows<{ user_id: string; seq: string | number }>(
    tx,
    sql`select user_id, seq from ${standingsMemberChanges} where not ${standingsMemberChanges.applied}
      order by seq limit ${limit}`,
  );
  return rows.map((row) => ({ userId: row.user_id, seq: Number(row.seq) }));
}

/**
 * The placed changes leave the log; while a rebuild runs they stay, marked placed, as its
 * ranking may not have read them (`settleCoveredChanges`). A member changed again since keeps
 * their newer change, unplaced.
 */
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
