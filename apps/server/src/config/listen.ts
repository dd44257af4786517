import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from './env.ts';

/** Hosts that take IPv4 connections only, where a development server adds the IPv6 loopback. */
const IPV4_ONLY_HOSTS = new Set(['0.0.0.0', '127.0.0.1']);
const IPV6_LOOPBACK = '::1';

/**
 * Listens where HOST and PORT say. A development server on an IPv4 host (the default 0.0.0.0,
 * or 127.0.0.1) also listens on [::1] at the same port, as the README promises: `localhost`
 * resolves to ::1 first on many machines. Only the loopback is added, so nothing becomes
 * reachable from another machine. Answers the main address, as `app.listen` does.
 */
export async function listenAsConfigured(app: FastifyInstance, config: Config): Promise<string> {
  const address = await app.listen({ host: config.HOST, port: config.PORT });
  if (config.NODE_ENV !== 'production' && IPV4_ONLY_HOSTS.has(config.HOST)) {
    await listenAlsoOn(app, IPV6_LOOPBACK);
  }
  return address;
}

/**
 * A second server at `host` and the main server's port, handing its requests to the same
 * Fastify handler (as Fastify itself does for `localhost`), closed with the main server. A host that
 * cannot be bound (no IPv6 on the machine, the port taken there) is a warning, not a failure.
 */
async function listenAlsoOn(app: FastifyInstance, host: string): Promise<void> {
  const main = app.server;
  const [handler] = main.listeners('request') as RequestListener[];
  if (!handler) return;
  const server: Server = createServer(handler);
  server.keepAliveTimeout = main.keepAliveTimeout;
  server.requestTimeout = main.requestTimeout;
  server.headersTimeout = main.headersTimeout;
  server.timeout = main.timeout;
  for (const listener of main.listeners('clientError'))
    server.on('clientError', listener as (...args: unknown[]) => void);
  const port = (main.address() as AddressInfo).port;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host, port }, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    app.log.warn({ err: error }, `Not listening on [${host}]:${port} as well`);
    return;
  }
  // As Fastify does for its own extra bindings: closed with the main server (whose preClose
  // already ended the streams on both), idle keep-alive connections included.
  main.once('close', () => {
    server.close();
    server.closeIdleConnections();
  });
}
