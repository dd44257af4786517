import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { REPOSITORY_ROOT } from '../../src/config/env.ts';
import { openDatabase } from '../../src/db/database.ts';
import { prepareDatabase } from '../../src/db/prepare-database.ts';
import { GOOD_PASSWORD, uniqueEmail } from './accounts.ts';
import { postgresTemplate } from './database-templates.ts';

/** The PostgreSQL server the multi-process tests make their scratch database on. */
export const PROCESS_TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export interface ServerProcess {
  /** http://127.0.0.1:<port>, also the server's PUBLIC_URL. */
  url: string;
  /** Everything the process wrote to stdout and stderr so far (kept across restarts). */
  logs(): string;
  /** The running process's id. */
  pid(): number | undefined;
  /** Whether the process is still running (it has not exited since it was last started). */
  isRunning(): boolean;
  /** Sends `signal` (SIGKILL: no chance to clean up) and waits until the process has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Starts the server again with the same settings; with `waitUntilHealthy`, until /api/health answers 200. */
  restart(options?: { waitUntilHealthy?: boolean }): Promise<void>;
  /** Waits until /api/health answers 200 (or the process exits, which fails). */
  waitUntilHealthy(timeoutMs?: number): Promise<void>;
}

export interface ServerProcesses {
  servers: ServerProcess[];
  /** The scratch database every server shares (for direct checks and fixtures). */
  databaseUrl: string;
  /** Stops every server (SIGTERM, then SIGKILL after 10 s) and drops the database; safe to call twice. */
  stop(): Promise<void>;
}

export interface StartOptions {
  count: number;
  /** Extra environment for every server, or per server by index (SMTP_URL, CLOCK_NOW, NODE_ENV…). */
  env?: Record<string, string> | ((index: number) => Record<string, string>);
  /** The PostgreSQL server to make the scratch database on; defaults to TEST_DATABASE_URL. */
  serverUrl?: string;
  /**
   * Set the scratch database up before any server starts (migrations, the season), so they
   * do not race; default true. With false, `beforeStart` may set it up its own way, and the
   * servers are not waited for (each migrates as it starts).
   */
  prepare?: boolean;
  /** Runs on the scratch database before the servers start (fixtures, a held lock). */
  beforeStart?(databaseUrl: string): Promise<void>;
  /** A production bundle (`npm run build`'s server.js) to run with node alone, instead of the source with tsx. */
  bundle?: string;
}

/** Children still running in this test process: killed if the process exits without stop(). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts `count` real server processes (`npm run serve`'s command) on one fresh, prepared
 * PostgreSQL database, each on its own loopback port, and waits until each answers
 * /api/health. They share one auth secret, so a session made on one is valid on the others,
 * and each trusts the others' origins.
 */
