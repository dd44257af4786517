import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LatencyRecorder } from './latency-recorder.ts';
import { type LiveStream, openLiveStream } from './live-stream.ts';

export type { LiveStream } from './live-stream.ts';

/** A browser opens at most six HTTP/1.1 connections to one host; so does a simulated player. */
const CONNECTIONS_PER_HOST = 6;
/** An answer that has not come after this long is a failure (the browser would show a spinner). */
const REQUEST_TIMEOUT_MS = 30_000;
/** What Chromium offers; the server answers larger bodies brotli- or gzip-compressed. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const USER_AGENT = 'Mozilla/5.0 (Hit21 load test; apps/server/bench/load-test.ts)';

/** Anything with a zod-like `parse`: every core response schema fits. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/** A request whose answer its action did not expect: recorded already; the visit cannot go on. */
export class UnexpectedAnswer extends Error {
  override name = 'UnexpectedAnswer';
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  latencyMs: number;
}

/**
 * One simulated player's browser as the server sees it: its own keep-alive connections (six at
 * most) from its own client address, its cookies, and the headers Chromium sends. Every request
 * is timed into the recorder under its kind; one the action did not expect throws
 * `UnexpectedAnswer` after it is recorded.
 */
export class PlayerConnection {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS_PER_HOST });
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly options: {
      /** The server's PUBLIC_URL: where requests go and the Origin of every change. */
      origin: URL;
      /** The address the player connects from (a loopback alias); the system's choice without it. */
      localAddress?: string;
      recorder: LatencyRecorder;
    },
  ) {}

  /** Whether the browser holds a session cookie (signed up or in, not signed out since). */
  get hasSessionCookie(): boolean {
    return [...this.cookies.keys()].some((name) => name.endsWith('session_token'));
  }

  /**
   * A JSON API request as the web app's api-client sends it; answers the body, checked against
   * `schema` when one is given (the answer is then decompressed and parsed).
   */
  async api<T = undefined>(
    kind: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options: { body?: unknown; expect?: number; schema?: ResponseSchema<T> } = {},
  ): Promise<T> {
    const headers: http.OutgoingHttpHeaders = { accept: 'application/json' };
    if (method !== 'GET') headers.origin = this.options.origin.origin;
    const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
    if (payload) headers['content-type'] = 'application/json';
    const answer = await this.exchange(kind, method, path, headers, payload, options.expect ?? 200);
    if (!options.schema) return undefined as T;
    return this.check(kind, answer, () => options.schema?.parse(JSON.parse(decode(answer))) as T);
  }

  /**
   * A page the server draws (the browser's navigation to it): answers the page, which must come
   * drawn for its reader. The app's empty root instead means the server could not draw it.
   */
  async page(kind: string, path: string): Promise<string> {
    const headers = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const answer = await this.exchange(kind, 'GET', path, headers, undefined, 200);
    return this.check(kind, answer, () => {
      const html = decode(answer);
      if (html.includes('<div id="root"></div>')) throw new Error('the server did not draw the page');
      return html;
    });
  }

  /** A file of the build the page refers to (a script, a stylesheet, a font), as the browser fetches it. */
  async asset(kind: string, path: string): Promise<void> {
    await this.exchange(kind, 'GET', path, { accept: '*/*' }, undefined, 200);
  }

  /** The live notifications stream the signed-in layout keeps open (live-stream.ts). */
  openStream(kind: string, path: string): Promise<LiveStream> {
    return openLiveStream({
      kind,
      request: () => http.request({ ...this.target(path), method: 'GET', headers: this.streamHeaders() }),
      recorder: this.options.recorder,
      timeoutMs: REQUEST_TIMEOUT_MS,
      unexpected: (message) => new UnexpectedAnswer(message),
    });
  }

  private streamHeaders(): http.OutgoingHttpHeaders {
    return this.headersWith({ accept: 'text/event-stream', 'cache-control': 'no-cache' });
  }

  /** Drops the open connections (the end of the run). */
  close(): void {
    this.agent.destroy();
  }

  private async exchange(
    kind: string,
    method: string,
    path: string,
    headers: http.OutgoingHttpHeaders,
    payload: Buffer | undefined,
    expect: number,
  ): Promise<Answer> {
    let answer: Answer;
    try {
      answer = await this.send(method, path, this.headersWith(headers), payload);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.options.recorder.record(kind, undefined, message);
      throw new UnexpectedAnswer(`${kind}: ${message}`);
    }
    if (answer.status !== expect) {
      const error = `status ${answer.status}, expected ${expect}: ${decode(answer).slice(0, 200)}`;
      this.options.recorder.record(kind, answer.latencyMs, error);
      throw new UnexpectedAnswer(`${kind}: ${error}`);
    }
    this.options.recorder.record(kind, answer.latencyMs);
    return answer;
  }

  /** Runs `read` on an answer already counted; a failure turns it into an error of its kind. */
  private check<T>(kind: string, answer: Answer, read: () => T): T {
    try {
      return read();
    } catch (error) {
      const message = `status ${answer.status} but ${error instanceof Error ? error.message : String(error)}`;
      this.options.recorder.addError(kind, message.slice(0, 300));
      throw new UnexpectedAnswer(`${kind}: ${message}`);
    }
  }

  private async send(
    method: string,
    path: string,
    headers: http.OutgoingHttpHeaders,
    payload: Buffer | undefined,
  ): Promise<Answer> {
    try {
      return await this.sendOnce(method, path, headers, payload);
    } catch (error) {
      // The server closed an idle kept-alive connection just as this request went out on it:
      // nothing was answered, so a browser sends it again on a new connection, and so does this.
      if (!(error instanceof StaleConnectionError)) throw error;
      this.options.recorder.resent += 1;
      return this.sendOnce(method, path, headers, payload);
    }
  }

  private sendOnce(
    method: string,
    path: string,
    headers: http.OutgoingHttpHeaders,
    payload: Buffer | undefined,
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      let hasResponse = false;
      const request = http.request({ ...this.target(path), method, headers }, (response) => {
        hasResponse = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          this.keepCookies(response.headers['set-cookie']);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
            latencyMs: performance.now() - started,
          });
        });
      });
      request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error('no answer within 30 s')));
      request.on('error', (error: NodeJS.ErrnoException) => {
        const isStale = request.reusedSocket && !hasResponse && error.code === 'ECONNRESET';
        reject(isStale ? new StaleConnectionError(error) : error);
      });
      request.end(payload);
    });
  }

  private target(path: string): http.RequestOptions {
    const { hostname, port } = this.options.origin;
    return { host: hostname, port, path, agent: this.agent, localAddress: this.options.localAddress };
  }

  private headersWith(headers: http.OutgoingHttpHeaders): http.OutgoingHttpHeaders {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return {
      'user-agent': USER_AGENT,
      'accept-encoding': ACCEPT_ENCODING,
      ...headers,
      ...(cookie ? { cookie } : {}),
    };
  }

  /** Keeps what Set-Cookie sets and forgets what it clears (sign-out sends an empty, expired cookie). */
  private keepCookies(setCookie: string[] | undefined): void {
    for (const header of setCookie ?? []) {
      const [pair = '', ...attributes] = header.split(';');
      const separator = pair.indexOf('=');
      if (separator <= 0) continue;
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const isCleared =
        value === '' ||
        attributes.some((attribute) => {
          const [key = '', setting = ''] = attribute.trim().split('=');
          if (key.toLowerCase() === 'max-age') return Number(setting) <= 0;
          return key.toLowerCase() === 'expires' && Date.parse(setting) <= Date.now();
        });
      if (isCleared) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** A request lost on a kept-alive connection the server had just closed, before any answer. */
class StaleConnectionError extends Error {
  constructor(cause: Error) {
    super(`connection closed by the server before the request: ${cause.message}`, { cause });
  }
}

/** The body as text, decompressed as the server encoded it. */
function decode(answer: Answer): string {
  switch (answer.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(answer.body).toString();
    case 'gzip':
      return gunzipSync(answer.body).toString();
    default:
      return answer.body.toString();
  }
}
