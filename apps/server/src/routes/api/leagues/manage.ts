import {
  AppError,
  changeLeagueAdminInputSchema,
  leagueDetailSchema,
  leagueIdParamsSchema,
  leagueMemberParamsSchema,
  leagueMemberSchema,
  leagueMembersPageSchema,
  leagueMembersQuerySchema,
  memberActionInputSchema,
  updateLeagueInputSchema,
} from '@hit21/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeLeagueAdmin } from '../../../plugins/app/leagues/change-league-admin.ts';
import { changeMemberStatus } from '../../../plugins/app/leagues/change-member-status.ts';
import { deleteLeague } from '../../../plugins/app/leagues/delete-league.ts';
import { listLeagueMembers, readLeagueMember } from '../../../plugins/app/leagues/list-league-members.ts';
import { readLeagueDetail } from '../../../plugins/app/leagues/list-my-leagues.ts';
import { regenerateLeagueCode } from '../../../plugins/app/leagues/regenerate-league-code.ts';
import { updateLeague } from '../../../plugins/app/leagues/update-league.ts';

/** The league admin's side: settings, code, members, hand-over and deletion. Nobody else may. */
const manageLeagueRoutes: FastifyPluginAsyncZod = async (fastify) => {
  /** The league as the signed-in player now sees it (after a hand-over, as a plain member). */
  async function detailFor(leagueId: string, userId: string) {
    return readLeagueDetail({
      db: fastify.db,
      leagueId,
      userId,
      activeSeason: await fastify.activeSeason.get(),
      now: fastify.clock(),
    });
  }

  fastify.patch(
    '/api/leagues/:leagueId',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['leagues'],
        summary: "Change the league's name, join mode and join deadline (admin)",
        params: leagueIdParamsSchema,
        body: updateLeagueInputSchema,
        response: { 200: leagueDetailSchema },
      },
    },
    async (request) => {
      const user = await fastify.requireUser(request);
      const { leagueId } = request.params;
      await updateLeague({
        db: fastify.db,
        leagueId,
        userId: user.id,
        input: request.body,
        now: fastify.clock(),
      });
      return detailFor(leagueId, user.id);
    },
  );

  fastify.post(
    '/api/leagues/:leagueId/code',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['leagues'],
        summary: 'Give the league a new code; the old one stops working (admin)',
        params: leagueIdParamsSchema,
        response: { 200: leagueDetailSchema },
      },
    },
    async (request) => {
      const user = await fastify.requireUser(request);
      const { leagueId } = request.params;
      await regenerateLeagueCode({ db: fastify.db, leagueId, userId: user.id });
      return detailFor(leagueId, user.id);
    },
  );

  fastify.get(
    '/api/leagues/:leagueId/members',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['leagues'],
        summary: "A page of the league's members with their e-mail addresses, newest requests first (admin)",
        params: leagueIdParamsSchema,
        querystring: leagueMembersQuerySchema,
        response: { 200: leagueMembersPageSchema },
      },
    },
    async (request) => {
      const user = await fastify.requireUser(request);
      return listLeagueMembers({
        db: fastify.db,
        leagueId: request.params.leagueId,
        userId: user.id,
        status: request.query.status,
        page: request.query.page,
      });
    },
  );

  fastify.put(
    '/api/leagues/:leagueId/members/:userId',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['leagues'],
        summary: 'Approve, reject or kick a member (admin)',
        params: leagueMemberParamsSchema,
        body: memberActionInputSchema,
        response: { 200: leagueMemberSchema },
      },
    },
    async (request) => {
      const user = await fastify.requireUser(request);
      const { leagueId, userId: memberId } = request.params;
      const { membersChanged } = await changeMemberStatus({
        db: fastify.db,
        leagueId,
        adminId: user.id,
        memberId,
        status: request.body.status,
        now: fastify.clock(),
      });
      // A kicked member loses the standings here before the answer; other instances hear it on commit.
      fastify.leagueMemberships.forgetLeague(leagueId);
      if (membersChanged) fastify.standings.requestRefresh();
      const member = await readLeagueMember(fastify.db, leagueId, memberId, user.id);
      if (!member) throw new AppError('INTERNAL', { message: 'The changed member has gone' });
      return member;
    },
  );

  fastify.post(
    '/api/leagues/:leagueId/admin',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['leagues'],
        summary: 'Hand the league over to another approved member, by e-mail (admin)',
        params: leagueIdParamsSchema,
        body: changeLeagueAdminInputSchema,
        response: { 200: leagueDetailSchema },
      },
    },
    async (request) => {
      const user = await fastify.requireUser(request);
      const { leagueId } = request.params;
      await changeLeagueAdmin({
        db: fastify.db,
        leagueId,
        adminId: user.id,
        email: request.body.email,
        now: fastify.clock(),
      });
      return detailFor(leagueId, user.id);
    },
  );

  fastify.delete(
    '/api/leagues/:leagueId',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['leagues'],
        summary: 'Delete the league with its memberships and standings (admin)',
        params: leagueIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = await fastify.requireUser(request);
      await deleteLeague({ db: fastify.db, leagueId: request.params.leagueId, userId: user.id });
      fastify.leagueMemberships.forgetLeague(request.params.leagueId);
      fastify.standings.requestRefresh();
      return reply.status(204).send(null);
    },
  );
};

export default manageLeagueRoutes;
