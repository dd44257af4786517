import type { AddressInfo } from 'node:net';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { AppError, type AppErrorBody } from '@hit21/core';
import fp from 'fastify-plugin';
import helmetHeaders from 'helmet';
import { preferredOrigin, trustedOrigins } from '../../config/trusted-origins.ts';
import { isDatabaseUnreachableError } from '../../db/database-errors.ts';
import { createSharedRequestCounts } from '../app/rate-limits/shared-request-counts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The origins whose pages may make changes (config/trusted-origins.ts). */
    trustedOrigins(): string[];
  }
}

/** The refusal past the API rate limit, with the real wait (Retry-After's whole seconds). */
export function tooManyRequestsMessage(secondsLeft: number): string {
  const seconds = Math.max(1, Math.ceil(secondsLeft));
  return `Too many requests. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
}

/** Browser features the product never uses, switched off for its pages and anything they embed. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'browsing-topics=()',
].join(', ');

/**
 * Security headers, the origin check of state-changing requests, and a global per-client
 * rate limit.
 */
export const securityPlugin = fp(
  async (fastify) => {
    const { config } = fastify;
    const contentSecurityPolicy = {
      directives: {
        // The web app loads only its own scripts, styles, fonts and images: no inline styles
        // other than those carrying the response's nonce.
        // Both named: with nonces on, @fastify/helmet builds these two from what is given here.
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'upgrade-insecure-requests': config.NODE_ENV === 'production' ? [] : null,
      },
    };
    // API answers are JSON, never a page, so they have no use for a nonce: they get the same
    // headers from one middleware built here. With nonces, @fastify/helmet builds helmet anew
    // for every response (two random nonces, the policy parsed again), a tenth of the server's
    // time on a board page kept in memory. Added before it, so that it sees the routes marked.
    const apiHeaders = helmetHeaders({ contentSecurityPolicy });
    fastify.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/') && route.helmet === undefined) route.helmet = false;
    });
    fastify.addHook('onRequest', (request, reply, done) => {
      if (!request.routeOptions.url?.startsWith('/api/')) return done();
      apiHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
    });
    await fastify.register(helmet, {
      // A fresh nonce per response: the web app's page hands it to libraries that add <style>.
      enableCSPNonces: true,
      contentSecurityPolicy,
    });

    fastify.addHook('onSend', async (request, reply) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      // API answers depend on who asks (the session) or change at any moment: never stored by
      // a browser or a shared cache. A route that is safe to cache says so itself.
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
    });

    // Behind a proxy that is not named in TRUST_PROXY every client looks like the proxy and
    // shares its per-client limits: say so once, to whoever runs the server.
    if (config.TRUST_PROXY === false) {
      let hasWarned = false;
      fastify.addHook('onRequest', async (request) => {
        if (hasWarned || request.headers['x-forwarded-for'] === undefined) return;
        hasWarned = true;
        request.log.warn(
          'A request came with X-Forwarded-For but TRUST_PROXY is not set: the header is ignored. Behind a proxy, set TRUST_PROXY to its address or hop count, or every client shares its limits.',
        );
      });
    }

    // State-changing requests from a page of another origin are refused; better-auth's own
    // check reads the same list through `fastify.trustedOrigins`. The list depends on the port
    // really listened on (PORT=0).
    const listeningPort = () => (fastify.server.address() as AddressInfo | null)?.port ?? config.PORT;
    let allowed: { port: number; origins: Set<string> } | undefined;
    const allowedOrigins = () => {
      const port = listeningPort();
      if (allowed?.port !== port) allowed = { port, origins: new Set(trustedOrigins(config, port)) };
      return allowed.origins;
    };
    fastify.decorate('trustedOrigins', () => [...allowedOrigins()]);
    const refusedOrigins = new Set<string>();
    const openAt = preferredOrigin(config);

    fastify.addHook('onRequest', async (request) => {
      if (['GET', 'HEAD', 'OPTIONS'].includes(request.method) || !request.url.startsWith('/api/')) return;
      const origin = request.headers.origin;
      const isForeign = origin
        ? !allowedOrigins().has(origin)
        : request.headers['sec-fetch-site'] === 'cross-site';
      if (!isForeign) return;
      const from = origin ?? 'an unknown origin';
      // Once per origin: a page at a wrong address repeats its refused requests.
      if (!refusedOrigins.has(from) && refusedOrigins.size < 1000) {
        refusedOrigins.add(from);
        request.log.warn(
          `Refused a change from ${from}: not a trusted origin (open the product at ${openAt}, or add the origin to TRUSTED_ORIGINS)`,
        );
      }
      throw new AppError('FORBIDDEN', {
        reason: 'CROSS_SITE_REQUEST',
        message: `Cross-site ${request.method} ${request.url.split('?')[0]} from ${from}`,
        userMessage: `This address isn't allowed to make changes. Open Hit21 at ${openAt}.`,
      });
    });

    // A client that reset its connection before its request was read has no address left to
    // count it by or to answer: drop the request quietly, before the limits below look for one.
    fastify.addHook('onRequest', async (request, reply) => {
      if (!request.raw.socket.destroyed && request.ip !== undefined) return;
      request.log.debug('The client went away before its request was served');
      reply.hijack();
      request.raw.destroy();
    });

    // Counted across instances on PostgreSQL; the embedded database has one instance.
    const sharedCounts =
      fastify.database.engine === 'postgres'
        ? createSharedRequestCounts(fastify.db, {
            onSyncError: (error) => {
              // The outage tracker says once that the database is gone; anything else each time.
              if (isDatabaseUnreachableError(error)) fastify.databaseOutage?.reportUnreachable(error);
              else fastify.log.error({ err: error }, 'The request counts could not be shared');
            },
          })
        : undefined;
    if (sharedCounts) fastify.addHook('onClose', () => sharedCounts.close());
    await fastify.register(rateLimit, {
      global: true,
      ...(sharedCounts ? { store: sharedCounts.Store } : {}),
      max: config.RATE_LIMIT_MAX,
      // The build's hashed files (routes of their own, plugins/app/web-app.ts) are not counted: a
      // first visit pulls some 40 of them, and several people behind one address would soon run
      // out. A path under /assets that is no file meets the not-found handler, which is counted.
      allowList: (request) => request.routeOptions.url?.startsWith('/assets/') === true,
      timeWindow: '1 minute',
      errorResponseBuilder: (_request, context) => {
        // context.ttl is what is left of the window in ms; Retry-After says the same, rounded up.
        const message = tooManyRequestsMessage(context.ttl / 1000);
        return {
          statusCode: context.statusCode,
          code: 'RATE_LIMITED',
          message,
          userMessage: message,
        } satisfies AppErrorBody & { statusCode: number };
      },
    });
  },
  { name: 'security', dependencies: ['config', 'db'] },
);
