import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { AppError, type AppErrorBody } from '@hit21/core';
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
    // State-changing requests from another site are refused (better-auth checks its own routes).
    const allowedOrigins = new Set([
      new URL(fastify.config.PUBLIC_URL).origin,
      ...(fastify.config.NODE_ENV === 'development' ? ['http://localhost:5173'] : []),
    ]);
    fastify.addHook('onRequest', async (request) => {
      if (['GET', 'HEAD', 'OPTIONS'].includes(request.method) || !request.url.startsWith('/api/')) return;
      const origin = request.headers.origin;
      const isForeign = origin
        ? !allowedOrigins.has(origin)
        : request.headers['sec-fetch-site'] === 'cross-site';
      if (isForeign) {
        throw new AppError('FORBIDDEN', {
          message: `Cross-site ${request.method} ${request.url} from ${origin ?? 'unknown origin'}`,
          userMessage: 'Requests from other sites are not allowed.',
        });
      }
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
