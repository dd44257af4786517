import fp from 'fastify-plugin';
import type { Clock } from '../../config/clock.ts';
import type { Config } from '../../config/env.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The server's only source of "now"; tests and demos pin or shift it. */
    clock: Clock;
  }
}

export const configPlugin = fp<{ config: Config; clock: Clock }>(
  async (fastify, { config, clock }) => {
    fastify.decorate('config', config);
    fastify.decorate('clock', clock);
  },
  { name: 'config' },
);
