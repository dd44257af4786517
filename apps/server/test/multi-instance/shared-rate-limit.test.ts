import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type ServerProcesses, startServerProcesses } from '../support/server-processes.ts';

const LIMIT = 30;

/**
 * The API's per-client limit (RATE_LIMIT_MAX a minute) holds across instances: a client that
 * spreads its requests over two servers is refused near the limit, not at twice it.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the request limit across two server processes', () => {
  let processes: ServerProcesses;
  beforeAll(async () => {
    processes = await startServerProcesses({ count: 2, env: { RATE_LIMIT_MAX: String(LIMIT) } });
  });
  afterAll(async () => {
    await processes?.stop();
  });

  it('refuses a client spreading its requests over both instances once the two together pass the limit', async () => {
    // The counts are per clock minute: start with time to spare in this one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await sleep(60_000 - intoMinute + 100);

    const statuses: { server: number; status: number }[] = [];
    for (let index = 0; index < 2 * LIMIT; index += 1) {
      const server = index % 2;
      const response = await request(processes.servers[server] as { url: string }, 'GET', '/api/season');
      statuses.push({ server, status: response.status });
      // Ten requests a second, five to each: the instances share their counts every second.
      await sleep(100);
    }

    const firstRefused = statuses.findIndex((entry) => entry.status === 429);
    expect(statuses.slice(0, LIMIT - 10).every((entry) => entry.status === 200)).toBe(true);
    // Counted apart, each instance would allow LIMIT and none of the 2 × LIMIT would be refused.
    expect(firstRefused).toBeGreaterThanOrEqual(LIMIT - 10);
    expect(firstRefused).toBeLessThanOrEqual(LIMIT + 10);
    const refusedBy = new Set(statuses.filter((entry) => entry.status === 429).map((entry) => entry.server));
    expect(refusedBy).toEqual(new Set([0, 1]));
    expect(statuses.slice(LIMIT + 12).every((entry) => entry.status === 429)).toBe(true);
    console.info(`First refusal at request ${firstRefused + 1} of a limit of ${LIMIT} across two instances`);
  });
});
