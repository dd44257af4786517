import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import type { Config } from './env.ts';

/*
 * The server's logs: one JSON object a line (pretty-printed only in development), one line per
 * request with its id, method, route, path, status, time and signed-in user, and never a
 * cookie, password or token.
 */

/** The field naming each request on every line logged while it is served. */
const REQUEST_ID_FIELD = 'requestId';
/** A request id a trusted proxy may hand on: bounded, and nothing that could break a log line. */
const FORWARDED_REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Paths whose last part is a secret: an invite code (web page and API) or a reset token. */
const SECRET_PATH_PARTS = [
  /^(\/join\/)[^/]+/,
  /^(\/api\/leagues\/invite\/)[^/]+/,
  /^(\/api\/auth\/reset-password\/)[^/]+/,
];

/**
 * Fields that hold a secret, wherever a future log call might put a request, a response or a
 * body (the request lines below log none of them): written as "[redacted]".
 */
const REDACTED_PATHS = [
  ...['authorization', 'cookie', '["set-cookie"]', '["x-api-key"]'].flatMap((header) => {
    const field = header.startsWith('[') ? header : `.${header}`;
    return [`headers${field}`, `req.headers${field}`, `res.headers${field}`, `*.headers${field}`];
  }),
  ...['password', 'currentPassword', 'newPassword', 'token', 'secret'].flatMap((field) => [
    field,
    `*.${field}`,
    `body.${field}`,
    `*.body.${field}`,
  ]),
];

/** A request's address as logged: the path only (a query may carry a token), secrets masked. */
export function loggedUrl(url: string): string {
  const path = url.split('?', 1)[0] ?? '';
  return SECRET_PATH_PARTS.reduce((masked, pattern) => masked.replace(pattern, '$1[redacted]'), path);
}

function requestFields(request: FastifyRequest) {
  return { method: request.method, route: request.routeOptions.url, url: loggedUrl(request.url) };
}

/** Drizzle writes a failed query's parameters (a password hash, a session token) into its message. */
function withoutQueryParameters(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');
}

interface SerializedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** An error as pino writes one (type, message, stack, own fields, cause), query parameters left out. */
function serializeError(error: Error, depth = 0): SerializedError {
  const { params: _params, cause, ...fields } = error as Error & Record<string, unknown>;
  return {
    type: error.constructor.name,
    ...fields,
    message: withoutQueryParameters(error.message),
    stack: withoutQueryParameters(error.stack ?? ''),
    ...(cause instanceof Error && depth < 5 ? { cause: serializeError(cause, depth + 1) } : { cause }),
  };
}

/** The log levels at which a line at `info` is written. */
const LEVELS_WRITING_INFO = new Set(['trace', 'debug', 'info']);

/**
 * Fastify's request lines, one per request: "request completed" with the status, the time in
 * milliseconds and the user whose session the request was served for (set by requireUser);
 * "incoming request" only at debug level.
 */
class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest) {
    if (!this.isLogDisabled(request)) request.log.debug(requestFields(request), 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    // The line's fields are built only when it is written (LOG_LEVEL may be above info).
    if (this.isLogDisabled(request) || (!error && !LEVELS_WRITING_INFO.has(reply.log.level))) return;
    const fields = {
      ...requestFields(request),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
      userId: request.signedInUser?.id,
    };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }

  override routeNotFound(request: FastifyRequest) {
    if (!this.isLogDisabled(request)) request.log.info(requestFields(request), 'route not found');
  }
}

/**
 * Fastify's logging options for `config`: `destination` replaces standard output (the tests
 * read the lines there). In development the lines are pretty-printed for a person.
 */
export function loggingOptions(
  config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV' | 'TRUST_PROXY'>,
  destination?: { write(line: string): void },
): Pick<FastifyServerOptions, 'logger' | 'logController' | 'genReqId'> {
  const output = destination
    ? { stream: destination }
    : config.NODE_ENV === 'development'
      ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
      : {};
  return {
    logger: {
      level: config.LOG_LEVEL,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: {
        req: (request: FastifyRequest) => requestFields(request),
        err: serializeError,
      },
      ...output,
    },
    logController: new RequestLogController({ requestIdLogLabel: REQUEST_ID_FIELD }),
    genReqId: requestIdGenerator(config),
  };
}

/**
 * A fresh UUID per request, unique across instances; behind a proxy the operator named
 * (TRUST_PROXY), the proxy's own X-Request-Id, so one id follows a request through both logs.
 */
function requestIdGenerator(config: Pick<Config, 'TRUST_PROXY'>) {
  return (request: IncomingMessage): string => {
    const forwarded = config.TRUST_PROXY === false ? undefined : request.headers['x-request-id'];
    return typeof forwarded === 'string' && FORWARDED_REQUEST_ID.test(forwarded) ? forwarded : randomUUID();
  };
}

/** Every answer names its request id (X-Request-Id), so a report of a failure finds its log lines. */
export function answerWithRequestId(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
