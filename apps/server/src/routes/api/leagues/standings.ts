import { leagueStandingsPageSchema, leagueStandingsQuerySchema } from '@hit21/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listLeagueStandings, replyWithBoardPage } from '../../../plugins/app/standings/public.ts';

/** A league's standings: the stored global order restricted to its approved members. */
const leagueStandingsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/api/leagues/:leagueId/standings',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['leagues'],
        summary: 'A page of a league\'s standings (approved members only), with search and "Show Me Only"',
        params: z.object({ leagueId: z.string() }),
        querystring: leagueStandingsQuerySchema,
        response: { 200: leagueStandingsPageSchema },
      },
    },
    async (request, reply) => {
      const user = await fastify.requireUser(request);
      // Reads serve the stored standings at once; stale ones are recomputed in the background.
      fastify.standings.requestRefresh();
      const { page, pageSize, search, after, me } = request.query;
      const body = await listLeagueStandings({
        db: fastify.db,
        boards: fastify.boardCache,
        memberships: fastify.leagueMemberships,
        season: await fastify.standings.activeSeason(),
        leagueId: request.params.leagueId,
        viewerId: user.id,
        page,
        pageSize,
        search,
        after,
        isMeOnly: me,
        refreshDelayMs: fastify.standings.refreshDelayMs,
      });
      return replyWithBoardPage(request, reply, body, leagueStandingsPageSchema);
    },
  );
};

export default leagueStandingsRoutes;
