import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  request,
  type ServerProcesses,
  signUpOnServer,
  startServerProcesses,
} from '../support/server-processes.ts';

/** How long another instance may still answer a session ended elsewhere (decision 016). */
const BOUND_MS = 2_000;

/**
 * Each instance keeps session look-ups in memory (decision 016); a session signed out on one
 * server is refused by the other within a moment, through the database's NOTIFY, not after the
 * cache's 30 s.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a session ended on one of two server processes', () => {
  let processes: ServerProcesses;
  beforeAll(async () => {
    processes = await startServerProcesses({ count: 2 });
  });
  afterAll(async () => {
    await processes?.stop();
  });

  function serverPair() {
    const [first, second] = processes.servers;
    if (!first || !second) throw new Error('Two servers were started');
    return [first, second] as const;
  }

  /** Polls `server` until the session is refused; answers how long that took. */
  async function refusedAfter(server: { url: string }, cookie: string): Promise<number> {
    const started = performance.now();
    while (performance.now() - started < 10_000) {
      const response = await request(server, 'GET', '/api/leaderboard/global', { cookie });
      if (response.status === 401) return performance.now() - started;
      expect(response.status).toBe(200);
      await sleep(10);
    }
    return Number.POSITIVE_INFINITY;
  }

  it('is refused by the other within a moment after a sign-out', async () => {
    const [first, second] = serverPair();
    const player = await signUpOnServer(first);
    // The other server looks the session up, and keeps it.
    for (let index = 0; index < 3; index++) {
      expect(
        (await request(second, 'GET', '/api/leaderboard/global', { cookie: player.cookie })).status,
      ).toBe(200);
    }
    const signOut = await request(first, 'POST', '/api/auth/sign-out', { cookie: player.cookie, body: {} });
    expect(signOut.status).toBe(200);
    expect((await request(first, 'GET', '/api/profile', { cookie: player.cookie })).status).toBe(401);
    const took = await refusedAfter(second, player.cookie);
    console.info(`Signed out on one instance, refused by the other after ${took.toFixed(0)} ms`);
    expect(took).toBeLessThan(BOUND_MS);
  });

  it('is refused by the other within a moment after the account is deleted', async () => {
    const [first, second] = serverPair();
    const player = await signUpOnServer(first);
    expect((await request(second, 'GET', '/api/profile', { cookie: player.cookie })).status).toBe(200);
    const deleted = await request(first, 'POST', '/api/deleteAccount', { cookie: player.cookie, body: {} });
    expect(deleted.status).toBe(200);
    expect(await refusedAfter(second, player.cookie)).toBeLessThan(BOUND_MS);
  });
});
