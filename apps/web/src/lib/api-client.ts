import {
  APP_ERROR_STATUS,
  AppError,
  type AppErrorBody,
  type AppErrorCode,
  isAppErrorCode,
  isAppErrorReason,
} from '@hit21/core';
import { env } from '../config/env.ts';

/** What a person reads when we know nothing better (server down, HTML error page, ...). */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/** Anything with a zod-like `parse`; every core schema fits. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Validates the response body; without it the body is returned as `unknown`. */
  schema?: ResponseSchema<T>;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: HeadersInit;
  signal?: AbortSignal;
}

/** How a request reaches the API: the browser's fetch, or the server's own when it renders a page. */
type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/**
 * Where the API is reached from when the app runs on the server (src/server-render/): the
 * server hands in its own requests, since a relative URL has no origin there.
 */
export function setApiTransport(serverTransport: ApiTransport): void {
  transport = serverTransport;
}

/**
 * The one way the web talks to the API: JSON in and out, cookies included, and every
 * failure (non-2xx, network, unreadable or unexpected body) surfaces as an `AppError`.
 */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, query, headers, signal } = options;
  const requestHeaders = new Headers(headers);
  requestHeaders.set('Accept', 'application/json');
  if (body !== undefined) requestHeaders.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await transport(buildUrl(path, query), {
      method,
      headers: requestHeaders,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal,
    });
  } catch (error) {
    // Let TanStack Query see its own cancellations as such.
    if (signal?.aborted) throw error;
    throw new AppError('INTERNAL', {
      message: `Network error on ${method} ${path}: ${error instanceof Error ? error.message : String(error)}`,
      userMessage: GENERIC_ERROR_MESSAGE,
    });
  }

  if (!response.ok) throw await parseError(response);
  if (response.status === 204) return parseBody(schema, undefined, method, path);

  const text = await response.text();
  let data: unknown;
  try {
    data = text === '' ? undefined : JSON.parse(text);
  } catch {
    throw new AppError('INTERNAL', {
      message: `${method} ${path} answered ${response.status} with a body that is not JSON`,
      userMessage: GENERIC_ERROR_MESSAGE,
    });
  }
  return parseBody(schema, data, method, path);
}

export const api = {
  get: <T = unknown>(path: string, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(
    path: string,
    body?: unknown,
    options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>,
  ) => apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(
    path: string,
    body?: unknown,
    options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>,
  ) => apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/**
 * Turns a non-2xx response into an AppError. The server's body is `{ code, reason, message,
 * userMessage, issues }` (screens switch on `reason`); anything else (HTML from a proxy, empty body) becomes INTERNAL
 * with the generic message, keeping the HTTP status in the developer message.
 */
export async function parseError(response: Response): Promise<AppError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return new AppError('INTERNAL', {
      message: `HTTP ${response.status} ${response.statusText} from ${response.url || 'the API'} (body is not JSON)`,
      userMessage: GENERIC_ERROR_MESSAGE,
    });
  }
  if (!isRecord(body)) {
    return new AppError('INTERNAL', {
      message: `HTTP ${response.status} from ${response.url || 'the API'} with an unexpected body`,
      userMessage: GENERIC_ERROR_MESSAGE,
    });
  }
  const code = isAppErrorCode(body.code) ? body.code : codeForStatus(response.status);
  const message =
    typeof body.message === 'string' && body.message !== '' ? body.message : `HTTP ${response.status}`;
  const userMessage =
    typeof body.userMessage === 'string' && body.userMessage !== ''
      ? body.userMessage
      : GENERIC_ERROR_MESSAGE;
  // A reason this build does not know (a newer server) is dropped rather than trusted.
  const reason = isAppErrorReason(body.reason) ? body.reason : undefined;
  return new AppError<AppErrorCode>(code, {
    reason,
    message,
    userMessage,
    issues: parseIssues(body.issues),
    details: parseDetails(body.details),
  });
}

/** The user-facing text of any error, for toasts and inline messages. */
export function getUserMessage(error: unknown): string {
  return error instanceof AppError ? error.userMessage : GENERIC_ERROR_MESSAGE;
}

function parseBody<T>(schema: ResponseSchema<T> | undefined, data: unknown, method: string, path: string): T {
  if (!schema) return data as T;
  try {
    return schema.parse(data);
  } catch (error) {
    throw new AppError('INTERNAL', {
      message: `${method} ${path} answered with an unexpected shape: ${error instanceof Error ? error.message : String(error)}`,
      userMessage: GENERIC_ERROR_MESSAGE,
    });
  }
}

function buildUrl(path: string, query: ApiRequestOptions<unknown>['query']): string {
  const url = `${env.API_URL}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const queryString = search.toString();
  return queryString === '' ? url : `${url}?${queryString}`;
}

function codeForStatus(status: number): AppErrorCode {
  const match = (Object.entries(APP_ERROR_STATUS) as [AppErrorCode, number][]).find(
    ([, value]) => value === status,
  );
  return match ? match[0] : 'INTERNAL';
}

function parseIssues(value: unknown): AppErrorBody['issues'] {
  if (!Array.isArray(value)) return undefined;
  return value
    .filter(isRecord)
    .map((issue) => ({ path: String(issue.path ?? ''), message: String(issue.message ?? '') }));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Only string-valued facts survive: anything else is not what this build expects. */
function parseDetails(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}
