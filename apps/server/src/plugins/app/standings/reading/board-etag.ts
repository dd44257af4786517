import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ZodType, z } from 'zod';

type PageEncoding = 'br' | 'gzip';

interface SerializedPage {
  json: string;
  etag: string;
  compressed?: Partial<Record<PageEncoding, Buffer>>;
  /** Built for one viewer (their own row in it): compressed at brotli's quickest. */
  isForOneViewer?: boolean;
}

/** Per answer object: a shared page is one object while cached, so this is made once, not per request. */
const serializedPages = new WeakMap<object, SerializedPage>();

/** The answer's JSON as the route's serializer would write it, and its strong ETag (a digest). */
export function serializeBoardPage(body: object, schema: ZodType): SerializedPage {
  const known = serializedPages.get(body);
  if (known) return known;
  const json = JSON.stringify(z.encode(schema, body));
  const serialized = { json, etag: etagOf(json) };
  serializedPages.set(body, serialized);
  return serialized;
}

/** Per shared answer: its encoded form, and the last answer with a viewer's own row (`keptPageBytes`). */
const ownRowAnswers = new WeakMap<
  object,
  { encoded: { rows: readonly unknown[] }; last?: { index: number; picks: unknown; answer: object } }
>();

/**
 * `shared` with its row at `index` replaced by the viewer's `ownRow`, whose picks are the object
 * kept with their place: asked again, the same answer. Only the own row is encoded anew.
 */
export function withOwnRow<Page extends { rows: readonly { picks?: unknown }[] }>(
  shared: Page,
  index: number,
  ownRow: Page['rows'][number],
  schema: ZodType,
  rowSchema: ZodType,
): Page {
  const { picks } = ownRow;
  let kept = ownRowAnswers.get(shared);
  if (kept?.last?.index === index && kept.last.picks === picks) return kept.last.answer as Page;
  if (!kept) {
    kept = { encoded: z.encode(schema, shared) as { rows: readonly unknown[] } };
    ownRowAnswers.set(shared, kept);
  }
  const encodedRows = [...kept.encoded.rows];
  encodedRows[index] = z.encode(rowSchema, ownRow);
  const rows = [...shared.rows];
  rows[index] = ownRow;
  const answer = { ...shared, rows };
  const json = JSON.stringify({ ...kept.encoded, rows: encodedRows });
  serializedPages.set(answer, { json, etag: etagOf(json), isForOneViewer: true });
  kept.last = { index, picks, answer };
  return answer;
}

function etagOf(json: string): string {
  return `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
}

/**
 * A board page with its ETag: 304 when the browser holds it, else its JSON, compressed once from 1 KiB as
 * @fastify/compress would (it then leaves it alone). Private, no-cache: a new board shows at once.
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
    json.length >= 1024 ? negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']) : undefined;
  // A string with a JSON type goes out as it is: the schema has checked it already.
  if (!encoding) return reply.send(json);
  return reply.header('content-encoding', encoding).send(compressedAs(serialized, encoding as PageEncoding));
}

/** A shared answer at @fastify/compress's brotli quality (4); one viewer's at 1 (a third of the time). */
function compressedAs(page: SerializedPage, encoding: PageEncoding): Buffer {
  page.compressed ??= {};
  const existing = page.compressed[encoding];
  if (existing) return existing;
  const quality = page.isForOneViewer ? 1 : 4;
  const bytes =
    encoding === 'br'
      ? brotliCompressSync(page.json, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quality } })
      : gzipSync(page.json);
  // zlib's answer is a view of its 16 KiB output chunk: kept, it would hold all of it.
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  page.compressed[encoding] = copy;
  return copy;
}

/** RFC 9110 13.1.2: `*`, or any listed tag equal by weak comparison. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
