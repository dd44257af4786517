import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A board page's strong ETag: a digest of the answer's JSON, so it changes with the board
 * version, the query and everything of the viewer's in it (their row, picks, pending notice),
 * and equal tags mean equal bytes (the route's serializer is deterministic).
 */
export function boardPageEtag(body: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 32)}"`;
}

/**
 * Answers a board page with its ETag: 304 without a body when the browser holds it already
 * (`If-None-Match`), the page otherwise. The browser keeps it for this reader only
 * (`private`, `Vary: Cookie`) and asks again each time (`no-cache`), so a new board or a change
 * of the viewer's shows at once.
 */
export function replyWithBoardPage<Body>(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Body,
): Body | FastifyReply {
  const etag = boardPageEtag(body);
  reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'cookie');
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return body;
}

/** RFC 9110 13.1.2: `*`, or any listed tag equal by weak comparison. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
