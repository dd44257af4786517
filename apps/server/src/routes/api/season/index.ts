import { seasonStateAt, seasonStateSchema } from '@hit21/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findActiveSeason } from '../../../plugins/app/season/season-repository.ts';

const seasonRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/api/season',
    {
      schema: {
        tags: ['season'],
        summary: "The season's calendar and where the server's clock stands in it",
        response: { 200: seasonStateSchema },
      },
    },
    async () => seasonStateAt(await findActiveSeason(fastify.db, fastify.config.SEASON_ID), fastify.clock()),
  );
};

export default seasonRoutes;
