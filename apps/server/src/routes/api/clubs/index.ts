import { clubListSchema } from '@hit21/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findActiveSeason, listSeasonClubs } from '../../../plugins/app/season/season-repository.ts';

const clubRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/api/clubs',
    {
      schema: {
        tags: ['clubs'],
        summary: "The season's clubs with their codes and colours, by name",
        response: { 200: clubListSchema },
      },
    },
    async () => {
      const season = await findActiveSeason(fastify.db, fastify.config.SEASON_ID);
      return { clubs: await listSeasonClubs(fastify.db, season.id) };
    },
  );
};

export default clubRoutes;
