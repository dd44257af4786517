import type { DeadlineMailKind } from '@hit21/core';
import { and, asc, eq, gt, inArray, notExists, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../../db/database.ts';
import {
  clubs,
  deadlineMails,
  picks,
  playerClubSpells,
  players,
  profiles,
  users,
} from '../../../db/schema/index.ts';

/** A squad is complete with this many picks (a save replaces the squad whole). */
const SQUAD_SIZE = 4;

export interface DeadlineMailCandidate {
  userId: string;
  email: string;
  /** The player's picks for the season: 0 to 4. */
  pickCount: number;
}

/**
 * The next page of players a deadline mail of `kind` is meant for, by user id after
 * `afterUserId` (keyset): for the reminders, players who agreed to them and whose squad is not
 * complete; for the receipt, players with a complete squad; in both, those without a record of it.
 */
export async function listDeadlineMailCandidates(
  db: Executor,
  options: { seasonId: string; kind: DeadlineMailKind; afterUserId: string; limit: number },
): Promise<DeadlineMailCandidate[]> {
  const { seasonId, kind, afterUserId, limit } = options;
  const pickCount = sql<number>`(select count(*) from ${picks} where ${picks.userId} = ${users.id} and ${picks.seasonId} = ${seasonId})::int`;
  const isWanted =
    kind === 'picks_locked'
      ? sql`${pickCount} = ${SQUAD_SIZE}`
      : and(eq(profiles.marketingOptIn, true), sql`${pickCount} < ${SQUAD_SIZE}`);
  // Skips those recorded already, so a run after the mails went out finds nothing quickly;
  // recordDeadlineMails still decides, for runs side by side.
  const alreadySent = db
    .select({ userId: deadlineMails.userId })
    .from(deadlineMails)
    .where(
      and(
        eq(deadlineMails.seasonId, seasonId),
        eq(deadlineMails.kind, kind),
        eq(deadlineMails.userId, users.id),
      ),
    );
  return db
    .select({ userId: users.id, email: users.email, pickCount })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(and(gt(users.id, afterUserId), isWanted, notExists(alreadySent)))
    .orderBy(asc(users.id))
    .limit(limit);
}

/**
 * Records that `kind` goes to these players, in the transaction that queues their mails, and
 * answers those not recorded before: a row written by an earlier run or another instance
 * (its transaction committed, or waited for) keeps the player from getting the mail twice.
 */
export async function recordDeadlineMails(
  tx: Transaction,
  options: { seasonId: string; kind: DeadlineMailKind; userIds: string[] },
): Promise<Set<string>> {
  const { seasonId, kind, userIds } = options;
  if (userIds.length === 0) return new Set();
  const rows = await tx
    .insert(deadlineMails)
    .values(userIds.map((userId) => ({ seasonId, kind, userId })))
    .onConflictDoNothing()
    .returning({ userId: deadlineMails.userId });
  return new Set(rows.map((row) => row.userId));
}

export interface LockedPick {
  userId: string;
  name: string;
  clubName: string;
}

/** The picks of these players, in slot order, with each player's club at `gameweek`. */
export async function listLockedPicks(
  db: Executor,
  options: { seasonId: string; userIds: string[]; gameweek: number },
): Promise<LockedPick[]> {
  const { seasonId, userIds, gameweek } = options;
  if (userIds.length === 0) return [];
  const clubName = sql<
    string | null
  >`(select ${clubs.name} from ${playerClubSpells} join ${clubs} on ${clubs.code} = ${playerClubSpells.clubCode} where ${playerClubSpells.playerId} = ${players.id} and ${playerClubSpells.fromGameweek} <= ${gameweek} order by ${playerClubSpells.fromGameweek} desc limit 1)`;
  const rows = await db
    .select({ userId: picks.userId, name: players.name, clubName })
    .from(picks)
    .innerJoin(players, eq(players.id, picks.playerId))
    .where(and(eq(picks.seasonId, seasonId), inArray(picks.userId, userIds)))
    .orderBy(asc(picks.userId), asc(picks.slot));
  return rows.map((row) => ({ ...row, clubName: row.clubName ?? '' }));
}
