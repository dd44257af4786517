import { KICK_REJOIN_COOLDOWN_MS } from '@hit21/core';
import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { leagueJoinAttempts, leagueKickedAddresses, leagueMembers, users } from '../../../db/schema/index.ts';
import { keyPart } from '../rate-limits/account-rate-limit.ts';

/* What keeps a league's doors honest across requests and accounts: kicks kept by address, join attempts. */

/** The player's e-mail address as a digest (trimmed, lower-cased, SHA-256): never kept in clear. */
async function findEmailDigest(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row ? keyPart(row.email) : null;
}

/** When the player's address was last kicked from the league, if that kick's wait still runs at `now`. */
export async function findAddressKick(
  db: Executor,
  leagueId: string,
  userId: string,
  now: Date,
): Promise<Date | null> {
  const digest = await findEmailDigest(db, userId);
  if (!digest) return null;
  const [row] = await db
    .select({ kickedAt: leagueKickedAddresses.kickedAt })
    .from(leagueKickedAddresses)
    .where(
      and(
        eq(leagueKickedAddresses.leagueId, leagueId),
        eq(leagueKickedAddresses.emailDigest, digest),
        gt(leagueKickedAddresses.kickedAt, new Date(now.getTime() - KICK_REJOIN_COOLDOWN_MS)),
      ),
    );
  return row?.kickedAt ?? null;
}

/**
 * Part of deleting an account, before its memberships go: each kick whose wait still runs is
 * kept against the address's digest, so a new account with the address waits it out too. Kicks
 * whose wait is over are pruned here, so the table holds at most a day of them.
 */
export async function keepRunningKicks(tx: Executor, userId: string, now: Date): Promise<void> {
  const waitStart = new Date(now.getTime() - KICK_REJOIN_COOLDOWN_MS);
  await tx.delete(leagueKickedAddresses).where(lt(leagueKickedAddresses.kickedAt, waitStart));
  const digest = await findEmailDigest(tx, userId);
  if (!digest) return;
  const kicks = await tx
    .select({ leagueId: leagueMembers.leagueId, kickedAt: leagueMembers.kickedAt })
    .from(leagueMembers)
    .where(
      and(
        eq(leagueMembers.userId, userId),
        eq(leagueMembers.status, 'kicked'),
        gt(leagueMembers.kickedAt, waitStart),
      ),
    );
  for (const { leagueId, kickedAt } of kicks) {
    if (!kickedAt) continue;
    await tx
      .insert(leagueKickedAddresses)
      .values({ leagueId, emailDigest: digest, kickedAt })
      .onConflictDoUpdate({
        target: [leagueKickedAddresses.leagueId, leagueKickedAddresses.emailDigest],
        set: { kickedAt: sql`greatest(${leagueKickedAddresses.kickedAt}, excluded.kicked_at)` },
      });
  }
}

/** The player's requests to join the league since `since`: how many, and the oldest one's time. */
export async function countJoinAttempts(
  db: Executor,
  leagueId: string,
  userId: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ count: count(), oldest: min(leagueJoinAttempts.attemptedAt) })
    .from(leagueJoinAttempts)
    .where(
      and(
        eq(leagueJoinAttempts.userId, userId),
        eq(leagueJoinAttempts.leagueId, leagueId),
        gt(leagueJoinAttempts.attemptedAt, since),
      ),
    );
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

/** Records a request, and forgets this player's requests to the league older than `since`. */
export async function recordJoinAttempt(
  tx: Executor,
  values: { leagueId: string; userId: string; at: Date; since: Date },
): Promise<void> {
  const { leagueId, userId, at, since } = values;
  await tx
    .delete(leagueJoinAttempts)
    .where(
      and(
        eq(leagueJoinAttempts.userId, userId),
        eq(leagueJoinAttempts.leagueId, leagueId),
        lt(leagueJoinAttempts.attemptedAt, since),
      ),
    );
  await tx.insert(leagueJoinAttempts).values({ leagueId, userId, attemptedAt: at });
}
