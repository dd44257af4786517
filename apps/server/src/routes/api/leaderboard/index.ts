import { leaderboardPageSchema, leaderboardParamsSchema, leaderboardQuerySchema } from '@hit21/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listLeaderboard, replyWithBoardPage } from '../../../plugins/app/standings/public.ts';

/** The stored global, country and club boards (docs/api/leaderboards.md). */
const leaderboardRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/api/leaderboard/:type',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['leaderboards'],
        summary: 'A page of the global, country or club leaderboard, with search and "Show Me Only"',
        params: leaderboardParamsSchema,
        querystring: leaderboardQuerySchema,
        response: { 200: leaderboardPageSchema },
      },
    },
    async (request, reply) => {
      const user = await fastify.requireUser(request);
      // Reads serve the stored board at once; a stale one is recomputed in the background.
      fastify.standings.requestRefresh();
      const { page, pageSize, search, after, me } = request.query;
      const body = await listLeaderboard({
        db: fastify.db,
        boards: fastify.boardCache,
        season: await fastify.standings.activeSeason(),
        viewerId: user.id,
        type: request.params.type,
        page,
        pageSize,
        search,
        after,
        isMeOnly: me,
        refreshDelayMs: fastify.standings.refreshDelayMs,
      });
      return replyWithBoardPage(request, reply, body, leaderboardPageSchema);
    },
  );
};

export default leaderboardRoutes;
