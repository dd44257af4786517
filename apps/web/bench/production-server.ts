import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPOSITORY_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const STARTUP_TIMEOUT_MS = 180_000;
/** The server drains for up to 10 s on SIGTERM (close-with-grace in server.ts); then it is killed. */
const STOP_TIMEOUT_MS = 15_000;
/** The last lines the server printed, shown when it fails. */
const KEPT_OUTPUT_LINES = 60;

/** Runs a command from the repository root; rejects with its output when it fails. */
function run(command: string, args: string[], environment: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPOSITORY_ROOT, env: environment, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} ended with ${signal ?? code}`)),
    );
  });
}

/**
 * The production web build, as `npm run build` makes it, into a fresh folder: the bench never
 * touches apps/web/dist, which someone else's server may be serving.
 */
export async function buildWebApp(): Promise<string> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'hit21-bench-web-'));
  // Only Vite's warnings: it lists every file it writes otherwise.
  const viteArgs = ['--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'];
  const environment = { ...process.env, NODE_ENV: 'production' };
  await run('npm', ['run', 'build', '--silent', '-w', '@hit21/web', '--', ...viteArgs], environment);
  return outDir;
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No free port')),
      );
    });
  });
}

export interface ProductionServer {
  url: string;
  /** Throws when the server has stopped without being asked to: what it served since is suspect. */
  assertRunning: () => void;
  /** Stops the server (SIGTERM, then SIGKILL) and removes its data folder. Safe to call twice. */
  stop: () => Promise<void>;
}

export interface StartServerOptions {
  /** The built web app to serve (WEB_DIST_DIR). */
  webDistDir: string;
}

/**
 * `npm run serve` (apps/server/src/server.ts) in production on a free port and a fresh embedded
 * database, answering once /api/health does. The demo clock is on, so the server stands a day
 * before the pick deadline whatever today's date is, and a squad can still be picked.
 */
export async function startProductionServer({ webDistDir }: StartServerOptions): Promise<ProductionServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hit21-bench-data-'));
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn('node', ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPOSITORY_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDistDir,
      DEMO_CLOCK: 'on',
      BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = keepLastLines(server);

  let isStopped = false;
  const stop = async () => {
    if (isStopped) return;
    isStopped = true;
    await stopProcess(server);
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilAnswering(`${url}/api/health`, server);
  } catch (error) {
    await stop();
    throw new Error(`The server did not start: ${(error as Error).message}\n${output().join('\n')}`);
  }
  const assertRunning = () => {
    if (isStopped || (server.exitCode === null && server.signalCode === null)) return;
    const ending = server.signalCode ?? `exit code ${server.exitCode}`;
    throw new Error(`The server stopped on its own (${ending}):\n${output().join('\n')}`);
  };
  return { url, assertRunning, stop };
}

function keepLastLines(child: ChildProcess): () => string[] {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').trimEnd().split('\n'));
    lines.splice(0, Math.max(0, lines.length - KEPT_OUTPUT_LINES));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => lines;
}

async function waitUntilAnswering(healthUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`it exited with ${server.signalCode ?? server.exitCode}`);
    }
    const response = await fetch(healthUrl).catch(() => undefined);
    if (response?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${healthUrl} did not answer within ${STARTUP_TIMEOUT_MS / 1000} s`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
