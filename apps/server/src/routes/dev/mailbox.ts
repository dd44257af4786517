import { createHash } from 'node:crypto';
import type { AppErrorBody } from '@hit21/core';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { listLatestMails } from '../../plugins/app/mail/mail-outbox-repository.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => match[0]);

const MAILBOX_STYLE =
  'body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1c1917}article{border:1px solid #d6d3d1;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;font:inherit}.meta{color:#57534e;font-size:.875rem}a{color:#15803d}';
/** The page's one inline stylesheet is allowed by its hash; nothing else inline runs. */
const MAILBOX_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(MAILBOX_STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** Headers a proxy adds: a request carrying one came from elsewhere, whatever the socket says. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * Whether the request comes from this machine: the TCP peer is a loopback address (never a
 * header a client can write) and no proxy on this machine forwarded it.
 */
export function isFromThisMachine(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? '';
  const isLoopback = peer === '::1' || /^(::ffff:)?127\./.test(peer);
  return isLoopback && FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

/**
 * The development outbox: every e-mail the product wrote (reset links included), newest first.
 * Registered only outside production (app.ts), and even then it answers only requests from
 * this machine; anyone else gets the same 404 as a page that does not exist.
 */
const devMailboxRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (isFromThisMachine(request)) return;
    return reply.status(404).send({
      code: 'NOT_FOUND',
      message: `${request.method} ${request.url.split('?')[0]} not found`,
      userMessage: 'Not found.',
    } satisfies AppErrorBody);
  });

  const latest = () => listLatestMails(fastify.db, 200);

  fastify.get('/dev/mailbox/messages', { schema: { hide: true } }, async () =>
    (await latest()).map((mail) => ({
      id: mail.id,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      links: linksIn(mail.text),
      status: mail.status,
      createdAt: mail.createdAt.toISOString(),
    })),
  );

  fastify.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const mails = await latest();
    const items = mails
      .map((mail) => {
        const text = escapeHtml(mail.text).replace(
          /https?:\/\/[^\s"'<>]+/g,
          (url) => `<a href="${url}">${url}</a>`,
        );
        return `<article><h2>${escapeHtml(mail.subject)}</h2><p class="meta">To ${escapeHtml(mail.to)} · ${mail.createdAt.toISOString()} · ${mail.status}</p><pre>${text}</pre></article>`;
      })
      .join('');
    return reply
      .header('content-security-policy', MAILBOX_CSP)
      .type('text/html')
      .send(`<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Mailbox | Hit21 (development)</title>
<style>${MAILBOX_STYLE}</style></head>
<body><h1>Development mailbox</h1><p>${mails.length === 0 ? 'No e-mail yet.' : `${mails.length} message(s), newest first.`}</p>${items}</body></html>`);
  });
};

export default devMailboxRoutes;
