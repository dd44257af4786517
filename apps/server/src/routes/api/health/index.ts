import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseUnreachableError } from '../../../db/database-errors.ts';
import { readSchemaVersion } from '../../../db/schema-version.ts';
import { pingDatabase } from '../../../plugins/app/health/health-repository.ts';

const databaseStatusSchema = z.object({
  engine: z.enum(['pglite', 'postgres']),
  reachable: z.boolean(),
  schemaVersion: z.string().nullable(),
});

const healthRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Whether the server and its database are up',
        response: {
          200: z.object({ status: z.literal('ok'), database: databaseStatusSchema }),
          503: z.object({ status: z.literal('unavailable'), database: databaseStatusSchema }),
        },
      },
    },
    async (request, reply) => {
      const engine = fastify.database.engine;
      try {
        await pingDatabase(fastify.db);
        const schemaVersion = (await readSchemaVersion(fastify.db)) ?? null;
        fastify.databaseOutage.reportReachable();
        return { status: 'ok' as const, database: { engine, reachable: true, schemaVersion } };
      } catch (error) {
        // An outage is logged once, by the tracker; any other fault each time.
        if (isDatabaseUnreachableError(error)) fastify.databaseOutage.reportUnreachable(error);
        else request.log.error({ err: error }, 'Health check failed');
        return reply
          .status(503)
          .send({ status: 'unavailable', database: { engine, reachable: false, schemaVersion: null } });
      }
    },
  );
};

export default healthRoutes;
