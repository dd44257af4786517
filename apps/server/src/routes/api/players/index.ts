import { currentGameweek, isDeadlinePassed, listPlayersQuerySchema, playerPageSchema } from '@hit21/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listCatalogPlayers } from '../../../plugins/app/squads/player-catalog-repository.ts';
import { countSquadPicks } from '../../../plugins/app/squads/squad-repository.ts';

const playerRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/api/players',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['players'],
        summary: 'The players that can be picked, filtered, sorted and paged on the server',
        querystring: listPlayersQuerySchema,
        response: { 200: playerPageSchema },
      },
    },
    async (request) => {
      const user = await fastify.requireUser(request);
      const now = fastify.clock();
      const season = await fastify.activeSeason.get();
      // After the deadline only a first squad can be picked, and only from players on 0 goals.
      const isUnscoredOnly =
        isDeadlinePassed(season.pickDeadline, now) &&
        (await countSquadPicks(fastify.db, user.id, season.id)) === 0;
      const query = request.query;
      const page = await listCatalogPlayers(fastify.db, {
        seasonId: season.id,
        now,
        gameweek: currentGameweek(season.gameweeks, now),
        query,
        isUnscoredOnly,
      });
      return { ...page, page: query.page, pageSize: query.pageSize, isUnscoredOnly };
    },
  );
};

export default playerRoutes;
