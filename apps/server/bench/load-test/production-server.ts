import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPOSITORY_ROOT, SERVER_ROOT } from '../../src/config/env.ts';

const STARTUP_TIMEOUT_MS = 60_000;

export interface ProductionBuild {
  /** The server bundle, `npm run build`'s apps/server/dist/server.js written elsewhere. */
  bundle: string;
  /** The web build the server draws pages with (its renderer beside it, in `<dir>-server`). */
  webDistDir: string;
  remove(): Promise<void>;
}

/**
 * `npm run build` of the checkout as it is now, into folders of this run's own: the web app
 * under `workDir`, the server bundle as `buildServerBundle` writes it.
 */
export async function buildForProduction(workDir: string): Promise<ProductionBuild> {
  const webDistDir = path.join(workDir, 'web', 'dist');
  await promisify(execFile)(
    'npm',
    ['run', 'build', '-w', '@hit21/web', '--', '--outDir', webDistDir, '--emptyOutDir'],
    { cwd: REPOSITORY_ROOT, env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 16 * 1024 * 1024 },
  );
  return { ...(await buildServerBundle()), webDistDir };
}

/**
 * The server's part of `npm run build`, in a `dist-test-*` folder of apps/server (the bundle reads
 * the migrations and season data beside it), so a server running from dist/ is never disturbed.
 */
export async function buildServerBundle(): Promise<Omit<ProductionBuild, 'webDistDir'>> {
  const serverDir = await mkdtemp(path.join(SERVER_ROOT, 'dist-test-load-'));
  const remove = () => rm(serverDir, { recursive: true, force: true });
  try {
    await promisify(execFile)('npm', ['run', 'build', '-w', '@hit21/server', '--', '--dir', serverDir], {
      cwd: REPOSITORY_ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
    });
  } catch (error) {
    await remove();
    throw error;
  }
  return { bundle: path.join(serverDir, 'server.js'), remove };
}

export interface ProductionServer {
  /** The server's process id (to read its CPU time). */
  pid: number;
  /** Where its output goes: one JSON log line per request (pino). */
  logFile: string;
  /** SIGTERM (the server drains), SIGKILL after 15 s; the exit code (null when killed). */
  stop(): Promise<number | null>;
}

/**
 * The bundle started as `npm run start:production` starts it: `node server.js` with
 * NODE_ENV=production and only the environment given, waiting until /api/health answers 200.
 */
export async function startProductionServer(options: {
  bundle: string;
  url: string;
  logFile: string;
  env: Record<string, string>;
  /** Node's own flags for the process, such as `--cpu-prof` (LOAD_NODE_ARGS). */
  nodeArgs?: readonly string[];
}): Promise<ProductionServer> {
  const output = openSync(options.logFile, 'a');
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.bundle], {
    cwd: path.dirname(options.logFile),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      ...options.env,
    },
    stdio: ['ignore', output, output],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server = { pid: child.pid ?? 0, logFile: options.logFile, stop: () => stopChild(child, exited) };
  try {
    await waitForHealth(child, options.url, options.logFile);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

async function waitForHealth(child: ChildProcess, url: string, logFile: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited:\n${await readFile(logFile, 'utf8')}`);
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).catch(
      () => undefined,
    );
    if (response?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `The server was not healthy within ${STARTUP_TIMEOUT_MS} ms:\n${await readFile(logFile, 'utf8')}`,
  );
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
  child.kill('SIGTERM');
  const code = await exited;
  clearTimeout(kill);
  return code;
}
