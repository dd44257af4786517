import { seasonStateAt, seasonStateSchema } from '@hit21/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

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
    async () => seasonStateAt(await fastify.activeSeason.get(), fastify.clock()),
  );
};

export default seasonRoutes;
