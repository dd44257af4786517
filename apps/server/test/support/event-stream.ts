import { createParser } from 'eventsource-parser';

/** One Server-Sent Event as received, with when it arrived (performance.now()). */
export interface ReceivedEvent {
  event: string;
  data: string;
  at: number;
}

export interface EventStream {
  status: number;
  headers: Headers;
  /** The body of a refusal (not a stream). */
  body: string;
  events: ReceivedEvent[];
  comments: string[];
  retry: number | undefined;
  /** Resolves when the server ends the stream (or it is aborted). */
  ended: Promise<void>;
  readonly isEnded: boolean;
  /** The first event (past or future) that matches, or a rejection after `timeoutMs`. */
  waitFor(match: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  close(): void;
}

/**
 * A stream opened with fetch (Node has no EventSource), parsed by eventsource-parser; a tiny
 * stand-in for the browser's EventSource that also records comments and arrival times.
 */
export async function openEventStream(
  url: string,
  options: { cookie?: string; origin?: string; headers?: Record<string, string> } = {},
): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: {
      accept: 'text/event-stream',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.origin ? { origin: options.origin } : {}),
      ...options.headers,
    },
    signal: controller.signal,
  });
  const events: ReceivedEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  let isEnded = false;
  const result: EventStream = {
    status: response.status,
    headers: response.headers,
    body: '',
    events,
    comments,
    retry: undefined,
    ended: Promise.resolve(),
    get isEnded() {
      return isEnded;
    },
    waitFor(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          } else if (isEnded) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error(`The stream ended first; events: ${JSON.stringify(events)}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No matching event within ${timeoutMs} ms; events: ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
  if (response.status !== 200 || !response.body) {
    result.body = await response.text();
    isEnded = true;
    return result;
  }
  const parser = createParser({
    onEvent: (message) => {
      events.push({ event: message.event ?? 'message', data: message.data, at: performance.now() });
      for (const waiter of [...waiters]) waiter();
    },
    onComment: (comment) => comments.push(comment.trim()),
    onRetry: (retry) => {
      result.retry = retry;
    },
  });
  const decoder = new TextDecoder();
  result.ended = (async () => {
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>)
        parser.feed(decoder.decode(chunk, { stream: true }));
    } catch {
      // Aborted, or the connection was cut.
    } finally {
      isEnded = true;
      for (const waiter of [...waiters]) waiter();
    }
  })();
  return result;
}
