import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteAccount } from '../../../plugins/app/accounts/delete-account.ts';
import { requestHeaders } from '../../../plugins/external/auth.ts';

const deleteAccountRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    '/api/deleteAccount',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['accounts'],
        summary:
          'Delete the signed-in account and everything that belongs to it (the only way to delete one)',
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const user = await fastify.requireUser(request);
      await deleteAccount(fastify.db, user, fastify.clock());
      // Its sessions and its rows on the boards are gone: so are this instance's copies.
      fastify.accountChanges.announce(user.id, { isDeleted: true });
      await fastify.mailingList.unsubscribe({ email: user.email });
      // The sessions went with the user; better-auth's sign-out expires its cookies under the
      // names it uses (`__Secure-` prefixed in production).
      const signOut = await fastify.auth.api.signOut({ headers: requestHeaders(request), asResponse: true });
      const cookies = signOut.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return { success: true as const };
    },
  );
};

export default deleteAccountRoutes;
