import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { ADVISORY_LOCK_KEYS } from '../../../db/advisory-locks.ts';
import type { Transaction } from '../../../db/database.ts';
import {
  clubs,
  gameweeks,
  goals,
  playerClubSpells,
  players,
  seasonClubs,
  seasons,
} from '../../../db/schema/index.ts';
import type { SeasonFacts } from './season-facts.schemas.ts';

/** Rows per insert statement: well under PostgreSQL's limit of parameters per statement. */
const INSERT_CHUNK = 500;

/**
 * Waits for the season data lock, held until the transaction ends: season loads, and goals
 * syncs writing a season's goals, run one at a time across instances.
 */
export async function lockSeasonData(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCK_KEYS.seasonData})`);
}

/** The version of the facts a season was last loaded from, if it is stored. */
export async function findSeasonDataVersion(tx: Transaction, seasonId: string): Promise<string | undefined> {
  const [stored] = await tx
    .select({ dataVersion: seasons.dataVersion })
    .from(seasons)
    .where(eq(seasons.id, seasonId));
  return stored?.dataVersion;
}

export async function upsertSeason(tx: Transaction, seasonRow: typeof seasons.$inferInsert): Promise<void> {
  await tx.insert(seasons).values(seasonRow).onConflictDoUpdate({ target: seasons.id, set: seasonRow });
}

export async function replaceGameweeks(
  tx: Transaction,
  seasonId: string,
  weeks: SeasonFacts['season']['gameweeks'],
): Promise<void> {
  await tx.delete(gameweeks).where(eq(gameweeks.seasonId, seasonId));
  await tx.insert(gameweeks).values(weeks.map((gameweek) => ({ seasonId, ...gameweek })));
}

/** Stores the clubs (shared by seasons, updated in place) and makes them exactly the season's clubs. */
export async function replaceSeasonClubs(
  tx: Transaction,
  seasonId: string,
  seasonClubsFacts: SeasonFacts['clubs'],
): Promise<void> {
  for (const club of seasonClubsFacts) {
    await tx.insert(clubs).values(club).onConflictDoUpdate({ target: clubs.code, set: club });
  }
  await tx.delete(seasonClubs).where(eq(seasonClubs.seasonId, seasonId));
  await tx.insert(seasonClubs).values(seasonClubsFacts.map((club) => ({ seasonId, clubCode: club.code })));
}

/**
 * Makes the season's players exactly these (matched on the season and FPL code, so their ids
 * survive a reload) and answers each one's id by FPL code.
 */
export async function replaceSeasonPlayers(
  tx: Transaction,
  seasonId: string,
  factsPlayers: SeasonFacts['players'],
): Promise<Map<number, string>> {
  const rows = factsPlayers.map(({ clubSpells: _clubSpells, ...player }) => ({ seasonId, ...player }));
  const idByCode = new Map<number, string>();
  await insertInChunks(rows, async (chunk) => {
    const inserted = await tx
      .insert(players)
      .values(chunk)
      .onConflictDoUpdate({
        target: [players.seasonId, players.fplCode],
        set: {
          name: sqlExcluded('name'),
          webName: sqlExcluded('web_name'),
          firstName: sqlExcluded('first_name'),
          secondName: sqlExcluded('second_name'),
          position: sqlExcluded('position'),
          lastSeasonGoals: sqlExcluded('last_season_goals'),
          firstGameweek: sqlExcluded('first_gameweek'),
        },
      })
      .returning({ id: players.id, fplCode: players.fplCode });
    for (const player of inserted) idByCode.set(player.fplCode, player.id);
  });
  // Players no longer in the facts leave the season.
  const keptCodes = factsPlayers.map((player) => player.fplCode);
  await tx
    .delete(players)
    .where(
      and(
        eq(players.seasonId, seasonId),
        keptCodes.length > 0 ? notInArray(players.fplCode, keptCodes) : undefined,
      ),
    );
  return idByCode;
}

/** Makes the club spells of these players exactly `spellRows`. */
export async function replaceClubSpells(
  tx: Transaction,
  playerIds: string[],
  spellRows: (typeof playerClubSpells.$inferInsert)[],
): Promise<void> {
  await tx.delete(playerClubSpells).where(inArray(playerClubSpells.playerId, playerIds));
  await insertInChunks(spellRows, (chunk) => tx.insert(playerClubSpells).values(chunk));
}

/** Makes the goals of these players exactly `goalRows`. */
export async function replaceGoals(
  tx: Transaction,
  playerIds: string[],
  goalRows: (typeof goals.$inferInsert)[],
): Promise<void> {
  await tx.delete(goals).where(inArray(goals.playerId, playerIds));
  await insertInChunks(goalRows, (chunk) => tx.insert(goals).values(chunk));
}

/** The value the conflicting insert proposed, for ON CONFLICT DO UPDATE. */
function sqlExcluded(column: string) {
  return sql.raw(`excluded.${column}`);
}

async function insertInChunks<Row>(rows: Row[], insert: (chunk: Row[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await insert(rows.slice(start, start + INSERT_CHUNK));
  }
}
