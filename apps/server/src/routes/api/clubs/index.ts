import { clubListSchema } from '@hit21/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSeasonClubs } from '../../../plugins/app/season/season-repository.ts';

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
      const season = await fastify.activeSeason.get();
      return { clubs: await listSeasonClubs(fastify.db, season.id) };
    },
  );
};

export default clubRoutes;