export async function startServerProcesses(options: StartOptions): Promise<ServerProcesses> {
  const serverUrl = options.serverUrl ?? PROCESS_TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('startServerProcesses needs a PostgreSQL server (TEST_DATABASE_URL)');
  const name = `hit21_procs_${randomBytes(6).toString('hex')}`;
  const prepare = options.prepare ?? true;
  // A copy of the prepared template, on the server the templates are built on.
  const template =
    prepare && serverUrl === PROCESS_TEST_DATABASE_URL ? await postgresTemplate('prepared') : undefined;
  await withClient(serverUrl, (client) =>
    client.query(`create database ${name}${template ? ` template ${template}` : ''}`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hit21-procs-'));
  const launched: LaunchedServer[] = [];
  let stopped = false;

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await Promise.all(launched.map((server) => server.stop()));
    await withClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    if (prepare && !template) {
      // Migrate and load the season once, before any server starts: they would race otherwise.
      const handle = await openDatabase({ engine: 'postgres', url: databaseUrl });
      try {
        await prepareDatabase(handle);
      } finally {
        await handle.close();
      }
    }
    await options.beforeStart?.(databaseUrl);
    const ports = await Promise.all(Array.from({ length: options.count }, () => findFreePort()));
    const origins = ports.map((port) => `http://127.0.0.1:${port}`);
    const secret = randomBytes(32).toString('hex');
    const servers = await Promise.all(
      ports.map(async (port, index) => {
        const extra = typeof options.env === 'function' ? options.env(index) : (options.env ?? {});
        const server = launchServer(
          origins[index] as string,
          {
            NODE_ENV: 'test',
            LOG_LEVEL: 'info',
            HOST: '127.0.0.1',
            PORT: String(port),
            PUBLIC_URL: origins[index] as string,
            TRUSTED_ORIGINS: origins.join(','),
            DATABASE_URL: databaseUrl,
            DATA_DIR: dataDir,
            DEMO_CLOCK: 'off',
            BETTER_AUTH_SECRET: secret,
            RATE_LIMIT_MAX: '100000',
            ACCOUNT_RATE_LIMIT_PER_CLIENT: '100000',
            ACCOUNT_RATE_LIMIT_PER_ADDRESS: '100000',
            ...extra,
          },
          { bundle: options.bundle },
        );
        launched.push(server);
        if (prepare) await server.waitUntilHealthy();
        return server;
      }),
    );
    return { servers, databaseUrl, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

export interface LaunchedServer extends ServerProcess {
  /** SIGTERM, then SIGKILL after 10 s; nothing when it is not running. */
  stop(): Promise<void>;
}

/**
 * A server process (`npm run serve`'s command, or node running `launch.bundle`) with exactly
 * `env`, that can be killed and started again; `url` is where it listens (its PORT). Not waited
 * for: see `waitUntilHealthy`. With `launch.openFileLimit`, started under `prlimit` with that soft and
 * hard limit of open files (Linux).
 */
export function launchServer(
  url: string,
  env: Record<string, string>,
  launch: LaunchOptions = {},
): LaunchedServer {
  const chunks: string[] = [];
  let child = spawnServer(env, chunks, launch);
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  const server: LaunchedServer = {
    url,
    logs: () => chunks.join(''),
    pid: () => child.pid,
    isRunning,
    async kill(signal) {
      if (!isRunning()) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
    async restart(options = {}) {
      if (isRunning()) throw new Error(`Server ${url} is still running`);
      chunks.push(`\n--- restarted ---\n`);
      child = spawnServer(env, chunks, launch);
      if (options.waitUntilHealthy ?? true) await server.waitUntilHealthy();
    },
    waitUntilHealthy: (timeoutMs = 60_000) => waitForHealth(server, child, timeoutMs),
    stop: () => stopChild(child),
  };
  return server;
}

type LaunchOptions = { bundle?: string; openFileLimit?: number };
function spawnServer(env: Record<string, string>, chunks: string[], options: LaunchOptions): ChildProcess {
  const command = [
    process.execPath,
    ...(options.bundle ? [options.bundle] : ['--import', 'tsx', 'apps/server/src/server.ts']),
  ];
  const files = options.openFileLimit;
  if (files !== undefined) command.unshift('prlimit', `--nofile=${files}:${files}`);
  const child = spawn(command[0] as string, command.slice(1), {
    cwd: REPOSITORY_ROOT,
    // Only what the server needs: the test runner's own variables (VITEST, NODE_ENV…) stay out.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  return child;
}

async function waitForHealth(server: ServerProcess, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`Server ${server.url} exited before it was healthy:\n${server.logs()}`);
    try {
      const response = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Server ${server.url} was not healthy within ${timeoutMs} ms:\n${server.logs()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port')),
      );
    });
  });
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A same-site JSON request to a running server (or the proxy in front of several), as the web app sends it. */
export function request(
  server: Pick<ServerProcess, 'url'>,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  pathname: string,
  options: { body?: unknown; cookie?: string } = {},
): Promise<Response> {
  return fetch(`${server.url}${pathname}`, {
    method,
    headers: {
      origin: server.url,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
}

export interface ProcessAccount {
  id: string;
  email: string;
  password: string;
  /** The session cookie, ready for a Cookie header on any of the servers. */
  cookie: string;
}

/**
 * A signed-in player made through `server`'s HTTP API: signed up and onboarded; with
 * `databaseUrl`, also marked as having picked a squad (as the league fixtures do), so it may
 * create and join leagues.
 */
export async function signUpOnServer(
  server: Pick<ServerProcess, 'url'>,
  options: { email?: string; fullName?: string; databaseUrl?: string } = {},
): Promise<ProcessAccount> {
  const email = options.email ?? uniqueEmail('procs');
  const signUp = await request(server, 'POST', '/api/auth/sign-up/email', {
    body: { email, password: GOOD_PASSWORD, name: '' },
  });
  if (signUp.status !== 200) throw new Error(`Sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .filter((pair) => pair && !pair.endsWith('='))
    .join('; ');
  const onboarding = await request(server, 'PUT', '/api/profile/onboarding', {
    cookie,
    body: {
      fullName: options.fullName ?? 'Jordan Fan',
      dob: '1990-05-01',
      country: 'United Kingdom',
      favouriteClub: 'Arsenal',
      howDidYouHear: 'friend',
    },
  });
  if (onboarding.status !== 200)
    throw new Error(`Onboarding failed: ${onboarding.status} ${await onboarding.text()}`);
  const { id } = (await onboarding.json()) as { id: string };
  if (options.databaseUrl)
    await withClient(options.databaseUrl, (client) =>
      client.query('update profiles set player_selection_complete = true where id = $1', [id]),
    );
  return { id, email, password: GOOD_PASSWORD, cookie };
}
