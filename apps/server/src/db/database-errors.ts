/** Socket errors: the database server is down, restarting, or cannot be reached. */
const UNREACHABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs that mean the server cannot serve us now: connection exceptions (class
 * 08), shut-downs, "cannot connect now" (starting up or in recovery), too many connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What the drivers say when the connection is gone (node-postgres, PGlite). */
const UNREACHABLE_MESSAGES = [
  /^Connection terminated/,
  /^Cannot use a pool after calling end on the pool/,
  /^Client has encountered a connection error and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Client was closed and is not queryable/,
  /^PGlite is closed/,
];

/**
 * Whether `error` (or an error it wraps: drizzle reports "Failed query" with the driver's error
 * as its cause) means the database cannot be reached, as opposed to a fault in a query.
 */
export function isDatabaseUnreachableError(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNREACHABLE_SOCKET_CODES.has(code)) return true;
      if (code.startsWith('08') && code.length === 5) return true;
      if (UNAVAILABLE_SQLSTATES.has(code)) return true;
    }
    if (UNREACHABLE_MESSAGES.some((pattern) => pattern.test(current instanceof Error ? current.message : '')))
      return true;
    // A pool that cannot connect to several addresses reports them together.
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnreachableError)) return true;
    current = current.cause;
  }
  return false;
}

/** SQLSTATEs worth a retry: a lock not taken within `lock_timeout`; a snapshot's write conflict. */
export const SQL_STATES = { lockNotAvailable: '55P03', serializationFailure: '40001' } as const;

/** Whether `error`, or an error it wraps (drizzle's "Failed query"), carries PostgreSQL's SQLSTATE `code`. */
export function hasSqlState(error: unknown, code: string): boolean {
  const seen = new Set<unknown>();
  for (
    let current: unknown = error;
    current instanceof Error && !seen.has(current);
    current = current.cause
  ) {
    seen.add(current);
    if ((current as { code?: unknown }).code === code) return true;
  }
  return false;
}

/**
 * Runs `work`, again while it fails with SQLSTATE `code`, up to `attempts` runs. With `pauseMs`, each
 * retry first waits a random part of `pauseMs` times the attempts so far, so that racers spread out.
 */
export async function retryOnSqlState<T>(
  { code, attempts, pauseMs }: { code: string; attempts: number; pauseMs?: number },
  work: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !hasSqlState(error, code)) throw error;
      if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs * Math.random() * attempt));
    }
  }
}
