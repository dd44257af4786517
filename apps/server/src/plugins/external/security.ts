import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { AppErrorBody } from '@hit21/core';
import fp from 'fastify-plugin';

export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests. Please wait a moment and try again.';

/** Security headers and a global per-client rate limit. */
export const securityPlugin = fp(
  async (fastify) => {
    await fastify.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          // The web app loads only its own scripts, styles, fonts and images.
          'img-src': ["'self'", 'data:', 'blob:'],
          'upgrade-insecure-requests': fastify.config.NODE_ENV === 'production' ? [] : null,
        },
      },
    });
    await fastify.register(rateLimit, {
      global: true,
      max: fastify.config.RATE_LIMIT_MAX,
      timeWindow: '1 minute',
      errorResponseBuilder: (_request, context) =>
        ({
          statusCode: context.statusCode,
          code: 'RATE_LIMITED',
          message: `Rate limit of ${context.max} requests per ${context.after} exceeded`,
          userMessage: TOO_MANY_REQUESTS_MESSAGE,
        }) satisfies AppErrorBody & { statusCode: number },
    });
  },
  { name: 'security', dependencies: ['config'] },
);
