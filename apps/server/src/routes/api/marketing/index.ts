import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findOrCreateProfile, updateProfile } from '../../../plugins/app/accounts/profile-repository.ts';

const successSchema = z.object({ success: z.literal(true) });

/** The marketing e-mail preference: kept on the profile and passed to the mailing-list provider. */
const marketingRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    '/api/marketing/subscribe',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['marketing'],
        summary: 'Opt in to marketing e-mails',
        body: z
          .object({ email: z.string().max(254).optional(), name: z.string().max(100).optional() })
          .nullish(),
        response: { 200: successSchema },
      },
    },
    async (request) => {
      const user = await fastify.requireUser(request);
      const profile = await findOrCreateProfile(fastify.db, user);
      await updateProfile(fastify.db, user.id, { marketingOptIn: true });
      // Always the account's own address: a body cannot subscribe somebody else.
      const name = request.body?.name || profile.fullName || user.email.split('@')[0] || '';
      await fastify.mailingList.subscribe({ email: user.email, name });
      return { success: true as const };
    },
  );

  fastify.post(
    '/api/marketing/unsubscribe',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['marketing'],
        summary: 'Opt out of marketing e-mails',
        response: { 200: successSchema },
      },
    },
    async (request) => {
      const user = await fastify.requireUser(request);
      await findOrCreateProfile(fastify.db, user);
      await updateProfile(fastify.db, user.id, { marketingOptIn: false });
      await fastify.mailingList.unsubscribe({ email: user.email });
      return { success: true as const };
    },
  );
};

export default marketingRoutes;
