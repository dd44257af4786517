import { AppError, type AppErrorCode, type AppErrorReasonFor } from '@hit21/core';
import { expect, onTestFinished, vi } from 'vitest';

/** Anything with a zod-like `parse`: every core schema fits. */
interface Schema {
  parse(data: unknown): unknown;
}

/** What the mocked API sends for one request. */
export type MockAnswer = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/**
 * A 2xx answer whose fixture is first parsed by the API's core schema: a fixture that drifts
 * from the contract fails the test that serves it, not a screen later on.
 */
export function ok(schema: Schema, fixture: unknown, status = 200): MockAnswer {
  schema.parse(fixture);
  return { status, body: fixture };
}

/** An error answer in the API's own error shape (AppError's body). */
export function fail<Code extends AppErrorCode>(
  code: Code,
  options: { userMessage?: string; reason?: AppErrorReasonFor<Code>; details?: Record<string, string> } = {},
): MockAnswer {
  const error = new AppError(code, { message: `mocked ${code}`, ...options });
  return { status: error.statusCode, body: error.toBody() };
}

/**
 * better-auth's own endpoints (/api/auth/*): their bodies are better-auth's contract, not
 * ours, so they are served as given.
 */
export function authAnswer(status: number, body: unknown): MockAnswer {
  return { status, body };
}

/** An answer held until `release` is called, to see what a screen shows while it waits. */
export function held(answer: () => MockAnswer): { answer: MockAnswer; release: () => void } {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { answer: released.then(answer), release };
}

/** "METHOD /path" (the query left out) to an answer, or to a function of the request. */
export type MockRoutes = Record<string, MockAnswer | ((request: MockRequest) => MockAnswer)>;

export interface MockRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface MockedApi {
  /** Every request the screen made, in order. */
  requests: MockRequest[];
  /** Replaces or adds routes while the screen runs. */
  set(routes: MockRoutes): void;
}

/** Requests a screen makes on the side that no test is about: answered with nothing. */
const SIDE_REQUESTS = ['POST /api/analytics/events'];

/**
 * The live notification stream, never opened: screen tests load notifications from the store
 * (the stream's own tests live with the browser's).
 */
class QuietEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readyState = QuietEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
  }
  close() {
    this.readyState = QuietEventSource.CLOSED;
  }
}

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** The running test's API; between tests nothing answers. */
let answerRequest: Fetch = async () => new Response(null, { status: 501 });

/**
 * One stand-in for `fetch` for the whole file: clients that keep the `fetch` they first saw
 * (better-auth's) still reach the running test's routes.
 */
const dispatch: Fetch = (input, init) => answerRequest(input, init);

/**
 * Stubs `fetch` with the given routes, for the running test. A request no route names fails
 * the test: a screen that asks for something new must say what it expects back.
 */
export function mockApi(initial: MockRoutes): MockedApi {
  const routes: MockRoutes = { ...initial };
  const requests: MockRequest[] = [];
  const unanswered: string[] = [];
  vi.stubGlobal('fetch', dispatch);
  vi.stubGlobal('EventSource', QuietEventSource);
  // Analytics goes by beacon where the browser has one: the API never sees it.
  if (typeof navigator.sendBeacon === 'function') vi.spyOn(navigator, 'sendBeacon').mockReturnValue(true);
  answerRequest = async (input, init = {}) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const seen: MockRequest = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body: text === '' ? undefined : JSON.parse(text),
    };
    const key = `${seen.method} ${seen.path}`;
    requests.push(seen);
    if (SIDE_REQUESTS.includes(key)) return new Response(null, { status: 204 });
    const route = routes[key];
    if (!route) {
      unanswered.push(key);
      return new Response(null, { status: 501 });
    }
    const { status, body } = await (typeof route === 'function' ? route(seen) : route);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  onTestFinished(() => {
    answerRequest = async () => new Response(null, { status: 501 });
    vi.restoreAllMocks();
    expect(unanswered, 'requests the mocked API has no answer for').toEqual([]);
  });
  return { requests, set: (more) => Object.assign(routes, more) };
}
