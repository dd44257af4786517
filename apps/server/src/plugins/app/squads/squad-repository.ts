import type { Pick } from '@hit21/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { clubs, goals, picks, playerClubSpells, players, profiles } from '../../../db/schema/index.ts';

export interface PlayerFacts {
  id: string;
  position: Pick['position'];
  firstGameweek: number;
  goals: number;
}

/** Goals of a player up to `now` (every stored goal whose match has kicked off). */
const goalsUpTo = (now: Date) =>
  sql<number>`coalesce((select sum(${goals.goals}) from ${goals} where ${goals.playerId} = ${players.id} and ${goals.kickoffAt} <= ${now.toISOString()}), 0)::int`;

/** The club of a player at a gameweek: his latest spell that has begun. */
const clubAt = (gameweek: number) =>
  sql<string>`(select ${playerClubSpells.clubCode} from ${playerClubSpells} where ${playerClubSpells.playerId} = ${players.id} and ${playerClubSpells.fromGameweek} <= ${gameweek} order by ${playerClubSpells.fromGameweek} desc limit 1)`;

export async function findPlayersForSquad(
  db: Executor,
  seasonId: string,
  playerIds: string[],
  now: Date,
): Promise<PlayerFacts[]> {
  return db
    .select({
      id: players.id,
      position: players.position,
      firstGameweek: players.firstGameweek,
      goals: goalsUpTo(now),
    })
    .from(players)
    .where(and(eq(players.seasonId, seasonId), inArray(players.id, playerIds)));
}

export async function listSquad(
  db: Executor,
  userId: string,
  seasonId: string,
  now: Date,
  gameweek: number,
): Promise<Pick[]> {
  const clubCode = clubAt(gameweek);
  const rows = await db
    .select({
      playerId: players.id,
      name: players.name,
      webName: players.webName,
      position: players.position,
      clubCode,
      goals: goalsUpTo(now),
      lastSeasonGoals: players.lastSeasonGoals,
    })
    .from(picks)
    .innerJoin(players, eq(players.id, picks.playerId))
    .where(and(eq(picks.userId, userId), eq(picks.seasonId, seasonId)))
    .orderBy(asc(picks.slot));
  const clubNames = new Map(
    (await db.select({ code: clubs.code, name: clubs.name }).from(clubs)).map((club) => [
      club.code,
      club.name,
    ]),
  );
  return rows.map((row) => ({
    ...row,
    clubCode: row.clubCode ?? '',
    clubName: clubNames.get(row.clubCode ?? '') ?? '',
  }));
}

export async function countSquadPicks(db: Executor, userId: string, seasonId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(picks)
    .where(and(eq(picks.userId, userId), eq(picks.seasonId, seasonId)));
  return row?.value ?? 0;
}

export async function replaceSquad(
  db: Executor,
  userId: string,
  seasonId: string,
  playerIds: string[],
): Promise<void> {
  await db.delete(picks).where(and(eq(picks.userId, userId), eq(picks.seasonId, seasonId)));
  await db
    .insert(picks)
    .values(playerIds.map((playerId, index) => ({ userId, seasonId, playerId, slot: index + 1 })));
}

/**
 * Locks the owner's profile row until the transaction ends, so a user's saves run one at a
 * time (a second waits, then sees the first one's squad). Undefined when there is no profile.
 */
export async function lockSquadOwner(
  tx: Executor,
  userId: string,
): Promise<{ isOnboardingComplete: boolean } | undefined> {
  const [owner] = await tx
    .select({ isOnboardingComplete: profiles.onboardingComplete })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for('update');
  return owner;
}

/** Records on the profile that the user has picked a squad (the dashboard's gate). */
export async function markSquadPicked(tx: Executor, userId: string, now: Date): Promise<void> {
  await tx
    .update(profiles)
    .set({ playerSelectionComplete: true, updatedAt: now })
    .where(eq(profiles.id, userId));
}
