import { createHash } from 'node:crypto';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { ADVISORY_LOCK_KEYS } from '../../../db/advisory-locks.ts';
import type { Database, Executor } from '../../../db/database.ts';
import {
  clubs,
  gameweeks,
  goals,
  playerClubSpells,
  players,
  seasonClubs,
  seasons,
} from '../../../db/schema/index.ts';
import { type SeasonFacts, seasonFactsSchema } from './season-facts.schemas.ts';

const INSERT_CHUNK = 500;

/** A stable fingerprint of the facts: the same facts always give the same version. */
export function seasonFactsVersion(facts: SeasonFacts): string {
  return createHash('sha256').update(JSON.stringify(facts)).digest('hex').slice(0, 16);
}

export interface LoadResult {
  seasonId: string;
  dataVersion: string;
  /** False when the stored season already had exactly these facts. */
  changed: boolean;
  players: number;
  goals: number;
}

/**
 * Stores one season's facts in one transaction: the stored season afterwards holds exactly
 * these facts, whatever it held before, and loading the same facts twice equals once.
 * Player ids survive a reload (they are matched on the season and FPL code).
 */
export async function loadSeasonFacts(
  db: Database,
  input: SeasonFacts,
  options: { force?: boolean } = {},
): Promise<LoadResult> {
  const facts = seasonFactsSchema.parse(input);
  const dataVersion = seasonFactsVersion(facts);
  const { season } = facts;
  const summary = {
    seasonId: season.id,
    dataVersion,
    players: facts.players.length,
    goals: facts.goals.length,
  };

  return db.transaction(async (tx) => {
    // Instances starting together load one at a time; the others then find the version stored.
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCK_KEYS.seasonData})`);
    const [stored] = await tx
      .select({ dataVersion: seasons.dataVersion })
      .from(seasons)
      .where(eq(seasons.id, season.id));
    if (stored?.dataVersion === dataVersion && !options.force) return { ...summary, changed: false };

    const seasonRow = {
      id: season.id,
      name: season.name,
      competition: season.competition,
      pickDeadline: new Date(season.pickDeadline),
      launchAt: new Date(season.launchAt),
      dataVersion,
      importedAt: new Date(),
    };
    await tx.insert(seasons).values(seasonRow).onConflictDoUpdate({ target: seasons.id, set: seasonRow });

    await tx.delete(gameweeks).where(eq(gameweeks.seasonId, season.id));
    await tx
      .insert(gameweeks)
      .values(season.gameweeks.map((gameweek) => ({ seasonId: season.id, ...gameweek })));

    for (const club of facts.clubs) {
      await tx.insert(clubs).values(club).onConflictDoUpdate({ target: clubs.code, set: club });
    }
    await tx.delete(seasonClubs).where(eq(seasonClubs.seasonId, season.id));
    await tx
      .insert(seasonClubs)
      .values(facts.clubs.map((club) => ({ seasonId: season.id, clubCode: club.code })));

    const playerIdByFplCode = await upsertPlayers(tx, season.id, facts.players);
    const playerIds = [...playerIdByFplCode.values()];

    await tx.delete(playerClubSpells).where(inArray(playerClubSpells.playerId, playerIds));
    const spellRows = facts.players.flatMap((player) =>
      player.clubSpells.map((spell) => ({ playerId: playerIdByFplCode.get(player.fplCode) ?? '', ...spell })),
    );
    await insertInChunks(spellRows, (chunk) => tx.insert(playerClubSpells).values(chunk));

    await tx.delete(goals).where(inArray(goals.playerId, playerIds));
    const goalRows = facts.goals.map(({ fplCode, kickoffAt, ...goal }) => {
      const playerId = playerIdByFplCode.get(fplCode);
      if (!playerId) throw new Error(`Goal of unknown player code ${fplCode} in fixture ${goal.fixtureId}`);
      return { ...goal, playerId, kickoffAt: new Date(kickoffAt) };
    });
    await insertInChunks(goalRows, (chunk) => tx.insert(goals).values(chunk));

    return { ...summary, changed: true };
  });
}

async function upsertPlayers(
  tx: Executor,
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

/** The value the conflicting insert proposed, for ON CONFLICT DO UPDATE. */
function sqlExcluded(column: string) {
  return sql.raw(`excluded.${column}`);
}

async function insertInChunks<Row>(rows: Row[], insert: (chunk: Row[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await insert(rows.slice(start, start + INSERT_CHUNK));
  }
}
