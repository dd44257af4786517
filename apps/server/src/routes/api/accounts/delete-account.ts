import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteAccount } from '../../../plugins/app/accounts/delete-account.ts';

const deleteAccountRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    '/api/deleteAccount',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'Delete the signed-in account and everything that belongs to it',
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const user = await fastify.requireUser(request);
      await deleteAccount(fastify.db, user);
      await fastify.mailingList.unsubscribe({ email: user.email });
      // The session row is gone with the user; clear the cookie too.
      reply.header(
        'set-cookie',
        ['better-auth.session_token', 'better-auth.session_data'].map(
          (name) => `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`,
        ),
      );
      return { success: true as const };
    },
  );
};

export default deleteAccountRoutes;
