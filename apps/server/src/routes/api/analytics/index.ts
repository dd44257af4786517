import { ANALYTICS_LIMITS, analyticsEventInputSchema } from '@hit21/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAnalyticsEvent } from '../../../plugins/app/analytics/analytics-repository.ts';

const analyticsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  // sendBeacon posts JSON as text/plain; accept it so page views survive navigation away.
  fastify.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('Body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });

  fastify.post(
    '/api/analytics/events',
    {
      // An event is small; refuse a big body before parsing it (413).
      bodyLimit: ANALYTICS_LIMITS.bodyBytes,
      schema: {
        tags: ['analytics'],
        summary: 'Record a first-party analytics event (page views and the product events)',
        body: analyticsEventInputSchema,
        response: { 202: z.object({ recorded: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      // Signed-in visitors' events carry their id; signed-out ones stay anonymous.
      const signedInUser = await fastify.requireUser(request).catch(() => undefined);
      await recordAnalyticsEvent(fastify.db, { ...request.body, userId: signedInUser?.id });
      return reply.status(202).send({ recorded: true });
    },
  );
};

export default analyticsRoutes;
