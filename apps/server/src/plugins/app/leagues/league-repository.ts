import type { LeagueJoinMode, MembershipStatus } from '@hit21/core';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { leagueMembers, leagues, profiles } from '../../../db/schema/index.ts';
import type { LeagueRow, MembershipRow } from './league-access-repository.ts';

/* A player's own side of leagues: creating, joining, leaving, listing their leagues. */

/**
 * Locks the player's profile FOR UPDATE: every change to how many leagues a player is in or runs
 * takes this lock first (then the league's), so two requests of one player cannot both pass a limit.
 */
export async function lockLeaguePlayer(
  tx: Executor,
  userId: string,
): Promise<{ onboardingComplete: boolean; playerSelectionComplete: boolean } | null> {
  const [row] = await tx
    .select({
      onboardingComplete: profiles.onboardingComplete,
      playerSelectionComplete: profiles.playerSelectionComplete,
    })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for('update');
  return row ?? null;
}

/** The player's approved and pending memberships (what the league limit counts). */
export async function countActiveMemberships(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(leagueMembers)
    .where(and(eq(leagueMembers.userId, userId), inArray(leagueMembers.status, ['approved', 'pending'])));
  return row?.value ?? 0;
}

export async function countAdministeredLeagues(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(leagues).where(eq(leagues.adminId, userId));
  return row?.value ?? 0;
}

function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: unknown }).code === '23505') return true;
    current = current.cause;
  }
  return false;
}

/**
 * Inserts a league with its creator as admin and approved member, counters included. Answers
 * null when the code is taken: the insert runs in a savepoint so the caller may try another code.
 */
export async function insertLeague(
  tx: Executor,
  values: {
    seasonId: string;
    name: string;
    code: string;
    adminId: string;
    maxMembers: number;
    joinMode: LeagueJoinMode;
    joinDeadline: Date | null;
    now: Date;
  },
): Promise<string | null> {
  const { now, ...league } = values;
  let id: string | undefined;
  try {
    await tx.transaction(async (savepoint) => {
      const [row] = await savepoint
        .insert(leagues)
        .values({ ...league, createdAt: now, approvedMembers: 1, pendingRequests: 0 })
        .returning({ id: leagues.id });
      id = row?.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
  if (!id) return null;
  await tx
    .insert(leagueMembers)
    .values({ leagueId: id, userId: values.adminId, status: 'approved', requestedAt: now, joinedAt: now });
  return id;
}

/** The league of the given season with this code; locked FOR UPDATE with `lock`. */
export async function findLeagueByCode(
  db: Executor,
  code: string,
  seasonId: string,
  options: { lock?: boolean } = {},
): Promise<LeagueRow | null> {
  const query = db
    .select()
    .from(leagues)
    .where(and(eq(leagues.code, code), eq(leagues.seasonId, seasonId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** A new request or an approval on joining: replaces a rejected or kicked row. */
export async function saveJoinRequest(
  tx: Executor,
  values: { leagueId: string; userId: string; status: 'approved' | 'pending'; now: Date },
): Promise<void> {
  const { leagueId, userId, status, now } = values;
  const joinedAt = status === 'approved' ? now : null;
  await tx
    .insert(leagueMembers)
    .values({ leagueId, userId, status, requestedAt: now, joinedAt, kickedAt: null })
    .onConflictDoUpdate({
      target: [leagueMembers.leagueId, leagueMembers.userId],
      set: { status, requestedAt: now, joinedAt, kickedAt: null },
    });
}

export async function deleteMembership(tx: Executor, leagueId: string, userId: string): Promise<void> {
  await tx
    .delete(leagueMembers)
    .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.userId, userId)));
}

export async function clearAdminHandover(tx: Executor, leagueId: string): Promise<void> {
  await tx
    .update(leagues)
    .set({ adminHandoverReason: null, adminHandoverAt: null })
    .where(eq(leagues.id, leagueId));
}

export interface MyLeagueRow {
  league: LeagueRow;
  membership: MembershipRow;
}

/**
 * Every membership of the player with its league, newest request first, at most `limit` rows:
 * approved and pending ones are capped at 30 by the league limit, and old rejected or kicked
 * ones beyond the bound are the least interesting. Counts come from the maintained columns, so
 * this is one indexed read whatever the size of the leagues.
 */
export async function listMyLeagues(db: Executor, userId: string, limit: number): Promise<MyLeagueRow[]> {
  return db
    .select({
      league: leagues,
      membership: {
        status: leagueMembers.status,
        requestedAt: leagueMembers.requestedAt,
        joinedAt: leagueMembers.joinedAt,
        kickedAt: leagueMembers.kickedAt,
      },
    })
    .from(leagueMembers)
    .innerJoin(leagues, eq(leagues.id, leagueMembers.leagueId))
    .where(eq(leagueMembers.userId, userId))
    .orderBy(desc(leagueMembers.requestedAt), asc(leagues.id))
    .limit(limit);
}

/* Account deletion (hand-over-leagues-of-deleted-account.ts). */

/** The leagues the player administers, locked FOR UPDATE. */
export async function lockAdministeredLeagues(tx: Executor, userId: string): Promise<{ id: string }[]> {
  return tx
    .select({ id: leagues.id })
    .from(leagues)
    .where(eq(leagues.adminId, userId))
    .orderBy(asc(leagues.id))
    .for('update');
}

/**
 * The earliest-joined approved member other than `exceptUserId` (ties: the smaller user id),
 * preferring one who runs fewer than `administeredBelow` leagues: answers that member, and
 * whether they were below the limit.
 */
export async function findEarliestApprovedMember(
  tx: Executor,
  leagueId: string,
  exceptUserId: string,
  administeredBelow: number,
): Promise<{ userId: string; isBelowLimit: boolean } | null> {
  const administered = sql<number>`(select count(*) from ${leagues} where ${leagues.adminId} = ${leagueMembers.userId})`;
  const isBelowLimit = sql<boolean>`${administered} < ${administeredBelow}`;
  const [row] = await tx
    .select({ userId: leagueMembers.userId, isBelowLimit })
    .from(leagueMembers)
    .where(
      and(
        eq(leagueMembers.leagueId, leagueId),
        eq(leagueMembers.status, 'approved'),
        ne(leagueMembers.userId, exceptUserId),
      ),
    )
    .orderBy(
      sql`${isBelowLimit} desc`,
      sql`${leagueMembers.joinedAt} asc nulls last`,
      asc(leagueMembers.userId),
    )
    .limit(1);
  return row ?? null;
}

export async function setLeagueAdmin(
  tx: Executor,
  leagueId: string,
  adminId: string,
  handover: { reason: 'transferred' | 'account_deleted'; at: Date },
): Promise<void> {
  await tx
    .update(leagues)
    .set({ adminId, adminHandoverReason: handover.reason, adminHandoverAt: handover.at })
    .where(eq(leagues.id, leagueId));
}

export async function deleteLeague(tx: Executor, leagueId: string): Promise<void> {
  await tx.delete(leagues).where(eq(leagues.id, leagueId));
}

/** The player's approved and pending memberships, the leagues they are counted in. */
export async function listCountedMemberships(
  tx: Executor,
  userId: string,
): Promise<{ leagueId: string; status: MembershipStatus }[]> {
  return tx
    .select({ leagueId: leagueMembers.leagueId, status: leagueMembers.status })
    .from(leagueMembers)
    .where(and(eq(leagueMembers.userId, userId), inArray(leagueMembers.status, ['approved', 'pending'])))
    .orderBy(asc(leagueMembers.leagueId));
}
