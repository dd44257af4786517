import { AppError, type SeasonConfig } from '@hit21/core';
import { asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { clubs, gameweeks, seasonClubs, seasons } from '../../../db/schema/index.ts';

/** The season the product plays: the configured one, else the one with the latest pick deadline. */
export async function findActiveSeason(db: Executor, preferredSeasonId?: string): Promise<SeasonConfig> {
  const [season] = await db
    .select()
    .from(seasons)
    .where(preferredSeasonId ? eq(seasons.id, preferredSeasonId) : undefined)
    .orderBy(desc(seasons.pickDeadline))
    .limit(1);
  if (!season) {
    throw new AppError('UNAVAILABLE', {
      reason: 'SEASON_NOT_LOADED',
      message: preferredSeasonId ? `Season ${preferredSeasonId} is not loaded` : 'No season is loaded',
      userMessage: 'The game is being set up. Please try again in a minute.',
    });
  }
  const weeks = await db
    .select({ week: gameweeks.week, date: gameweeks.date })
    .from(gameweeks)
    .where(eq(gameweeks.seasonId, season.id))
    .orderBy(asc(gameweeks.week));
  return {
    id: season.id,
    name: season.name,
    competition: season.competition,
    pickDeadline: season.pickDeadline.toISOString(),
    launchAt: season.launchAt.toISOString(),
    gameweeks: weeks,
  };
}

export async function listSeasonClubs(db: Executor, seasonId: string) {
  return db
    .select({
      code: clubs.code,
      name: clubs.name,
      primaryColour: clubs.primaryColour,
      secondaryColour: clubs.secondaryColour,
    })
    .from(seasonClubs)
    .innerJoin(clubs, eq(clubs.code, seasonClubs.clubCode))
    .where(eq(seasonClubs.seasonId, seasonId))
    .orderBy(asc(clubs.name));
}
