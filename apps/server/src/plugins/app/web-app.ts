import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { AppErrorBody } from '@hit21/core';
import { getSessionCookie } from 'better-auth/cookies';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requestHeaders } from '../external/auth.ts';

/** What Vite writes where a nonce goes (`html.cspNonce` in apps/web/vite.config.ts). */
const CSP_NONCE_PLACEHOLDER = 'HIT21_CSP_NONCE';

/** What index.html carries where the server writes PUBLIC_URL (invite links are built on it). */
const PUBLIC_URL_PLACEHOLDER = 'HIT21_PUBLIC_URL';

/**
 * Headers that govern a document (what it may load, frame or ask of the browser), tell a
 * client its rate-limit budget or name the request. A hashed script, stylesheet or font is no
 * document, and a page loads dozens of them: on a phone these ~1 KB per response cost more
 * than many a file itself.
 * nosniff, the resource policy and HSTS stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'permissions-policy',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'x-request-id',
  // Never revalidated (immutable): the ETag alone names the version.
  'last-modified',
] as const;

/** The build's hashed subresources (not its SVG images, which a browser may open as a document). */
const HASHED_SUBRESOURCE = /^\/assets\/[^/?]+\.(?:js|css|woff2)(?:\?|$)/;

/**
 * What the app's page carries where the server says whether the request came with a session
 * cookie ("present" or "absent"; whether the session is still valid is for the API to say): a
 * visitor's first page then need not ask the API for a profile only to be told 401.
 */
const SESSION_HINT_PLACEHOLDER = 'HIT21_SESSION_HINT';

/** The build's landing page prerendered for visitors (apps/web/vite.config.ts). */
const LANDING_PAGE_FILE = 'landing.html';

/** The app's page as it carries a page the server drew (apps/web/vite.config.ts). */
const DRAWN_PAGE_FILE = 'drawn-page.html';

/**
 * The app as the server draws it, built beside the web build, in the folder named after it
 * with "-server" (apps/web/vite.config.ts).
 */
const SERVER_RENDERER_FILE = 'render-page.js';

/** What apps/web/src/server-render/render-page.tsx exports. */
interface PageRenderer {
  setApiTransport(transport: (url: string, init: RequestInit) => Promise<Response>): void;
  renderPage(
    url: string,
    options: { publicUrl: string; hasSessionCookie: boolean },
  ): Promise<{ appHtml: string; hydration: string; title: string; styleAttributes: string[] } | null>;
}

/** Whose page is being drawn, by which server: its API requests are that reader's own. */
const renderingFor = new AsyncLocalStorage<{ app: FastifyInstance; address: string; cookie?: string }>();

/**
 * The API requests of a page drawn on the server, answered in-process (no socket) as the
 * reader's own: from their address, with their cookies (a visitor has none).
 */
async function answerInProcess(url: string, init: RequestInit): Promise<Response> {
  const reader = renderingFor.getStore();
  if (!reader) throw new Error(`${url} was asked for outside a page being drawn`);
  const headers = Object.fromEntries(new Headers(init.headers));
  if (reader.cookie) headers.cookie = reader.cookie;
  const answer = await reader.app.inject({
    method: (init.method ?? 'GET') as 'GET',
    url,
    headers,
    payload: typeof init.body === 'string' ? init.body : undefined,
    remoteAddress: reader.address,
  });
  const answerHeaders = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined) answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  const hasBody = answer.statusCode !== 204 && answer.statusCode !== 304;
  return new Response(hasBody ? answer.payload : null, { status: answer.statusCode, headers: answerHeaders });
}

/** The renderer when the build has one (a build made before it existed has not). */
async function loadRenderer(distDir: string): Promise<PageRenderer | null> {
  const file = path.join(`${path.resolve(distDir)}-server`, SERVER_RENDERER_FILE);
  if (!existsSync(file)) return null;
  const renderer = (await import(pathToFileURL(file).href)) as PageRenderer;
  renderer.setApiTransport(answerInProcess);
  return renderer;
}

/** Where the app's page leaves room for the app. */
const EMPTY_ROOT = '<div id="root"></div>';

