import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ZodType, z } from 'zod';

/** A board page's JSON as the route's schema writes it, and its ETag. */
interface SerializedPage {
  json: string;
  etag: string;
  /** The JSON compressed, made the first time a browser accepts the encoding. */
  compressed?: Partial<Record<PageEncoding, Buffer>>;
  /** Built for one viewer (their own row in it): compressed at brotli's quickest. */
  isForOneViewer?: boolean;
}

type PageEncoding = 'br' | 'gzip';
/** Smaller answers go out as they are (as @fastify/compress's threshold leaves them). */
const COMPRESS_FROM_BYTES = 1024;

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
  const serialized = { json, etag: etagOf(json) };
  serializedPages.set(body, serialized);
  return serialized;
}

/** Shared answers as their schema encodes them, once a viewer's own row was put in one. */
const encodedPages = new WeakMap<object, { rows: readonly unknown[] }>();

/**
 * The last answer made from each shared answer with a viewer's own row in it, and the row's
 * place and picks it was made with: a viewer asking again (Show Me Only's page is theirs alone)
 * gets the same object, so its JSON, ETag and compressed forms are not made again. One per shared
 * answer, counted with its page by the board cache's bound (`keptPageBytes`).
 */
const lastOwnRowAnswers = new WeakMap<object, { index: number; picks: unknown; answer: object }>();

/**
 * The answer to a page that holds the viewer's own row: `shared` (what every other viewer of the
 * page gets) with its row at `index` replaced by `ownRow`, whose picks are the object kept with
 * the viewer's place (board-cache.ts), the same until the board or their squad changes. Its
 * JSON and ETag are made now and kept with it for `replyWithBoardPage`: the other rows come from
 * `shared` as its schema encoded them once, and only the own row is checked here, by `rowSchema`.
 * The same bytes as encoding the whole answer, for a fraction of the work (figures:
 * docs/benchmarks/board-cache.md).
 */
export function withOwnRow<Page extends { rows: readonly { picks?: unknown }[] }>(
  shared: Page,
  index: number,
  ownRow: Page['rows'][number],
  schema: ZodType,
  rowSchema: ZodType,
): Page {
  const { picks } = ownRow;
  const last = lastOwnRowAnswers.get(shared);
  if (last?.index === index && last.picks === picks) return last.answer as Page;
  let encoded = encodedPages.get(shared);
  if (!encoded) {
    encoded = z.encode(schema, shared) as { rows: readonly unknown[] };
    encodedPages.set(shared, encoded);
  }
  const encodedRows = [...encoded.rows];
  encodedRows[index] = z.encode(rowSchema, ownRow);
  const rows = [...shared.rows];
  rows[index] = ownRow;
  const answer = { ...shared, rows };
  const json = JSON.stringify({ ...encoded, rows: encodedRows });
  serializedPages.set(answer, { json, etag: etagOf(json), isForOneViewer: true });
  lastOwnRowAnswers.set(shared, { index, picks, answer });
  return answer;
}

function etagOf(json: string): string {
  return `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
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
  const serialized = serializeBoardPage(body, schema);
  const { json, etag } = serialized;
  reply
    .header('etag', etag)
    .header('cache-control', 'private, no-cache')
    .header('vary', 'accept-encoding, cookie');
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding =
    json.length >= COMPRESS_FROM_BYTES
      ? negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip'])
      : undefined;
  // A string with a JSON type goes out as it is: the schema has checked it already.
  if (!encoding) return reply.send(json);
  // Compressed once per answer, as its JSON is (a kept page's answer is shared): @fastify/compress
  // leaves an answer that has its encoding already.
  return reply.header('content-encoding', encoding).send(compressedAs(serialized, encoding as PageEncoding));
}

/**
 * The page's JSON in `encoding`, made once: a shared answer at the settings @fastify/compress
 * would use (brotli's quality 4), an answer built for one viewer at the quickest (quality 1:
 * a third of the time, about a tenth more bytes), as the next viewer of the page needs another.
 */
function compressedAs(page: SerializedPage, encoding: PageEncoding): Buffer {
  page.compressed ??= {};
  const quality = page.isForOneViewer ? 1 : 4;
  page.compressed[encoding] ??= exactCopy(
    encoding === 'br'
      ? brotliCompressSync(page.json, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quality } })
      : gzipSync(page.json),
  );
  return page.compressed[encoding];
}

/**
 * The bytes in a buffer of their own size. zlib's answer is a view of its 16 KiB output chunk:
 * kept as it is, a page's compressed form of a few hundred bytes held all 16 KiB.
 */
function exactCopy(bytes: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

/** RFC 9110 13.1.2: `*`, or any listed tag equal by weak comparison. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
