import { squadGoalsSchema } from '@hit21/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSquadGoals } from '../../../plugins/app/squads/squad-goals-repository.ts';

/** The goals behind the dashboard's season story: each pick's goals per match, up to the clock. */
const squadGoalsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/api/squad/goals',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['squad'],
        summary: "The signed-in user's picks' goals, one row per player per match, by kick-off",
        response: { 200: squadGoalsSchema },
      },
    },
    async (request) => {
      const user = await fastify.requireUser(request);
      const season = await fastify.activeSeason.get();
      return { goals: await listSquadGoals(fastify.db, user.id, season.id, fastify.clock()) };
    },
  );
};

export default squadGoalsRoutes;
