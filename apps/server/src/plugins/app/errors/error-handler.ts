import { AppError, type AppErrorBody, isAppErrorCode } from '@hit21/core';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnreachableError } from '../../../db/database-errors.ts';
import { databaseOutagePlugin } from './database-outage.ts';

const GENERIC_FAILURE = 'Something went wrong on our side. Please try again.';
export const DATABASE_UNAVAILABLE_MESSAGE =
  "Hit21 can't reach its database right now. Please try again in a minute.";

/**
 * Turns every error into the one JSON shape the web client reads: `{ code, message, userMessage }`.
 * Validation failures are 400 with the issues listed; server faults are logged with the request
 * and masked, so no stack trace or internal detail ever leaves the server. A database that
 * cannot be reached is 503 on every route, logged once per outage rather than per request.
 */
export const errorHandlerPlugin = fp(
  async (fastify: FastifyInstance) => {
    await fastify.register(databaseOutagePlugin);
    fastify.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (isDatabaseUnreachableError(error)) {
        fastify.databaseOutage.reportUnreachable(error);
        return reply
          .status(503)
          .header('retry-after', '30')
          .send({
            code: 'UNAVAILABLE',
            message: 'Database unreachable',
            userMessage: DATABASE_UNAVAILABLE_MESSAGE,
          } satisfies AppErrorBody);
      }

      if (error instanceof AppError) {
        if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
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
        return reply
          .status(statusCode)
          .send({ code, message: error.message, userMessage: error.message } satisfies AppErrorBody);
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
