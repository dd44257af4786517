import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pingDatabase } from '../health/health-repository.ts';

/** How often a server that lost its database checks whether it is back. */
const PROBE_INTERVAL_MS = 5_000;

export interface DatabaseOutage {
  readonly isDown: boolean;
  /** The database could not be reached: the first report of an outage is logged, the rest are not. */
  reportUnreachable(error: unknown): void;
  /** The database answered: ends an outage, logged once. */
  reportReachable(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    databaseOutage: DatabaseOutage;
  }
}

/**
 * Tracks whether the database is reachable, so an outage is logged once when it starts and
 * once when it ends, however many requests fail in between. While it lasts, a probe checks
 * every few seconds whether the database is back.
 */
export const databaseOutagePlugin = fp(
  async (fastify: FastifyInstance) => {
    let isDown = false;
    let probe: NodeJS.Timeout | undefined;

    const outage: DatabaseOutage = {
      get isDown() {
        return isDown;
      },
      reportUnreachable(error) {
        if (isDown) return;
        isDown = true;
        fastify.log.error({ err: error }, 'Database unreachable: requests get 503 until it is back');
        probe = setInterval(() => {
          pingDatabase(fastify.db).then(
            () => outage.reportReachable(),
            () => {},
          );
        }, PROBE_INTERVAL_MS);
        probe.unref();
      },
      reportReachable() {
        if (!isDown) return;
        isDown = false;
        clearInterval(probe);
        fastify.log.info('Database reachable again');
      },
    };

    fastify.decorate('databaseOutage', outage);
    fastify.addHook('onClose', async () => clearInterval(probe));
  },
  { name: 'database-outage', dependencies: ['db'] },
);
