import { AuthClientError } from './auth-client-error.ts';

/** The sign-up error catalogue of the specification (section 8), word for word. */
export const SIGN_UP_ERROR_MESSAGES = {
  alreadyRegistered: 'This email is already registered. Please use a different email or try logging in.',
  password: 'Password requirements not met. Please ensure your password meets our security standards.',
  rateLimited: 'Too many signup attempts. Please wait a few minutes before trying again.',
  connection: 'Connection issue. Please check your internet connection and try again.',
  unreachable: 'Unable to connect to our servers. Please try again later.',
  timeout: 'Request timed out. Please try again.',
  failed: 'Failed to create account. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

const TOO_MANY_REQUESTS = 429;

/**
 * What a person reads when sign-up fails, from anything that failed: better-auth's
 * `{ message, status, code }`, a thrown `TypeError` when the server cannot be reached, a
 * timeout, or something stranger. The rows of the catalogue are tried in order.
 */
export function getSignUpErrorMessage(error: unknown): string {
  // Opened at an address the server does not accept changes from: the server says where to go.
  if (error instanceof AuthClientError && error.reason === 'CROSS_SITE_REQUEST') return error.message;
  const details = readError(error);
  if (!details) return SIGN_UP_ERROR_MESSAGES.unexpected;
  const text = details.text;

  if (includesAny(text, ['already registered', 'already exists', 'duplicate key', 'unique constraint'])) {
    return SIGN_UP_ERROR_MESSAGES.alreadyRegistered;
  }
  if (text.includes('password')) return SIGN_UP_ERROR_MESSAGES.password;
  if (details.status === TOO_MANY_REQUESTS || includesAny(text, ['rate limit', 'too many requests'])) {
    return SIGN_UP_ERROR_MESSAGES.rateLimited;
  }
  if (includesAny(text, ['network', 'connection'])) return SIGN_UP_ERROR_MESSAGES.connection;
  if (details.name === 'TypeError' && text.includes('fetch')) return SIGN_UP_ERROR_MESSAGES.unreachable;
  if (details.name === 'TimeoutError' || includesAny(text, ['timeout', 'timed out'])) {
    return SIGN_UP_ERROR_MESSAGES.timeout;
  }
  return SIGN_UP_ERROR_MESSAGES.failed;
}

interface ErrorDetails {
  /** Message and code, lower-cased, with the code's underscores read as spaces. */
  text: string;
  status?: number;
  name?: string;
}

function readError(error: unknown): ErrorDetails | null {
  if (typeof error === 'string') return error === '' ? null : { text: error.toLowerCase() };
  if (typeof error !== 'object' || error === null) return null;
  const record = error as Record<string, unknown>;
  const message = typeof record.message === 'string' ? record.message : '';
  const code = typeof record.code === 'string' ? record.code.replaceAll('_', ' ') : '';
  const status = typeof record.status === 'number' ? record.status : undefined;
  const name = error instanceof Error ? error.name : undefined;
  if (message === '' && code === '' && status === undefined) return null;
  return { text: `${message} ${code}`.toLowerCase(), status, name };
}

function includesAny(text: string, needles: readonly string[]): boolean {
  return needles.some((needle) => text.includes(needle));
}
