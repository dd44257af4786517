import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createReadinessCheck, NOT_READY_REASONS } from '../../../plugins/app/health/readiness.ts';

const databaseStatusSchema = z.object({
  engine: z.enum(['pglite', 'postgres']),
  reachable: z.boolean(),
  /** The newest migration applied; `unknown (…)` when a newer release applied it. */
  schemaVersion: z.string().nullable(),
  /** The newest migration of this server's code. */
  expectedSchemaVersion: z.string().nullable(),
});
const seasonStatusSchema = z.object({ id: z.string().nullable() });

const readinessSchema = {
  tags: ['health'],
  response: {
    200: z.object({ status: z.literal('ok'), database: databaseStatusSchema, season: seasonStatusSchema }),
    503: z.object({
      status: z.literal('unavailable'),
      reason: z.enum(NOT_READY_REASONS),
      message: z.string(),
      database: databaseStatusSchema,
      season: seasonStatusSchema,
    }),
  },
};

/**
 * Probes for a load balancer or an orchestrator: liveness (the process answers) and readiness
 * (it can serve players). A probe must never be refused for coming too often: these routes are
 * outside the API rate limit; the readiness check shares one run among concurrent probes.
 */
const healthRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const checkReadiness = createReadinessCheck(fastify);

  fastify.get(
    '/api/health/live',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the server process answers (never touches the database)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  for (const [url, summary] of [
    ['/api/health/ready', 'Readiness: the database answers, is fully migrated and holds the season'],
    ['/api/health', 'Readiness, as /api/health/ready (kept for existing probes)'],
  ] as const) {
    fastify.get(
      url,
      { config: { rateLimit: false }, schema: { ...readinessSchema, summary } },
      async (_request, reply) => {
        const readiness = await checkReadiness();
        return readiness.status === 'ok' ? readiness : reply.status(503).send(readiness);
      },
    );
  }
};

export default healthRoutes;
