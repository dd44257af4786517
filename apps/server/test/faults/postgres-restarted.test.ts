import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  request,
  type ServerProcess,
  type ServerProcesses,
  signUpOnServer,
  startServerProcesses,
  withClient,
} from '../support/server-processes.ts';

const run = promisify(execFile);

/**
 * Stops and starts the machine's own PostgreSQL server, which every other test uses: only when
 * asked (CI asks, after every other project has finished), on a local Debian cluster.
 */
const cluster = (() => {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_POSTGRES_RESTART !== '1' || !url) return undefined;
  if (!['127.0.0.1', 'localhost'].includes(new URL(url).hostname)) return undefined;
  const versions = (() => {
    try {
      return readdirSync('/etc/postgresql');
    } catch {
      return [];
    }
  })();
  return versions[0];
})();

/** `crash`: stopped at once, as by a power cut; the next start recovers from the write-ahead log. */
async function pgCtlCluster(action: 'start' | 'stop' | 'crash'): Promise<void> {
  const mode = action === 'crash' ? ['--mode', 'immediate'] : [];
  const verb = action === 'start' ? 'start' : 'stop';
  await run('pg_ctlcluster', ['--skip-systemctl-redirect', ...mode, cluster ?? '', 'main', verb]);
}

async function isPostgresReady(): Promise<boolean> {
  return run('pg_isready', ['-h', '127.0.0.1', '-p', '5432', '-q']).then(
    () => true,
    () => false,
  );
}

/** /api/health's answers, every 50 ms, with when each came (a status of 0: no answer). */
function watchHealth(server: ServerProcess) {
  const answers: { at: number; status: number }[] = [];
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const status = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
        (response) => response.status,
        () => 0,
      );
      answers.push({ at: Date.now(), status });
      await sleep(50);
    }
  })();
  return {
    answers,
    async stop() {
      stopped = true;
      await done;
    },
  };
}

describe.skipIf(!cluster)('PostgreSQL restarted while the server is serving', () => {
  let processes: ServerProcesses;
  beforeAll(async () => {
    processes = await startServerProcesses({ count: 1, env: { CLOCK_NOW: '2025-08-13T18:30:00Z' } });
  });
  afterAll(async () => {
    // Whatever happened, the machine's database is left running.
    if (!(await isPostgresReady())) await pgCtlCluster('start');
    await processes?.stop();
  });

  it('answers 503 while it is down, and serves again within 5 s of its return without a restart', async () => {
    const server = processes.servers[0] as ServerProcess;
    const fan = await signUpOnServer(server);
    const pid = server.pid();
    const [squad] = await withClient(processes.databaseUrl, (client) =>
      client.query<{ ids: string[] }>(
        `select array_agg(id order by fpl_code) as ids
         from (select id, fpl_code from players where position <> 'goalkeeper' order by fpl_code limit 4) p`,
      ),
    ).then((result) => result.rows);
    expect((await request(server, 'GET', '/api/profile', { cookie: fan.cookie })).status).toBe(200);

    const health = watchHealth(server);
    await pgCtlCluster('stop');
    const downAt = Date.now();
    await sleep(3_000);
    const profileDuringOutage = await request(server, 'GET', '/api/profile', { cookie: fan.cookie });
    expect(profileDuringOutage.status).toBe(503);
    expect(await profileDuringOutage.json()).toMatchObject({ reason: 'DATABASE_UNREACHABLE' });
    const saveDuringOutage = await request(server, 'PUT', '/api/squad', {
      cookie: fan.cookie,
      body: { playerIds: squad?.ids },
    });
    expect(saveDuringOutage.status).toBe(503);

    const restartingAt = Date.now();
    await pgCtlCluster('start');
    while (!(await isPostgresReady())) await sleep(50);
    const backAt = Date.now();
    let servingAt: number | undefined;
    while (Date.now() - backAt < 10_000) {
      const [healthy, profile] = await Promise.all([
        fetch(`${server.url}/api/health`).then((response) => response.status),
        request(server, 'GET', '/api/profile', { cookie: fan.cookie }).then((response) => response.status),
      ]);
      if (healthy === 200 && profile === 200) {
        servingAt = Date.now();
        break;
      }
      await sleep(50);
    }
    await health.stop();

    expect(servingAt, 'the server serves again').toBeDefined();
    expect((servingAt ?? Infinity) - backAt).toBeLessThanOrEqual(5_000);
    const duringOutage = health.answers.filter((answer) => answer.at > downAt && answer.at < restartingAt);
    expect(duringOutage.length).toBeGreaterThan(10);
    expect(new Set(duringOutage.map((answer) => answer.status))).toEqual(new Set([503]));
    // The same process served throughout, and takes writes again.
    expect(server.pid()).toBe(pid);
    const saved = await request(server, 'PUT', '/api/squad', {
      cookie: fan.cookie,
      body: { playerIds: squad?.ids },
    });
    expect(saved.status).toBe(200);
    console.info(`PostgreSQL back to serving again: ${(servingAt ?? 0) - backAt} ms`);
  });

  it('rebuilds the boards a crash of PostgreSQL emptied, without a restart of the server', async () => {
    const server = processes.servers[0] as ServerProcess;
    const fan = await signUpOnServer(server, { fullName: 'Crash Survivor' });
    const isRanked = () =>
      withClient(processes.databaseUrl, (client) =>
        client.query('select 1 from standings where user_id = $1', [fan.id]),
      ).then((result) => result.rowCount === 1);
    const waitUntilRanked = async () => {
      const deadline = Date.now() + 20_000;
      while (!(await isRanked().catch(() => false)) && Date.now() < deadline) await sleep(200);
    };
    await waitUntilRanked();
    expect(await isRanked()).toBe(true);
    const rebuiltForLoss = () => server.logs().split('recomputed (board lost)').length - 1;
    const lossesBefore = rebuiltForLoss();

    // Recovery from a crash empties unlogged tables, which the board's are (decision 005).
    await pgCtlCluster('crash');
    await pgCtlCluster('start');
    while (!(await isPostgresReady())) await sleep(50);
    const backAt = Date.now();
    await waitUntilRanked();
    expect(await isRanked(), 'the fan is on the board again').toBe(true);
    // The rebuild logs its line after its commit and the notice to the other instances.
    await vi
      .waitUntil(() => rebuiltForLoss() > lossesBefore, { timeout: 5_000, interval: 50 })
      .catch(() => {});
    expect(rebuiltForLoss()).toBe(lossesBefore + 1);
    console.info(`The board rebuilt after a crash of PostgreSQL: ${Date.now() - backAt} ms after its return`);
  });
});
