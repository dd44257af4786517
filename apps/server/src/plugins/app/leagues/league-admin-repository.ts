import { LEAGUE_MEMBERS_PAGE_SIZE, type LeagueJoinMode, type MembershipStatus } from '@hit21/core';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import {
  leagueMembers,
  leagueStandings,
  leagues,
  profiles,
  standingsRankBlocks,
  users,
} from '../../../db/schema/index.ts';

/* The league admin's reads and writes: settings, code, members, hand-over and deletion. */

export async function updateLeagueSettings(
  tx: Executor,
  leagueId: string,
  settings: { name: string; joinMode: LeagueJoinMode; joinDeadline: Date | null },
): Promise<void> {
  await tx.update(leagues).set(settings).where(eq(leagues.id, leagueId));
}

/** Whether `error` (or the driver error drizzle wraps in it) is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
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
 * Gives the league a new code. Answers false when another league already has it; the update
 * runs in a savepoint, so the caller's transaction survives the violation and may try again.
 */
export async function replaceLeagueCode(tx: Executor, leagueId: string, code: string): Promise<boolean> {
  try {
    await tx.transaction(async (savepoint) => {
      await savepoint.update(leagues).set({ code }).where(eq(leagues.id, leagueId));
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export interface MemberStatusRow {
  status: MembershipStatus;
  requestedAt: Date;
  joinedAt: Date | null;
  kickedAt: Date | null;
}

/** A player's membership row; the caller holds the league's lock, which serialises member changes. */
export async function findMembership(
  tx: Executor,
  leagueId: string,
  userId: string,
): Promise<MemberStatusRow | null> {
  const [row] = await tx
    .select({
      status: leagueMembers.status,
      requestedAt: leagueMembers.requestedAt,
      joinedAt: leagueMembers.joinedAt,
      kickedAt: leagueMembers.kickedAt,
    })
    .from(leagueMembers)
    .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.userId, userId)));
  return row ?? null;
}

export async function setMembershipStatus(
  tx: Executor,
  leagueId: string,
  userId: string,
  change: { status: MembershipStatus; joinedAt?: Date | null; kickedAt?: Date | null },
): Promise<void> {
  await tx
    .update(leagueMembers)
    .set(change)
    .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.userId, userId)));
}

/**
 * How many rejected and kicked members the league has: counted on the (league, status) index.
 * Approved members and pending requests are maintained on the league row instead
 * (league-counters-repository.ts), so a big league's counts never walk its approved members.
 */
export async function countRefusedMembers(
  db: Executor,
  leagueId: string,
): Promise<{ rejected: number; kicked: number }> {
  const rows = await db
    .select({ status: leagueMembers.status, count: count() })
    .from(leagueMembers)
    .where(and(eq(leagueMembers.leagueId, leagueId), inArray(leagueMembers.status, ['rejected', 'kicked'])))
    .groupBy(leagueMembers.status);
  const counts = { rejected: 0, kicked: 0 };
  for (const row of rows)
    if (row.status === 'rejected' || row.status === 'kicked') counts[row.status] = row.count;
  return counts;
}

export interface MemberView {
  userId: string;
  fullName: string;
  email: string;
  status: MembershipStatus;
  requestedAt: Date;
  joinedAt: Date | null;
  kickedAt: Date | null;
}

const memberViewColumns = {
  userId: leagueMembers.userId,
  fullName: sql<string>`coalesce(${profiles.fullName}, ${users.name})`,
  email: users.email,
  status: leagueMembers.status,
  requestedAt: leagueMembers.requestedAt,
  joinedAt: leagueMembers.joinedAt,
  kickedAt: leagueMembers.kickedAt,
};

/**
 * One page of a league's members, newest requests first, optionally of one status. Only
 * `league_members` is walked to find the page, along `league_members_status_index` (or
 * `league_members_requested_index` without a status); the names and addresses are joined to
 * the page's 50 rows alone. A page in the older half is found from the oldest end, so no page
 * walks more than half of the members. `total` is how many members match (from the counters).
 */
export async function listMembersPage(
  db: Executor,
  leagueId: string,
  options: { status?: MembershipStatus; page: number; total: number },
): Promise<MemberView[]> {
  const { status, page, total } = options;
  const start = (page - 1) * LEAGUE_MEMBERS_PAGE_SIZE;
  const end = Math.min(start + LEAGUE_MEMBERS_PAGE_SIZE, total);
  if (start >= end) return [];
  const fromOldest = total - end < start;
  const order = fromOldest
    ? [asc(leagueMembers.requestedAt), asc(leagueMembers.userId)]
    : [desc(leagueMembers.requestedAt), desc(leagueMembers.userId)];
  const pageKeys = db
    .select({ userId: leagueMembers.userId, requestedAt: leagueMembers.requestedAt })
    .from(leagueMembers)
    .where(
      status
        ? and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.status, status))
        : eq(leagueMembers.leagueId, leagueId),
    )
    .orderBy(...order)
    .limit(end - start)
    .offset(fromOldest ? total - end : start)
    .as('page_keys');
  return db
    .select(memberViewColumns)
    .from(pageKeys)
    .innerJoin(
      leagueMembers,
      and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.userId, pageKeys.userId)),
    )
    .innerJoin(users, eq(users.id, leagueMembers.userId))
    .leftJoin(profiles, eq(profiles.id, leagueMembers.userId))
    .orderBy(desc(pageKeys.requestedAt), desc(pageKeys.userId));
}

export async function findMemberView(
  db: Executor,
  leagueId: string,
  userId: string,
): Promise<MemberView | null> {
  const [row] = await db
    .select(memberViewColumns)
    .from(leagueMembers)
    .innerJoin(users, eq(users.id, leagueMembers.userId))
    .leftJoin(profiles, eq(profiles.id, leagueMembers.userId))
    .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.userId, userId)));
  return row ?? null;
}

/** The approved member of the league with this (lower-cased) e-mail address, if any. */
export async function findApprovedMemberByEmail(
  tx: Executor,
  leagueId: string,
  email: string,
): Promise<{ userId: string } | null> {
  const [row] = await tx
    .select({ userId: leagueMembers.userId })
    .from(users)
    .innerJoin(leagueMembers, and(eq(leagueMembers.userId, users.id), eq(leagueMembers.leagueId, leagueId)))
    .where(and(eq(users.email, email), eq(leagueMembers.status, 'approved')));
  return row ?? null;
}

/** The stored standings of one league and their rank blocks (no foreign key: they go with the league explicitly). */
export async function deleteLeagueStandings(tx: Executor, leagueId: string): Promise<void> {
  await tx.delete(leagueStandings).where(eq(leagueStandings.leagueId, leagueId));
  await tx
    .delete(standingsRankBlocks)
    .where(and(eq(standingsRankBlocks.board, 'league'), eq(standingsRankBlocks.name, leagueId)));
}
