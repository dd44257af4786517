import type { MembershipStatus } from '@hit21/core';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { leagues } from '../../../db/schema/index.ts';

/*
 * The league's maintained counts of approved members and pending requests (columns
 * `approved_members` and `pending_requests` on `leagues`), so a list of leagues never counts the
 * members of a big league. Call these in the SAME transaction as the membership change, with the
 * league row locked (findLeagueWithMembership / requireLeague... with `lock: true`), for EVERY
 * change: join, approve, reject, kick, leave, a member's account deleted (see
 * hand-over-leagues-of-deleted-account.ts). A league deleted with its rows needs nothing.
 */

type Counted = MembershipStatus | null;

function delta(status: Counted, counted: MembershipStatus): number {
  return status === counted ? 1 : 0;
}

/**
 * A membership went from `from` to `to` (null: no row, before a join or after a leave/removal).
 * Example: an approval is `changeLeagueCounters(tx, id, 'pending', 'approved')`; a kick
 * `('approved', 'kicked')`; a leave `(status, null)`; a new request `(null, 'pending')`.
 */
export async function changeLeagueCounters(
  tx: Executor,
  leagueId: string,
  from: Counted,
  to: Counted,
): Promise<void> {
  const approved = delta(to, 'approved') - delta(from, 'approved');
  const pending = delta(to, 'pending') - delta(from, 'pending');
  if (approved === 0 && pending === 0) return;
  await tx
    .update(leagues)
    .set({
      approvedMembers: sql`${leagues.approvedMembers} + ${approved}`,
      pendingRequests: sql`${leagues.pendingRequests} + ${pending}`,
    })
    .where(eq(leagues.id, leagueId));
}

/** The league's approved members and pending requests as maintained (read it with the league locked to act on it). */
export async function readLeagueCounters(
  db: Executor,
  leagueId: string,
): Promise<{ approvedMembers: number; pendingRequests: number } | null> {
  const [row] = await db
    .select({ approvedMembers: leagues.approvedMembers, pendingRequests: leagues.pendingRequests })
    .from(leagues)
    .where(eq(leagues.id, leagueId));
  return row ?? null;
}
