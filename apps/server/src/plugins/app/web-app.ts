import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { AppErrorBody } from '@hit21/core';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** What Vite writes where a nonce goes (`html.cspNonce` in apps/web/vite.config.ts). */
const CSP_NONCE_PLACEHOLDER = 'HIT21_CSP_NONCE';

/** What index.html carries where the server writes PUBLIC_URL (invite links are built on it). */
const PUBLIC_URL_PLACEHOLDER = 'HIT21_PUBLIC_URL';

/** PUBLIC_URL as an HTML attribute value: a validated URL, escaped all the same. */
function attributeValue(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/**
 * The page with this response's style nonce: libraries that add a <style> element at run time
 * (Radix's scroll lock) read it from <meta property="csp-nonce">, so styles need no 'unsafe-inline'.
 */
function withNonce(html: string, reply: FastifyReply): string {
  return html.replaceAll(CSP_NONCE_PLACEHOLDER, reply.cspNonce.style);
}

/**
 * Serves the built single-page app with history fallback: any GET for a page path (no file
 * extension, not under /api) answers index.html so deep links load the app. Unknown API
 * paths and missing files answer a JSON 404. The not-found handler is rate-limited so it
 * cannot be used to probe cheaply.
 */
export const webAppPlugin = fp(
  async (fastify) => {
    const distDir = fastify.config.WEB_DIST_DIR;
    const hasBuild = existsSync(path.join(distDir, 'index.html'));
    const indexHtml = hasBuild
      ? readFileSync(path.join(distDir, 'index.html'), 'utf8').replaceAll(
          PUBLIC_URL_PLACEHOLDER,
          attributeValue(fastify.config.PUBLIC_URL),
        )
      : '';
    if (hasBuild) {
      await fastify.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        // index.html is answered below, with this response's CSP nonce.
        globIgnore: ['index.html'],
        // Hashed build assets never change; everything else is revalidated.
        setHeaders: (response, filePath) => {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          response.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    } else {
      fastify.log.warn(`No web build at ${distDir}: run npm run build to serve the app`);
    }

    fastify.setNotFoundHandler({ preHandler: fastify.rateLimit() }, (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !pathname.startsWith('/api/') &&
        !path.extname(pathname);
      if (isPage && hasBuild) {
        return reply.header('cache-control', 'no-cache').type('text/html').send(withNonce(indexHtml, reply));
      }
      return reply.status(404).send({
        code: 'NOT_FOUND',
        message: `${request.method} ${pathname} not found`,
        userMessage: 'Not found.',
      } satisfies AppErrorBody);
    });
  },
  { name: 'web-app', dependencies: ['config'] },
);
