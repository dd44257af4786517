import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ZodType, z } from 'zod';

/** A board page's JSON as the route's schema writes it, and its ETag. */
interface SerializedPage {
  json: string;
  etag: string;
}

/**
 * Answers kept per answer object: a page every viewer shares is one object for as long as the
 * board cache holds it (list-leaderboard.ts), so its JSON and digest are made once, not per
 * request; they go when the object does.
 */
const serializedPages = new WeakMap<object, SerializedPage>();

/**
 * The answer's JSON, written as the route's serializer would (the schema's encoding, which
 * checks it), and its strong ETag: a digest of those bytes, so it changes with the board
 * version, the query and everything of the viewer's in it (their row, picks, pending notice).
 */
export function serializeBoardPage(body: object, schema: ZodType): SerializedPage {
  const known = serializedPages.get(body);
  if (known) return known;
  const json = JSON.stringify(z.encode(schema, body));
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
  const serialized = { json, etag };
  serializedPages.set(body, serialized);
  return serialized;
}

/**
 * Answers a board page with its ETag: 304 without a body when the browser holds it already
 * (`If-None-Match`), the page's JSON otherwise. The browser keeps it for this reader only
 * (`private`, `Vary: Cookie`) and asks again each time (`no-cache`), so a new board or a change
 * of the viewer's shows at once.
 */
export function replyWithBoardPage(
  request: FastifyRequest,
  reply: FastifyReply,
  body: object,
  schema: ZodType,
): FastifyReply {
  const { json, etag } = serializeBoardPage(body, schema);
  reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'cookie');
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  // A string with a JSON type goes out as it is: the schema has checked it already.
  return reply.type('application/json; charset=utf-8').send(json);
}

/** RFC 9110 13.1.2: `*`, or any listed tag equal by weak comparison. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
