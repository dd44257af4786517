import {
  AppError,
  maskEmail,
  UNSUBSCRIBE_MESSAGES,
  unsubscribeResultSchema,
  unsubscribeTokenSchema,
} from '@hit21/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optOutOfReminders } from '../../../plugins/app/mail/unsubscribe-repository.ts';
import { verifyUnsubscribeToken } from '../../../plugins/app/mail/unsubscribe-token.ts';
import { assertWithinAccountRateLimit } from '../../../plugins/app/rate-limits/account-rate-limit.ts';

const FORM_BODY_LIMIT = 1024;

const invalidLink = (message: string, userMessage: string = UNSUBSCRIBE_MESSAGES.invalidLink) =>
  new AppError('INVALID_REQUEST', { reason: 'INVALID_UNSUBSCRIBE_LINK', message, userMessage });

/**
 * One-click unsubscribe from the deadline reminders, without a session: the signed token of
 * the e-mail's link names the player. Mail clients POST the RFC 8058 form body
 * (`List-Unsubscribe=One-Click`, token in the query); the unsubscribe page POSTs JSON {token}.
 */
const unsubscribeRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (fastify, { secret }) => {
  // Form bodies only here (this plugin's scope): what RFC 8058 clients send.
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  fastify.post(
    '/api/mail/unsubscribe',
    {
      schema: {
        tags: ['mail'],
        summary: 'Stop the deadline reminders of the player an e-mail link was signed for',
        querystring: z.object({ token: unsubscribeTokenSchema.optional() }),
        body: z
          .object({
            token: unsubscribeTokenSchema.optional(),
            'List-Unsubscribe': z.literal('One-Click').optional(),
          })
          .nullish(),
        response: { 200: unsubscribeResultSchema },
      },
    },
    async (request) => {
      await assertWithinAccountRateLimit({
        db: fastify.db,
        action: 'unsubscribe',
        clientIp: request.ip,
        limits: {
          perClient: fastify.config.ACCOUNT_RATE_LIMIT_PER_CLIENT,
          perAddress: fastify.config.ACCOUNT_RATE_LIMIT_PER_ADDRESS,
        },
      });
      const token = request.body?.token ?? request.query.token;
      if (!token) throw invalidLink('No unsubscribe token given');
      const userId = verifyUnsubscribeToken(secret, token);
      if (!userId) throw invalidLink('Unsubscribe token with a wrong signature');
      const email = await optOutOfReminders(fastify.db, userId);
      if (!email)
        throw invalidLink('Unsubscribe token of a deleted account', UNSUBSCRIBE_MESSAGES.accountGone);
      await fastify.mailingList.unsubscribe({ email });
      request.log.info({ userId }, 'Unsubscribed from deadline reminders by e-mail link');
      return { maskedEmail: maskEmail(email) };
    },
  );
};

export default unsubscribeRoutes;
