import type { AppNotification } from '@hit21/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedAnswers, startFplApiServer } from '../plugins/app/stats-sync/fpl-api-server.ts';
import { GOOD_PASSWORD } from '../support/accounts.ts';
import { type EventStream, openEventStream } from '../support/event-stream.ts';
import { type NginxProxy, startNginx } from '../support/nginx-proxy.ts';
import {
  findFreePort,
  request,
  type ServerProcesses,
  signUpOnServer,
  startServerProcesses,
  withClient,
} from '../support/server-processes.ts';

/** Before the pick deadline of the committed season: squads saved, leagues made and joined. */
const CLOCK_NOW = '2025-08-10T12:00:00Z';
/** Failed sign-ins for one address from one client before it is refused. */
const FAILURES_ALLOWED = 5;

/**
 * The deployment as it runs for real: two server processes on one PostgreSQL database behind
 * nginx (deploy/nginx/nginx.conf.template), every request through the proxy's one address, so
 * that consecutive requests of one player land on either instance.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances behind nginx', () => {
  let processes: ServerProcesses;
  let proxy: NginxProxy;
  let api: Awaited<ReturnType<typeof startFplApiServer>>;
  const streams: EventStream[] = [];
  beforeAll(async () => {
    const answers = await recordedAnswers('after-gw3');
    api = await startFplApiServer(() => answers);
    const port = await findFreePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    processes = await startServerProcesses({
      count: 2,
      env: {
        CLOCK_NOW,
        PUBLIC_URL: publicUrl,
        TRUST_PROXY: '1',
        ACCOUNT_RATE_LIMIT_PER_ADDRESS: String(FAILURES_ALLOWED),
        STATS_SYNC_SOURCE: api.baseUrl,
        STATS_SYNC_INTERVAL_MINUTES: '15',
      },
    });
    proxy = await startNginx({ port, upstreams: processes.servers.map((server) => server.url) });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await proxy?.stop();
    await processes?.stop();
    await api?.close();
  });

  /** How many requests for `path` each instance logged. */
  function requestsPerInstance(path: string): number[] {
    return processes.servers.map(
      (server) =>
        server
          .logs()
          .split('\n')
          .filter((line) => line.includes(`"url":"${path}"`)).length,
    );
  }

  it('a signed-in journey: one session on both instances, a team, the board, a league and its live request', async () => {
    const { databaseUrl } = processes;
    const admin = await signUpOnServer(proxy, { fullName: 'Alex Admin', databaseUrl });
    const player = await signUpOnServer(proxy, { fullName: 'Riley Quinn', databaseUrl });

    // The session made through one instance is good on the other: every answer is the player's.
    for (let index = 0; index < 6; index += 1) {
      const profile = await request(proxy, 'GET', '/api/profile', { cookie: admin.cookie });
      expect(profile.status).toBe(200);
      expect(((await profile.json()) as { id: string }).id).toBe(admin.id);
    }
    expect(requestsPerInstance('/api/profile').every((count) => count >= 2)).toBe(true);

    const [squad] = await withClient(databaseUrl, (client) =>
      client.query<{ ids: string[] }>(
        `select array_agg(id order by fpl_code) as ids
         from (select id, fpl_code from players where position <> 'goalkeeper' order by fpl_code limit 4) p`,
      ),
    ).then((result) => result.rows);
    const saved = await request(proxy, 'PUT', '/api/squad', {
      cookie: admin.cookie,
      body: { playerIds: squad?.ids },
    });
    expect(saved.status).toBe(200);
    await waitForSquadOnBoard(admin.cookie, 'Alex Admin');

    // A league, and a request to join it streamed live to the admin through the proxy.
    const created = await request(proxy, 'POST', '/api/leagues', {
      cookie: admin.cookie,
      body: { name: 'Proxy Pals', joinMode: 'invite_only' },
    });
    expect(created.status).toBe(201);
    const league = (await created.json()) as { id: string; code: string };
    const stream = await openEventStream(`${proxy.url}/api/notifications/stream`, { cookie: admin.cookie });
    streams.push(stream);
    expect(stream.status).toBe(200);
    const askedAt = performance.now();
    const joined = await request(proxy, 'POST', '/api/leagues/join', {
      cookie: player.cookie,
      body: { code: league.code },
    });
    expect(await joined.json()).toMatchObject({ status: 'pending' });
    const event = await stream.waitFor((received) => received.event === 'notification', 5_000);
    expect(JSON.parse(event.data) as AppNotification).toMatchObject({
      type: 'join_request',
      message: 'Riley Quinn wants to join Proxy Pals',
      leagueId: league.id,
    });
    expect(event.at - askedAt).toBeLessThan(2_000);
  });

  it('counts failed sign-ins for an address across both instances', async () => {
    const fan = await signUpOnServer(proxy);
    const signIn = (password: string) =>
      request(proxy, 'POST', '/api/auth/sign-in/email', { body: { email: fan.email, password } });
    const before = requestsPerInstance('/api/auth/sign-in/email');
    for (let attempt = 0; attempt < FAILURES_ALLOWED; attempt += 1) {
      expect((await signIn('Wrong#Password1')).status).toBe(401);
    }
    const refused = await signIn(GOOD_PASSWORD);
    expect(refused.status).toBe(429);
    const after = requestsPerInstance('/api/auth/sign-in/email');
    // Both instances took some of the attempts: the count is the database's, not one process's.
    expect(after.map((count, index) => count - (before[index] ?? 0)).every((count) => count >= 1)).toBe(true);
  });

  it('runs the goals sync and each board update once between the instances', async () => {
    const runs = await withClient(processes.databaseUrl, (client) =>
      client.query<{ status: string }>(`select status from stats_sync_runs where status <> 'skipped'`),
    ).then((result) => result.rows);
    expect(runs).toEqual([{ status: 'ok' }]);

    const fan = await signUpOnServer(proxy, { fullName: 'Casey Count', databaseUrl: processes.databaseUrl });
    await waitForSquadOnBoard(fan.cookie, 'Casey Count', { withSquad: false });
    const before = boardUpdates();
    const saved = await request(proxy, 'PUT', '/api/squad', {
      cookie: fan.cookie,
      body: { playerIds: await someSquad() },
    });
    expect(saved.status).toBe(200);
    await waitForSquadOnBoard(fan.cookie, 'Casey Count');
    // Past both instances' next check (every 5 s): the other found the board fresh.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(boardUpdates() - before).toBe(1);
  });

  /** Rebuilds and placements of member changes logged by both instances together. */
  function boardUpdates(): number {
    return processes.servers
      .map(
        (server) => server.logs().match(/Standings of \S+(?: recomputed|: \d+ players placed)/g)?.length ?? 0,
      )
      .reduce((sum, count) => sum + count, 0);
  }

  async function someSquad(): Promise<string[]> {
    const [squad] = await withClient(processes.databaseUrl, (client) =>
      client.query<{ ids: string[] }>(
        `select array_agg(id order by fpl_code) as ids
         from (select id, fpl_code from players where position <> 'goalkeeper' order by fpl_code limit 4) p`,
      ),
    ).then((result) => result.rows);
    return squad?.ids ?? [];
  }

  /** Waits until the board shows the signed-in player, with the 4 picks of a saved squad unless told. */
  async function waitForSquadOnBoard(cookie: string, fullName: string, options = { withSquad: true }) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const response = await request(proxy, 'GET', '/api/leaderboard/global', { cookie });
      const board = (await response.json()) as {
        rows: { fullName: string; isYou: boolean; picks?: unknown[] }[];
      };
      const row = board.rows?.find((candidate) => candidate.isYou);
      if (row?.fullName === fullName && (!options.withSquad || row.picks?.length === 4)) return;
      if (Date.now() > deadline)
        throw new Error(`${fullName} never showed on the board: ${JSON.stringify(board)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
});
