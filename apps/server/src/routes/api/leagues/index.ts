import {
  AppError,
  createdLeagueSchema,
  createLeagueInputSchema,
  joinLeagueInputSchema,
  joinLeagueResultSchema,
  leagueCodeParamsSchema,
  leagueDetailSchema,
  leagueIdParamsSchema,
  leagueInviteSchema,
  myLeaguesSchema,
} from '@hit21/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createLeague } from '../../../plugins/app/leagues/create-league.ts';
import { joinLeague } from '../../../plugins/app/leagues/join-league.ts';
import { dismissHandoverNotice, leaveLeague } from '../../../plugins/app/leagues/leave-league.ts';
import {
  listMyLeagueSummaries,
  readLeagueDetail,
  readLeagueInvite,
} from '../../../plugins/app/leagues/list-my-leagues.ts';

/** A player's own side of mini-leagues: their leagues, creating, the invite, joining, leaving. */
const leagueRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/api/leagues',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['leagues'],
        summary: "The signed-in player's leagues: every membership, newest first (at most 100)",
        response: { 200: myLeaguesSchema },
      },
    },
    async (request) => {
      const user = await fastify.requireUser(request);
      return { leagues: await listMyLeagueSummaries(fastify.db, user.id) };
    },
  );

  fastify.post(
    '/api/leagues',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['leagues'],
        summary: 'Create a league of the active season, run by the signed-in player',
        body: createLeagueInputSchema,
        response: { 201: createdLeagueSchema },
      },
    },
    async (request, reply) => {
      const user = await fastify.requireUser(request);
      const season = await fastify.activeSeason.get();
      const league = await createLeague({
        db: fastify.db,
        userId: user.id,
        seasonId: season.id,
        input: request.body,
        now: fastify.clock(),
      });
      fastify.standings.requestRefresh();
      return reply.status(201).send(league);
    },
  );

  fastify.get(
    '/api/leagues/invite/:code',
    {
      schema: {
        tags: ['leagues'],
        summary: 'What an invite shows anybody with the code (never the members)',
        params: leagueCodeParamsSchema,
        response: { 200: leagueInviteSchema },
      },
    },
    async (request) => {
      const season = await fastify.activeSeason.get();
      // Signed in or not: a reader with a session is told their own refusal too.
      const reader = request.headers.cookie
        ? await fastify.requireUser(request).catch(ignoreSignedOut)
        : null;
      return readLeagueInvite({
        db: fastify.db,
        code: request.params.code,
        seasonId: season.id,
        userId: reader?.id ?? null,
        now: fastify.clock(),
      });
    },
  );

  fastify.post(
    '/api/leagues/join',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['leagues'],
        summary: 'Join a league of the active season by its code, or ask its admin to',
        body: joinLeagueInputSchema,
        response: { 200: joinLeagueResultSchema },
      },
    },
    async (request) => {
      const user = await fastify.requireUser(request);
      const season = await fastify.activeSeason.get();
      const { membersChanged, ...result } = await joinLeague({
        db: fastify.db,
        userId: user.id,
        seasonId: season.id,
        target: { code: request.body.code },
        now: fastify.clock(),
      });
      if (membersChanged) fastify.standings.requestRefresh();
      return result;
    },
  );

  fastify.post(
    '/api/leagues/:leagueId/rejoin',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['leagues'],
        summary: 'A rejected or kicked member asks to rejoin (they are not shown the code)',
        params: leagueIdParamsSchema,
        response: { 200: joinLeagueResultSchema },
      },
    },
    async (request) => {
      const user = await fastify.requireUser(request);
      const season = await fastify.activeSeason.get();
      const { membersChanged: _pending, ...result } = await joinLeague({
        db: fastify.db,
        userId: user.id,
        seasonId: season.id,
        target: { rejoinLeagueId: request.params.leagueId },
        now: fastify.clock(),
      });
      return result;
    },
  );

  fastify.get(
    '/api/leagues/:leagueId',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['leagues'],
        summary: "A league's details, for its approved members",
        params: leagueIdParamsSchema,
        response: { 200: leagueDetailSchema },
      },
    },
    async (request) => {
      const user = await fastify.requireUser(request);
      return readLeagueDetail({
        db: fastify.db,
        leagueId: request.params.leagueId,
        userId: user.id,
        activeSeason: await fastify.activeSeason.get(),
        now: fastify.clock(),
      });
    },
  );

  fastify.delete(
    '/api/leagues/:leagueId/membership',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['leagues'],
        summary: 'Leave a league, or withdraw a request (not the admin)',
        params: leagueIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = await fastify.requireUser(request);
      const { membersChanged } = await leaveLeague(
        fastify.db,
        request.params.leagueId,
        user.id,
        fastify.clock(),
      );
      // The leaver loses the standings here before the answer; other instances hear it on commit.
      fastify.leagueMemberships.forgetLeague(request.params.leagueId);
      if (membersChanged) fastify.standings.requestRefresh();
      return reply.status(204).send(null);
    },
  );

  fastify.post(
    '/api/leagues/:leagueId/handover-notice/dismiss',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['leagues'],
        summary: 'The admin has read why they became admin',
        params: leagueIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = await fastify.requireUser(request);
      await dismissHandoverNotice(fastify.db, request.params.leagueId, user.id);
      return reply.status(204).send(null);
    },
  );
};

export default leagueRoutes;

/** A missing or expired session reads as a visitor; any other failure (the database) still fails. */
function ignoreSignedOut(error: unknown): null {
  if (error instanceof AppError && error.code === 'UNAUTHENTICATED') return null;
  throw error;
}
