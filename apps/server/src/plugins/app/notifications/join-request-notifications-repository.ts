import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { leagues, notifications } from '../../../db/schema/index.ts';

/*
 * The stored join requests: one `join_request` row for the league's admin per pending request
 * (join-request-notifications.ts keeps it so, in the transaction of every membership change).
 */

const isJoinRequest = eq(notifications.type, 'join_request');

/**
 * Stores the request for the league's current admin, unread and dated now; a row left from an
 * earlier request of the same player is renewed. Answers the admin and the row's id.
 */
export async function upsertJoinRequest(
  tx: Executor,
  leagueId: string,
  requesterId: string,
): Promise<{ userId: string; id: number } | null> {
  const [league] = await tx
    .select({ adminId: leagues.adminId })
    .from(leagues)
    .where(eq(leagues.id, leagueId));
  if (!league) return null;
  const [row] = await tx
    .insert(notifications)
    .values({ userId: league.adminId, type: 'join_request', leagueId, requesterId })
    .onConflictDoUpdate({
      target: [notifications.leagueId, notifications.requesterId, notifications.userId],
      targetWhere: sql`${notifications.type} = 'join_request'`,
      set: { readAt: null, createdAt: sql`now()` },
    })
    .returning({ id: notifications.id, userId: notifications.userId });
  return row ?? null;
}

/** Removes the request's rows; answers whose they were. */
export async function deleteJoinRequest(
  tx: Executor,
  leagueId: string,
  requesterId: string,
): Promise<string[]> {
  const rows = await tx
    .delete(notifications)
    .where(
      and(isJoinRequest, eq(notifications.leagueId, leagueId), eq(notifications.requesterId, requesterId)),
    )
    .returning({ userId: notifications.userId });
  return rows.map((row) => row.userId);
}

/** Removes every request of the league (before the league goes); answers whose they were. */
export async function deleteLeagueJoinRequests(tx: Executor, leagueId: string): Promise<string[]> {
  const rows = await tx
    .delete(notifications)
    .where(and(isJoinRequest, eq(notifications.leagueId, leagueId)))
    .returning({ userId: notifications.userId });
  return rows.map((row) => row.userId);
}

/**
 * Gives every request of the league to `toUserId`, unread (a new admin must see them); answers
 * whose they were. Run with the league row locked, so no request is stored meanwhile.
 */
export async function moveLeagueJoinRequests(
  tx: Executor,
  leagueId: string,
  toUserId: string,
): Promise<string[]> {
  const ofLeague = and(
    isJoinRequest,
    eq(notifications.leagueId, leagueId),
    ne(notifications.userId, toUserId),
  );
  const owners = await tx
    .selectDistinct({ userId: notifications.userId })
    .from(notifications)
    .where(ofLeague);
  if (owners.length === 0) return [];
  await tx.update(notifications).set({ userId: toUserId, readAt: null }).where(ofLeague);
  return owners.map((row) => row.userId);
}
