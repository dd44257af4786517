import { AppError, WAITLIST_MESSAGES, waitlistCountSchema, waitlistInputSchema } from '@hit21/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertWithinAccountRateLimit } from '../../../plugins/app/rate-limits/account-rate-limit.ts';
import { addWaitlistEntry, countWaitlistEntries } from '../../../plugins/app/waitlist/waitlist-repository.ts';

const waitlistRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    '/api/waitlist',
    {
      schema: {
        tags: ['waitlist'],
        summary: 'Join the waitlist (e-mail stored trimmed and lower-cased, once)',
        body: waitlistInputSchema,
        response: { 201: waitlistCountSchema },
      },
    },
    async (request, reply) => {
      await assertWithinAccountRateLimit({
        db: fastify.db,
        action: 'waitlist',
        clientIp: request.ip,
        email: request.body.email,
        limits: {
          perClient: fastify.config.ACCOUNT_RATE_LIMIT_PER_CLIENT,
          perAddress: fastify.config.ACCOUNT_RATE_LIMIT_PER_ADDRESS,
        },
      });
      const isAdded = await addWaitlistEntry(fastify.db, request.body);
      if (!isAdded) {
        throw new AppError('CONFLICT', {
          reason: 'ALREADY_ON_WAITLIST',
          message: `${request.body.email} is already on the waitlist`,
          userMessage: WAITLIST_MESSAGES.duplicate,
        });
      }
      return reply.status(201).send({ count: await countWaitlistEntries(fastify.db) });
    },
  );

  fastify.get(
    '/api/waitlist/count',
    {
      schema: {
        tags: ['waitlist'],
        summary: 'How many are on the waitlist',
        response: { 200: waitlistCountSchema },
      },
    },
    async () => ({ count: await countWaitlistEntries(fastify.db) }),
  );
};

export default waitlistRoutes;
