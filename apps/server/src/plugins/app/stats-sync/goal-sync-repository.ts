import { and, eq, sql } from 'drizzle-orm';
import { selectRows, type Transaction } from '../../../db/database.ts';
import {
  gameweeks,
  goals,
  playerClubSpells,
  players,
  seasonClubs,
  seasons,
} from '../../../db/schema/index.ts';

export interface ClubSpell {
  fromGameweek: number;
  clubCode: string;
}

export interface StoredGoal {
  player_id: string;
  fixture_id: number;
  gameweek: number;
  kickoff_at: Date | string;
  goals: number;
  club_code: string;
}

/** What a feed is checked against: whether the season is stored, its clubs and its gameweeks. */
export async function readSeasonCalendar(
  tx: Transaction,
  seasonId: string,
): Promise<{ isStored: boolean; clubCodes: Set<string>; weeks: Set<number> }> {
  const [season] = await tx.select({ id: seasons.id }).from(seasons).where(eq(seasons.id, seasonId));
  if (!season) return { isStored: false, clubCodes: new Set(), weeks: new Set() };
  const clubCodes = new Set(
    (
      await tx
        .select({ code: seasonClubs.clubCode })
        .from(seasonClubs)
        .where(eq(seasonClubs.seasonId, seasonId))
    ).map((club) => club.code),
  );
  const weeks = new Set(
    (await tx.select({ week: gameweeks.week }).from(gameweeks).where(eq(gameweeks.seasonId, seasonId))).map(
      (gameweek) => gameweek.week,
    ),
  );
  return { isStored: true, clubCodes, weeks };
}

/** The season's player ids by FPL code. */
export async function listPlayerIdsByCode(tx: Transaction, seasonId: string): Promise<Map<number, string>> {
  const rows = await tx
    .select({ id: players.id, fplCode: players.fplCode })
    .from(players)
    .where(eq(players.seasonId, seasonId));
  return new Map(rows.map((player) => [player.fplCode, player.id]));
}

/** Every club spell of the season's players, by player id. */
export async function listClubSpellsByPlayer(
  tx: Transaction,
  seasonId: string,
): Promise<Map<string, ClubSpell[]>> {
  const storedSpells = await tx
    .select({
      playerId: playerClubSpells.playerId,
      fromGameweek: playerClubSpells.fromGameweek,
      clubCode: playerClubSpells.clubCode,
    })
    .from(playerClubSpells)
    .innerJoin(players, eq(players.id, playerClubSpells.playerId))
    .where(eq(players.seasonId, seasonId));
  const spellsByPlayer = new Map<string, ClubSpell[]>();
  for (const { playerId, ...spell } of storedSpells) {
    spellsByPlayer.set(playerId, [...(spellsByPlayer.get(playerId) ?? []), spell]);
  }
  return spellsByPlayer;
}

/** Adds players to the season and answers their ids with their FPL codes. */
export async function insertPlayers(
  tx: Transaction,
  rows: (typeof players.$inferInsert)[],
): Promise<{ id: string; fplCode: number }[]> {
  return tx.insert(players).values(rows).returning({ id: players.id, fplCode: players.fplCode });
}

export async function insertClubSpells(
  tx: Transaction,
  rows: (typeof playerClubSpells.$inferInsert)[],
): Promise<void> {
  await tx.insert(playerClubSpells).values(rows);
}

/** A player's club from a gameweek on (the spell that starts that gameweek takes the club). */
export async function setClubSpell(tx: Transaction, playerId: string, spell: ClubSpell): Promise<void> {
  await tx
    .insert(playerClubSpells)
    .values({ playerId, ...spell })
    .onConflictDoUpdate({
      target: [playerClubSpells.playerId, playerClubSpells.fromGameweek],
      set: { clubCode: spell.clubCode },
    });
}

export async function listSeasonGoals(tx: Transaction, seasonId: string): Promise<StoredGoal[]> {
  return selectRows<StoredGoal>(
    tx,
    sql`select g.player_id, g.fixture_id, g.gameweek, g.kickoff_at, g.goals, g.club_code
        from goals g join players p on p.id = g.player_id where p.season_id = ${seasonId}`,
  );
}

export async function insertGoals(tx: Transaction, rows: (typeof goals.$inferInsert)[]): Promise<void> {
  await tx.insert(goals).values(rows);
}

/** Sets a stored (player, fixture) goal row to these values, stamped as updated now. */
export async function updateGoal(
  tx: Transaction,
  goal: {
    playerId: string;
    fixtureId: number;
    goals: number;
    gameweek: number;
    clubCode: string;
    kickoffAt: Date;
  },
): Promise<void> {
  await tx
    .update(goals)
    .set({
      goals: goal.goals,
      gameweek: goal.gameweek,
      clubCode: goal.clubCode,
      kickoffAt: goal.kickoffAt,
      updatedAt: sql`now()`,
    })
    .where(and(eq(goals.playerId, goal.playerId), eq(goals.fixtureId, goal.fixtureId)));
}

export async function deleteGoal(tx: Transaction, playerId: string, fixtureId: number): Promise<void> {
  await tx.delete(goals).where(and(eq(goals.playerId, playerId), eq(goals.fixtureId, fixtureId)));
}
