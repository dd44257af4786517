import type { AppErrorReason } from '@hit21/core';

/**
 * What better-auth's client returns for a failed call: `{ data: null, error }`. A refusal of
 * our own server (origin check, rate limits) also carries `userMessage` and `reason`.
 */
export interface AuthClientErrorBody {
  message?: string;
  code?: string;
  userMessage?: string;
  reason?: AppErrorReason;
  status: number;
  statusText: string;
}

/** A failed better-auth call, thrown so TanStack Query mutations and queries see it as a failure. */
export class AuthClientError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly reason: AppErrorReason | undefined;

  constructor(body: AuthClientErrorBody) {
    // Our server's refusals are written for people in `userMessage`; better-auth's in `message`.
    super(body.userMessage || body.message || body.statusText || `HTTP ${body.status}`);
    this.name = 'AuthClientError';
    this.status = body.status;
    this.code = body.code;
    this.reason = body.reason;
  }
}

/** Returns the data of a better-auth `{ data, error }` result, or throws its error. */
export function unwrapAuthResult<T>(
  result: { data: T; error: null } | { data: null; error: AuthClientErrorBody },
): T {
  if (result.error) throw new AuthClientError(result.error);
  return result.data as T;
}
