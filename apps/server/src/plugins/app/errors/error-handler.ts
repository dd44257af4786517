import { AppError, type AppErrorBody, isAppErrorCode } from '@hit21/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnreachableError } from '../../../db/database-errors.ts';
import { databaseOutagePlugin } from './database-outage.ts';

const GENERIC_FAILURE = 'Something went wrong on our side. Please try again.';
export const DATABASE_UNAVAILABLE_MESSAGE =
  "Hit21 can't reach its database right now. Please try again in a minute.";

/** The code and message of a refusal that came without ours, by its status. */
const REFUSALS_BY_STATUS: Record<number, Pick<AppErrorBody, 'code' | 'userMessage'>> = {
  400: { code: 'INVALID_REQUEST', userMessage: 'Please check what you entered and try again.' },
  401: { code: 'UNAUTHENTICATED', userMessage: 'Please sign in to continue.' },
  403: { code: 'FORBIDDEN', userMessage: "You can't do that." },
  404: { code: 'NOT_FOUND', userMessage: 'Not found.' },
  409: { code: 'CONFLICT', userMessage: 'That conflicts with something that already exists.' },
  413: { code: 'INVALID_REQUEST', userMessage: 'What you sent is too large.' },
  414: { code: 'INVALID_REQUEST', userMessage: 'The address is too long.' },
  429: { code: 'RATE_LIMITED', userMessage: 'Too many requests. Please wait a moment and try again.' },
};
const DEFAULT_REFUSAL = {
  code: 'INVALID_REQUEST',
  userMessage: 'Please check what you entered and try again.',
} as const;

/**
 * The body of a refusal that did not come through the error handler, in our shape: Fastify's
 * router answers a malformed address or an over-long path parameter itself, and better-auth
 * answers `{ code, message }` or, for an unknown or switched-off path, no body at all.
 * better-auth's own codes (its client reads them) and messages (written for people) are kept.
 */
export function refusalBody(statusCode: number, payload: unknown, isAuth: boolean): string {
  const fallback = REFUSALS_BY_STATUS[statusCode] ?? DEFAULT_REFUSAL;
  let parsed: unknown;
  try {
    parsed = typeof payload === 'string' && payload.length > 0 ? JSON.parse(payload) : undefined;
  } catch {
    parsed = undefined;
  }
  const body = (parsed !== null && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
  const message = typeof body.message === 'string' ? body.message : `Refused with ${statusCode}`;
  if (isAppErrorCode(body.code) && typeof body.userMessage === 'string') return JSON.stringify(body);
  if (isAuth) {
    return JSON.stringify({
      ...body,
      code: typeof body.code === 'string' ? body.code : fallback.code,
      message,
      userMessage: typeof body.message === 'string' ? body.message : fallback.userMessage,
    });
  }
  return JSON.stringify({
    code: fallback.code,
    message,
    userMessage: fallback.userMessage,
  } satisfies AppErrorBody);
}

/** What a person reads for Fastify's own refusals, whose messages are written for developers. */
const FASTIFY_USER_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'What was sent is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'What was sent is empty; a JSON body was expected.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'What you sent is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This kind of content is not accepted here; send JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'What was sent does not match its stated length.',
};

function fastifyUserMessage(error: FastifyError, statusCode: number): string {
  const known = error.code ? FASTIFY_USER_MESSAGES[error.code] : undefined;
  if (known) return known;
  if (error instanceof SyntaxError)
    return FASTIFY_USER_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY ?? error.message;
  // Other refusals (better-auth's, our parsers') already speak to people; Fastify's do not.
  if (!error.code?.startsWith('FST_')) return error.message;
  return (REFUSALS_BY_STATUS[statusCode] ?? DEFAULT_REFUSAL).userMessage;
}

/**
 * Fastify's `frameworkErrors`: the router refuses a malformed address (bad percent-encoding)
 * or an over-long path parameter before any hook runs, so it is answered in our shape here.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const statusCode = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  return reply.status(statusCode).send({
    code: 'INVALID_REQUEST',
    message: error.message,
    userMessage: statusCode === 414 ? 'The address is too long.' : 'That address is not valid.',
  } satisfies AppErrorBody);
}

/**
 * Turns every error into the one JSON shape the web client reads: `{ code, message, userMessage }`.
 * Validation failures are 400 with the issues listed; server faults are logged with the request
 * and masked, so no stack trace or internal detail ever leaves the server. A database that
 * cannot be reached is 503 on every route, logged once per outage rather than per request.
 */
export const errorHandlerPlugin = fp(
  async (fastify: FastifyInstance) => {
    await fastify.register(databaseOutagePlugin);
    fastify.addHook('onSend', async (request, reply, payload) => {
      const isApi = request.url.startsWith('/api/') || request.url.startsWith('/dev/');
      if (reply.statusCode < 400 || reply.statusCode >= 500 || !isApi) return payload;
      reply.header('content-type', 'application/json; charset=utf-8');
      return refusalBody(reply.statusCode, payload, request.url.startsWith('/api/auth/'));
    });
    fastify.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (isDatabaseUnreachableError(error)) {
        fastify.databaseOutage.reportUnreachable(error);
        return reply
          .status(503)
          .header('retry-after', '30')
          .send({
            code: 'UNAVAILABLE',
            reason: 'DATABASE_UNREACHABLE',
            message: 'Database unreachable',
            userMessage: DATABASE_UNAVAILABLE_MESSAGE,
          } satisfies AppErrorBody);
      }

      if (error instanceof AppError) {
        if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
        const retryAt = error.statusCode === 429 ? Date.parse(error.details?.retryAt ?? '') : Number.NaN;
        if (Number.isFinite(retryAt))
          reply.header('retry-after', String(Math.max(1, Math.ceil((retryAt - Date.now()) / 1000))));
        return reply.status(error.statusCode).send(error.toBody());
      }

      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = error.validation.map((issue) => ({
          path: [error.validationContext, issue.instancePath.replace(/^\//, '').replaceAll('/', '.')]
            .filter(Boolean)
            .join('.'),
          message: issue.message ?? 'is invalid',
        }));
        const first = issues[0];
        return reply.status(400).send({
          code: 'INVALID_REQUEST',
          message: first ? `${first.path}: ${first.message}` : 'The request is invalid',
          userMessage: first ? first.message : 'Please check what you entered and try again.',
          issues,
        } satisfies AppErrorBody);
      }

      const statusCode = error.statusCode ?? 500;
      if (statusCode === 429) {
        const body = error as unknown as Partial<AppErrorBody>;
        return reply.status(429).send({
          code: 'RATE_LIMITED',
          message: body.message ?? 'Rate limit exceeded',
          userMessage: body.userMessage ?? body.message ?? 'Too many requests.',
        } satisfies AppErrorBody);
      }
      if (statusCode >= 400 && statusCode < 500) {
        // Fastify's own client errors (malformed JSON, wrong content type, body too large).
        const code = isAppErrorCode(error.code)
          ? error.code
          : statusCode === 404
            ? 'NOT_FOUND'
            : 'INVALID_REQUEST';
        return reply.status(statusCode).send({
          code,
          message: error.message,
          userMessage: fastifyUserMessage(error, statusCode),
        } satisfies AppErrorBody);
      }

      request.log.error({ err: error }, 'Unhandled error');
      return reply.status(500).send({
        code: 'INTERNAL',
        message: 'Internal server error',
        userMessage: GENERIC_FAILURE,
      } satisfies AppErrorBody);
    });
  },
  { name: 'error-handler', dependencies: ['db'] },
);
