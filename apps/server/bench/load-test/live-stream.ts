import type http from 'node:http';
import type { LatencyRecorder } from './latency-recorder.ts';

/** The `retry` the notifications stream sends: how long EventSource waits to reconnect. */
const STREAM_RETRY_MS = 3_000;

export interface LiveStream {
  /** Closes the stream as a closing tab does; it is no error for it to end after this. */
  close(): void;
}

/**
 * The live notifications stream as the signed-in layout's EventSource keeps it open. Its
 * latency is the time to the response headers. A stream the server ends whole (at the end of
 * its lifetime) is opened again after the stream's `retry`, as EventSource does; one cut short
 * before `close` is an error, and so is a refusal (recorded, then thrown as `unexpected` makes it).
 */
export async function openLiveStream(options: {
  kind: string;
  /** A new GET request for the stream, not yet ended. */
  request: () => http.ClientRequest;
  recorder: LatencyRecorder;
  timeoutMs: number;
  unexpected: (message: string) => Error;
}): Promise<LiveStream> {
  const { kind, recorder } = options;
  let isClosing = false;
  let request: http.ClientRequest | undefined;
  let reconnect: NodeJS.Timeout | undefined;
  const connect = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      let isOpen = false;
      const current = options.request();
      request = current;
      current.setTimeout(options.timeoutMs, () => current.destroy(new Error('no answer within 30 s')));
      current.on('response', (response) => {
        const latencyMs = performance.now() - started;
        if (response.statusCode !== 200) {
          response.resume();
          const error = `status ${response.statusCode}, expected 200`;
          recorder.record(kind, latencyMs, error);
          reject(options.unexpected(`${kind}: ${error}`));
          return;
        }
        isOpen = true;
        // The server pings every 25 s: no idle timeout on an open stream.
        current.setTimeout(0);
        recorder.record(kind, latencyMs);
        response.resume();
        response.once('close', () => {
          if (isClosing) return;
          if (response.complete) reconnect = setTimeout(() => connect().catch(() => {}), STREAM_RETRY_MS);
          else recorder.addError(kind, 'the server cut the stream');
        });
        resolve();
      });
      current.on('error', (error) => {
        if (isOpen || isClosing) return;
        recorder.record(kind, undefined, error.message);
        reject(options.unexpected(`${kind}: ${error.message}`));
      });
      current.end();
    });
  await connect();
  return {
    close() {
      isClosing = true;
      clearTimeout(reconnect);
      request?.destroy();
    },
  };
}
