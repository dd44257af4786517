import {
  currentGameweek,
  isDeadlinePassed,
  isSeasonOver,
  type SeasonConfig,
  saveSquadInputSchema,
  squadSchema,
} from '@hit21/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findOrCreateProfile } from '../../../plugins/app/accounts/profile-repository.ts';
import { saveSquad } from '../../../plugins/app/squads/save-squad.ts';
import { listSquad } from '../../../plugins/app/squads/squad-repository.ts';

/** The signed-in user's 4 picks for the active season. */
const squadRoutes: FastifyPluginAsyncZod = async (fastify) => {
  async function readSquad(userId: string, season: SeasonConfig) {
    const now = fastify.clock();
    const picks = await listSquad(fastify.db, userId, season.id, now, currentGameweek(season.gameweeks, now));
    const isEditable =
      !isDeadlinePassed(season.pickDeadline, now) ||
      (picks.length === 0 && !isSeasonOver(season.gameweeks, now));
    return { picks, isEditable };
  }

  fastify.get(
    '/api/squad',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['squad'],
        summary: "The signed-in user's picks with their goals so far",
        response: { 200: squadSchema },
      },
    },
    async (request) => readSquad((await fastify.requireUser(request)).id, await fastify.activeSeason.get()),
  );

  fastify.put(
    '/api/squad',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['squad'],
        summary: 'Save exactly 4 outfield players, replacing the old squad in one transaction',
        body: saveSquadInputSchema,
        response: { 200: squadSchema },
      },
    },
    async (request) => {
      const user = await fastify.requireUser(request);
      await findOrCreateProfile(fastify.db, user);
      const season = await fastify.activeSeason.get();
      await saveSquad({
        db: fastify.db,
        userId: user.id,
        season,
        playerIds: request.body.playerIds,
        now: fastify.clock(),
      });
      // Rank the new squad soon rather than at the next check: the leaderboard shows it waiting.
      fastify.standings.requestRefresh();
      return readSquad(user.id, season);
    },
  );
};

export default squadRoutes;
