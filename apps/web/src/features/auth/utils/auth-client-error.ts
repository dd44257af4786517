/** What better-auth's client returns for a failed call: `{ data: null, error }`. */
export interface AuthClientErrorBody {
  message?: string;
  code?: string;
  status: number;
  statusText: string;
}

/** A failed better-auth call, thrown so TanStack Query mutations and queries see it as a failure. */
export class AuthClientError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(body: AuthClientErrorBody) {
    super(body.message || body.statusText || `HTTP ${body.status}`);
    this.name = 'AuthClientError';
    this.status = body.status;
    this.code = body.code;
  }
}

/** Returns the data of a better-auth `{ data, error }` result, or throws its error. */
export function unwrapAuthResult<T>(
  result: { data: T; error: null } | { data: null; error: AuthClientErrorBody },
): T {
  if (result.error) throw new AuthClientError(result.error);
  return result.data as T;
}