/** A title as HTML text. */
function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** PUBLIC_URL as an HTML attribute value: a validated URL, escaped all the same. */
function attributeValue(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/**
 * The page with this response's style nonce (libraries that add a <style> element at run time,
 * Radix's scroll lock, read it from <meta property="csp-nonce">, so styles need no
 * 'unsafe-inline') and the session hint.
 */
function pageFor(html: string, hasSessionCookie: boolean, reply: FastifyReply): string {
  return html
    .replaceAll(CSP_NONCE_PLACEHOLDER, reply.cspNonce.style)
    .replaceAll(SESSION_HINT_PLACEHOLDER, hasSessionCookie ? 'present' : 'absent');
}

/**
 * Lets the browser apply the style attributes of a page drawn for this response, and no other:
 * each by its hash (CSP level 3), in a directive of its own, so `style-src` still refuses any
 * inline style it was not given a nonce for. Without them the page would be drawn unstyled in
 * places (a bar's height, a hidden field shown), and React, taking it over, does not set them.
 */
function allowStyleAttributes(reply: FastifyReply, styleAttributes: string[]): void {
  const policy = reply.getHeader('content-security-policy');
  if (styleAttributes.length === 0 || typeof policy !== 'string') return;
  const hashes = styleAttributes.map(
    (value) => `'sha256-${createHash('sha256').update(value).digest('base64')}'`,
  );
  reply.header('content-security-policy', `${policy};style-src-attr 'unsafe-hashes' ${hashes.join(' ')}`);
}

/**
 * The page differs per response (its nonce), so it is compressed as it is sent, at settings
 * that cost well under a millisecond for its few kilobytes. @fastify/compress cannot do it: it
 * wraps routes, and the page is answered by the not-found handler.
 */
function compressPage(page: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(page, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(page);
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
    const readPage = (file: string) =>
      readFileSync(path.join(distDir, file), 'utf8').replaceAll(
        PUBLIC_URL_PLACEHOLDER,
        attributeValue(fastify.config.PUBLIC_URL),
      );
    const indexHtml = hasBuild ? readPage('index.html') : '';
    // The landing page prerendered for visitors (apps/web/vite.config.ts): no React to load.
    const landingHtml = existsSync(path.join(distDir, LANDING_PAGE_FILE))
      ? readPage(LANDING_PAGE_FILE)
      : null;
    const renderer = hasBuild ? await loadRenderer(distDir) : null;
    // The app's page for a page the server drew: its scripts asked for once it has painted.
    const drawnPageHtml = existsSync(path.join(distDir, DRAWN_PAGE_FILE))
      ? readPage(DRAWN_PAGE_FILE)
      : indexHtml;

    /**
     * The page drawn on the server into the app's page, or the app's page as it is when it
     * cannot be (the app then draws it in the browser).
     */
    async function appPage(request: FastifyRequest, reply: FastifyReply, hasSessionCookie: boolean) {
      const drawn =
        renderer && request.method === 'GET' ? await drawPage(renderer, request, hasSessionCookie) : null;
      if (!drawn) return pageFor(indexHtml, hasSessionCookie, reply);
      allowStyleAttributes(reply, drawn.styleAttributes);
      return pageFor(drawnPageHtml, hasSessionCookie, reply)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(drawn.title)}</title>`)
        .replace(EMPTY_ROOT, `<div id="root">${drawn.appHtml}</div>${drawn.hydration}`);
    }

    async function drawPage(renderer: PageRenderer, request: FastifyRequest, hasSessionCookie: boolean) {
      try {
        const url = new URL(request.url, fastify.config.PUBLIC_URL).href;
        const reader = { app: fastify, address: request.ip, cookie: request.headers.cookie };
        return await renderingFor.run(reader, () =>
          renderer.renderPage(url, { publicUrl: fastify.config.PUBLIC_URL, hasSessionCookie }),
        );
      } catch (error) {
        request.log.error({ err: error }, 'Drawing a page failed; the app draws it instead');
        return null;
      }
    }

    if (hasBuild) {
      await fastify.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        // index.html is answered below, with this response's CSP nonce. Source maps stay on
        // the machine that built the app.
        globIgnore: ['index.html', LANDING_PAGE_FILE, DRAWN_PAGE_FILE, '**/*.map'],
        // The build writes a .br and a .gz beside each text file (apps/web/vite.config.ts).
        preCompressed: true,
        // Hashed build assets never change; everything else is revalidated.
        setHeaders: (response, filePath) => {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          response.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
      fastify.addHook('onSend', async (request, reply) => {
        if (reply.statusCode === 200 && HASHED_SUBRESOURCE.test(request.url)) {
          for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
        }
      });
    } else {
      fastify.log.warn(`No web build at ${distDir}: run npm run build to serve the app`);
    }

    fastify.setNotFoundHandler({ preHandler: fastify.rateLimit() }, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isPagePath = !pathname.startsWith('/api/') && !path.extname(pathname);
      // A drawn page's form sent by the browser itself before the app took the page over: the
      // forms that carry what a player types are POST, so it never lands in the address (or a
      // log). Back to the page, now with the app running; what was sent is not read. Leading
      // slashes are one, so "//elsewhere" cannot send the browser to another site.
      if (request.method === 'POST' && isPagePath && hasBuild) {
        return reply.redirect(request.url.replace(/^[/\\]+/, '/'), 303);
      }
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && isPagePath;
      if (isPage && hasBuild) {
        const hasSessionCookie = Boolean(getSessionCookie(requestHeaders(request)));
        // A visitor on / gets the prerendered landing page; every other page comes drawn for
        // its reader, the player's own with their data in it (e-mail, date of birth): never
        // stored by any cache, the browser's included, as the API's answers are not.
        const html =
          !hasSessionCookie && pathname === '/' && landingHtml
            ? pageFor(landingHtml, false, reply)
            : await appPage(request, reply, hasSessionCookie);
        const page = Buffer.from(html);
        reply
          .header('cache-control', hasSessionCookie ? 'private, no-store' : 'no-cache')
          .header('vary', 'accept-encoding, cookie')
          .type('text/html');
        const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
        if (!encoding) return reply.send(page);
        return reply.header('content-encoding', encoding).send(compressPage(page, encoding));
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
