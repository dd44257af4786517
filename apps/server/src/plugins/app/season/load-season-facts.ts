import { createHash } from 'node:crypto';
import type { Database } from '../../../db/database.ts';
import { type SeasonFacts, seasonFactsSchema } from './season-facts.schemas.ts';
import {
  findSeasonDataVersion,
  lockSeasonData,
  replaceClubSpells,
  replaceGameweeks,
  replaceGoals,
  replaceSeasonClubs,
  replaceSeasonPlayers,
  upsertSeason,
} from './season-facts-repository.ts';

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
    await lockSeasonData(tx);
    const storedVersion = await findSeasonDataVersion(tx, season.id);
    if (storedVersion === dataVersion && !options.force) return { ...summary, changed: false };

    const seasonRow = {
      id: season.id,
      name: season.name,
      competition: season.competition,
      pickDeadline: new Date(season.pickDeadline),
      launchAt: new Date(season.launchAt),
      dataVersion,
      importedAt: new Date(),
    };
    await upsertSeason(tx, seasonRow);
    await replaceGameweeks(tx, season.id, season.gameweeks);
    await replaceSeasonClubs(tx, season.id, facts.clubs);

    const playerIdByFplCode = await replaceSeasonPlayers(tx, season.id, facts.players);
    const playerIds = [...playerIdByFplCode.values()];

    const spellRows = facts.players.flatMap((player) =>
      player.clubSpells.map((spell) => ({ playerId: playerIdByFplCode.get(player.fplCode) ?? '', ...spell })),
    );
    await replaceClubSpells(tx, playerIds, spellRows);

    const goalRows = facts.goals.map(({ fplCode, kickoffAt, ...goal }) => {
      const playerId = playerIdByFplCode.get(fplCode);
      if (!playerId) throw new Error(`Goal of unknown player code ${fplCode} in fixture ${goal.fixtureId}`);
      return { ...goal, playerId, kickoffAt: new Date(kickoffAt) };
    });
    await replaceGoals(tx, playerIds, goalRows);

    return { ...summary, changed: true };
  });
}
