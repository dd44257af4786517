import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readSchemaVersion } from '../../../db/schema-version.ts';

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
        await fastify.db.execute(sql`select 1`);
        const schemaVersion = (await readSchemaVersion(fastify.db)) ?? null;
        return { status: 'ok' as const, database: { engine, reachable: true, schemaVersion } };
      } catch (error) {
        request.log.warn({ err: error }, 'Health check: database unreachable');
        return reply
          .status(503)
          .send({ status: 'unavailable', database: { engine, reachable: false, schemaVersion: null } });
      }
    },
  );
};

export default healthRoutes;
