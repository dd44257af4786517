import type { LeagueJoinMode, MembershipStatus } from '@hit21/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { leagueMembers, leagues } from '../../../db/schema/index.ts';
import { isUuid } from '../../../db/sql-values.ts';
import { markMemberChanged } from '../standings/public.ts';

export interface LeagueRow {
  id: string;
  seasonId: string;
  name: string;
  code: string;
  adminId: string;
  maxMembers: number;
  joinMode: LeagueJoinMode;
  joinDeadline: Date | null;
  createdAt: Date;
  adminHandoverReason: 'transferred' | 'account_deleted' | null;
  adminHandoverAt: Date | null;
  membersChangedAt: Date;
  /** Maintained by league-counters-repository.ts. */
  approvedMembers: number;
  pendingRequests: number;
}

export interface MembershipRow {
  status: MembershipStatus;
  requestedAt: Date;
  joinedAt: Date | null;
  kickedAt: Date | null;
}

/**
 * A league and the viewer's membership of it. With `lock`, the league row is locked FOR UPDATE
 * so that every change to the league or its members is serialised on it: two joins racing for
 * the last place, or an approval racing a kick, run one after the other.
 */
export async function findLeagueWithMembership(
  db: Executor,
  leagueId: string,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<{ league: LeagueRow; membership: MembershipRow | null } | null> {
  // Not an id at all: no league, rather than a failed uuid cast in the database.
  if (!isUuid(leagueId)) return null;
  const query = db.select().from(leagues).where(eq(leagues.id, leagueId));
  const [league] = options.lock ? await query.for('update') : await query;
  if (!league) return null;
  const [membership] = await db
    .select({
      status: leagueMembers.status,
      requestedAt: leagueMembers.requestedAt,
      joinedAt: leagueMembers.joinedAt,
      kickedAt: leagueMembers.kickedAt,
    })
    .from(leagueMembers)
    .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.userId, userId)));
  return { league, membership: membership ?? null };
}

/**
 * Call in the transaction of every change to who is an approved member of a league (join,
 * approval, kick, leave, hand-over): the member's change is logged so the next check places them
 * in the league's standings (or takes them out), and the league remembers when, so its standings
 * can say that a change is on its way. The route then calls `fastify.standings.requestRefresh()`.
 * `userId` is null for an account being deleted: it leaves every board anyway.
 */
export async function markLeagueMembersChanged(
  tx: Executor,
  leagueId: string,
  userId: string | null,
): Promise<void> {
  await tx.update(leagues).set({ membersChangedAt: sql`now()` }).where(eq(leagues.id, leagueId));
  if (userId !== null) await markMemberChanged(tx, userId);
}
