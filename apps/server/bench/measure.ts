/** Requests per second and response times of one URL under load, as the benchmarks print them. */
import autocannon from 'autocannon';

/** What Chromium and Firefox send. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** autocannon's own percentiles skip p95: every response time is kept instead. */
export async function measure(
  url: string,
  options: {
    connections: number;
    seconds: number;
    cookie: string;
    headers?: Record<string, string>;
    /** Any other answer counts as an error (autocannon's own count is of non-2xx). */
    expectedStatus?: number;
  },
) {
  const latencies: number[] = [];
  let unexpected = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: options.connections,
        duration: options.seconds,
        // As a browser sends it: the answers go out compressed, as they do to players.
        headers: { cookie: options.cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING, ...options.headers },
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (options.expectedStatus !== undefined && status !== options.expectedStatus) unexpected++;
    });
  });
  latencies.sort((a, b) => a - b);
  const percentile = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0;
  return {
    median: percentile(0.5),
    p95: percentile(0.95),
    p99: percentile(0.99),
    perSecond: Math.round(result.requests.average),
    errors: result.errors + (options.expectedStatus === undefined ? result.non2xx : unexpected),
  };
}
