import { AppError } from '@hit21/core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Deeper than any request of ours needs; bounded so no code that walks a body can overflow the stack. */
export const MAX_REQUEST_NESTING = 32;

/** A NUL character (PostgreSQL cannot store it in text) or an unpaired UTF-16 surrogate (not valid text). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL character is what this finds.
const UNSTORABLE_CHARACTER = /[\u0000\p{Cs}]/u;

type InputProblem = 'unstorable-character' | 'too-deep';

/**
 * Finds the first value in `input` that no route can accept: text PostgreSQL refuses, or
 * nesting past the limit. Walks with its own stack, so a deep input cannot overflow it.
 */
export function findInputProblem(input: unknown): InputProblem | undefined {
  const pending: [value: unknown, depth: number][] = [[input, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, depth] = next;
    if (typeof value === 'string') {
      if (UNSTORABLE_CHARACTER.test(value)) return 'unstorable-character';
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_REQUEST_NESTING) return 'too-deep';
    for (const [key, child] of Object.entries(value)) {
      if (UNSTORABLE_CHARACTER.test(key)) return 'unstorable-character';
      pending.push([child, depth + 1]);
    }
  }
  return undefined;
}

const REFERENCE_ORIGIN = 'https://hit21.invalid';

/** better-auth's fields naming where to send the browser afterwards. */
const AUTH_REDIRECT_FIELDS = ['callbackURL', 'newUserCallbackURL', 'errorCallbackURL', 'redirectTo'];

/**
 * Whether better-auth can add its query to `value`: a root-relative path or an absolute URL
 * (better-auth throws, a 500, on anything else, e.g. a blank). Which origins are allowed is
 * better-auth's own origin check.
 */
function isUsableRedirect(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (!value.startsWith('/')) return URL.canParse(value);
  if (value.startsWith('//') || value.startsWith('/\\') || !URL.canParse(value, REFERENCE_ORIGIN))
    return false;
  // The URL parser drops tabs and newlines: "/\t/evil.example" is another site's address.
  return new URL(value, REFERENCE_ORIGIN).origin === REFERENCE_ORIGIN;
}

function assertUsableRedirects(input: unknown, part: string) {
  if (input === null || typeof input !== 'object') return;
  for (const field of AUTH_REDIRECT_FIELDS) {
    const value = (input as Record<string, unknown>)[field];
    if (value === undefined || isUsableRedirect(value)) continue;
    throw new AppError('INVALID_REQUEST', {
      reason: 'INVALID_REDIRECT',
      message: `The request ${part} has an unusable ${field}`,
      userMessage: 'That link is not valid.',
    });
  }
}

function refusal(problem: InputProblem, part: string): AppError {
  if (problem === 'too-deep') {
    return new AppError('INVALID_REQUEST', {
      reason: 'NESTED_TOO_DEEP',
      message: `The request ${part} is nested deeper than ${MAX_REQUEST_NESTING} levels`,
      userMessage: 'The request is too deeply nested to read.',
    });
  }
  return new AppError('INVALID_REQUEST', {
    reason: 'UNSTORABLE_TEXT',
    message: `The request ${part} contains a NUL character or an unpaired surrogate`,
    userMessage:
      "Text can't contain a null character or an invalid character. Please remove it and try again.",
  });
}

function assertAcceptable(input: unknown, part: string) {
  const problem = findInputProblem(input);
  if (problem) throw refusal(problem, part);
}

/**
 * Refuses, before any route or better-auth sees them, the inputs no route can accept: NUL
 * characters and broken text anywhere (query, path, body), bodies nested too deeply, and
 * better-auth redirect targets it cannot use.
 * Query and path are checked as the request arrives; the body right after it is parsed,
 * whichever parser read it (JSON, or the analytics beacon's text), before validation.
 */
export const requestGuardPlugin = fp(
  async (fastify: FastifyInstance) => {
    fastify.addHook('onRequest', async (request) => {
      assertAcceptable(request.query, 'query');
      assertAcceptable(request.params, 'path');
      if (request.url.startsWith('/api/auth/')) assertUsableRedirects(request.query, 'query');
    });
    fastify.addHook('preValidation', async (request) => {
      assertAcceptable(request.body, 'body');
      if (request.url.startsWith('/api/auth/')) assertUsableRedirects(request.body, 'body');
    });
  },
  { name: 'request-guard' },
);
