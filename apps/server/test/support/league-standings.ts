import type { MembershipStatus } from '@hit21/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../src/db/database.ts';
import { leagueMembers, leagues } from '../../src/db/schema/index.ts';
import { markLeagueMembersChanged } from '../../src/plugins/app/leagues/league-access-repository.ts';

/*
 * Leagues and memberships written straight to the database, so the standings tests need no
 * join or approval endpoint: each change to who is approved is marked as the endpoints mark it.
 */

let codes = 0;

/** A league of the season with `adminId` as its approved admin. */
export async function insertLeague(
  db: Executor,
  options: { seasonId: string; adminId: string; name?: string; maxMembers?: number },
): Promise<string> {
  codes += 1;
  const now = new Date('2025-08-01T12:00:00Z');
  const [league] = await db
    .insert(leagues)
    .values({
      seasonId: options.seasonId,
      name: options.name ?? `League ${codes}`,
      code: `T${String(codes).padStart(3, '0')}${Math.random().toString(36).slice(2, 6).toUpperCase().padEnd(4, 'X')}`,
      adminId: options.adminId,
      maxMembers: options.maxMembers ?? -1,
      joinMode: 'invite_only',
      createdAt: now,
    })
    .returning({ id: leagues.id });
  if (!league) throw new Error('No league');
  await setMembership(db, league.id, options.adminId, 'approved');
  return league.id;
}

/**
 * Gives `userId` the status in the league (a row of `league_members`), with a join time when
 * approved; `markChanged: false` leaves the league's change time and the boards' version alone.
 */
export async function setMembership(
  db: Executor,
  leagueId: string,
  userId: string,
  status: MembershipStatus,
  options: { joinedAt?: Date; markChanged?: boolean } = {},
): Promise<void> {
  const joinedAt = status === 'approved' ? (options.joinedAt ?? new Date('2025-08-02T12:00:00Z')) : null;
  const requestedAt = new Date('2025-08-02T11:00:00Z');
  const kickedAt = status === 'kicked' ? new Date('2025-08-03T12:00:00Z') : null;
  await db
    .insert(leagueMembers)
    .values({ leagueId, userId, status, requestedAt, joinedAt, kickedAt })
    .onConflictDoUpdate({
      target: [leagueMembers.leagueId, leagueMembers.userId],
      set: { status, joinedAt, kickedAt },
    });
  if (options.markChanged !== false) await markLeagueMembersChanged(db, leagueId, userId);
}

export async function removeMembership(db: Executor, leagueId: string, userId: string): Promise<void> {
  await db
    .delete(leagueMembers)
    .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.userId, userId)));
  await markLeagueMembersChanged(db, leagueId, userId);
}

/** Many memberships of one status in one statement (no change marked: recompute explicitly). */
export async function insertMemberships(
  db: Executor,
  leagueId: string,
  userIds: readonly string[],
  status: MembershipStatus,
): Promise<void> {
  if (userIds.length === 0) return;
  await db.execute(sql`insert into league_members (league_id, user_id, status, requested_at, joined_at, kicked_at)
    select ${leagueId}, user_id, ${status}, '2025-08-02T11:00:00Z',
      case when ${status} = 'approved' then '2025-08-02T12:00:00Z'::timestamptz end,
      case when ${status} = 'kicked' then '2025-08-03T12:00:00Z'::timestamptz end
    from unnest(${`{${userIds.join(',')}}`}::text[]) as user_id`);
}
