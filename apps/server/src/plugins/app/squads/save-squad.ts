import {
  APP_ERROR_REASONS,
  AppError,
  currentGameweek,
  isDeadlinePassed,
  isSeasonOver,
  type SeasonConfig,
  SQUAD_SELECTION_MESSAGES,
  squadSelectionProblem,
} from '@hit21/core';
import type { Database } from '../../../db/database.ts';
import { markMemberChanged } from '../standings/public.ts';
import {
  countSquadPicks,
  findPlayersForSquad,
  lockSquadOwner,
  markSquadPicked,
  replaceSquad,
} from './squad-repository.ts';

/**
 * Saves a user's 4 picks in one transaction: the old squad is replaced entirely or nothing
 * changes. Every rule is checked here, against the clock, whatever the screen allowed.
 */
export async function saveSquad(options: {
  db: Database;
  userId: string;
  season: SeasonConfig;
  playerIds: string[];
  now: Date;
}) {
  const { db, userId, season, playerIds, now } = options;
  await db.transaction(async (tx) => {
    const owner = await lockSquadOwner(tx, userId);
    if (!owner?.isOnboardingComplete) {
      const message = 'Please complete your profile before picking your team.';
      throw new AppError('FORBIDDEN', { reason: 'ONBOARDING_INCOMPLETE', message, userMessage: message });
    }

    const found = await findPlayersForSquad(tx, season.id, playerIds, now);
    const week = currentGameweek(season.gameweeks, now);
    for (const id of playerIds) {
      const player = found.find((candidate) => candidate.id === id);
      if (!player || player.firstGameweek > week) {
        throw new AppError('INVALID_REQUEST', {
          reason: 'PLAYER_NOT_FOUND',
          message: `Player not found for ID: ${id}`,
          userMessage: `Player not found for ID: ${id}`,
        });
      }
    }
    const refusal = squadSelectionProblem({
      players: found,
      isDeadlinePassed: isDeadlinePassed(season.pickDeadline, now),
      isSeasonOver: isSeasonOver(season.gameweeks, now),
      hasSquad: (await countSquadPicks(tx, userId, season.id)) > 0,
    });
    if (refusal) {
      const message = SQUAD_SELECTION_MESSAGES[refusal];
      throw new AppError(APP_ERROR_REASONS[refusal], { reason: refusal, message, userMessage: message });
    }

    await replaceSquad(tx, userId, season.id, playerIds);
    await markSquadPicked(tx, userId, now);
    await markMemberChanged(tx, userId);
  });
}
