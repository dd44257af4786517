import { desc } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { mailOutbox } from '../../db/schema/index.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => match[0]);

/**
 * The development outbox: every e-mail the product wrote, newest first. Registered only
 * outside production (app.ts), so it does not exist there at all.
 */
const devMailboxRoutes: FastifyPluginAsync = async (fastify) => {
  const latest = () => fastify.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(200);

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
      .type('text/html')
      .send(`<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Mailbox | Hit21 (development)</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1c1917}article{border:1px solid #d6d3d1;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;font:inherit}.meta{color:#57534e;font-size:.875rem}a{color:#15803d}</style></head>
<body><h1>Development mailbox</h1><p>${mails.length === 0 ? 'No e-mail yet.' : `${mails.length} message(s), newest first.`}</p>${items}</body></html>`);
  });
};

export default devMailboxRoutes;
