/**
 * The production build (decision 014): the server as `npm run build` bundles it runs on Node
 * alone, with no TypeScript loader, finds its migrations and season data wherever it is
 * started from, and refuses to start in production without PUBLIC_URL.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT, SERVER_ROOT } from '../../src/config/env.ts';
import { findFreePort } from '../support/server-processes.ts';
import { createScratchDatabase, engines } from '../support/test-database.ts';

const ENGINES = engines('both', "the bundle carries each engine's driver");

const NO_WEB_BUILD = path.join(SERVER_ROOT, 'test/fixtures/no-web-build');
const STARTUP_TIMEOUT_MS = 45_000;

let buildDir: string;
let bundle: string;
let dataDir: string;

beforeAll(async () => {
  // Inside the server's folder like dist/ (the bundle reads its data from there), but never
  // dist/ itself, which a running server may be using.
  buildDir = await mkdtemp(path.join(SERVER_ROOT, 'dist-test-'));
  await promisify(execFile)('npm', ['run', 'build', '-w', '@hit21/server', '--', '--dir', buildDir], {
    cwd: REPOSITORY_ROOT,
  });
  bundle = path.join(buildDir, 'server.js');
  dataDir = await mkdtemp(path.join(tmpdir(), 'hit21-production-build-'));
});

afterEach(stopStarted);

afterAll(async () => {
  await rm(buildDir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

describe('the production build', () => {
  it('is the file npm run start:production runs, with node alone', async () => {
    const { scripts } = JSON.parse(await readFile(path.join(REPOSITORY_ROOT, 'package.json'), 'utf8'));
    expect(scripts['start:production']).toBe('NODE_ENV=production exec node apps/server/dist/server.js');
  });

  it('has our TypeScript compiled in, and imports only Node and runtime dependencies', async () => {
    const code = await readFile(bundle, 'utf8');
    const imported = [...code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g)].map(
      (match) => match[1] as string,
    );
    expect(imported).toContain('fastify');
    // A deployment may install without dev dependencies; @hit21/core exports TypeScript.
    const runtimeDependencies = new Set(
      [...(await dependenciesOf('apps/server')), ...(await dependenciesOf('packages/core'))].filter(
        (name) => !name.startsWith('@hit21/'),
      ),
    );
    expect(
      imported.filter(
        (specifier) => !isBuiltin(specifier) && !runtimeDependencies.has(packageName(specifier)),
      ),
    ).toEqual([]);
  });

  describe.each(ENGINES)('started with node alone (%s)', (engine) => {
    let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
    afterAll(async () => {
      await scratch?.drop();
    });

    it('migrates, loads the season and answers', async () => {
      if (engine === 'postgres') scratch = await createScratchDatabase();
      const port = await findFreePort();
      const url = `http://127.0.0.1:${port}`;
      const server = startBundle({
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
        BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
        DATA_DIR: path.join(dataDir, engine),
        WEB_DIST_DIR: NO_WEB_BUILD,
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      });
      expect(server.child.spawnargs).toEqual([process.execPath, bundle]);

      const health = await waitForHealth(server, url);
      expect(health.status, server.output()).toBe(200);
      expect(await health.json()).toMatchObject({
        status: 'ok',
        database: { engine, reachable: true, schemaVersion: expect.stringMatching(/^\d{4}_/) },
      });
      const season = await fetch(`${url}/api/season`);
      expect(season.status).toBe(200);
      expect(await season.json()).toMatchObject({ id: expect.any(String), gameweeks: expect.any(Array) });
      expect(server.output()).toContain('Hit21 is running at');
    });
  });

  it('refuses to start in production without PUBLIC_URL, naming it', async () => {
    const server = startBundle({
      BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: path.join(dataDir, 'refused'),
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration:\n  PUBLIC_URL: is required in production');
    expect(server.output()).not.toContain('BETTER_AUTH_SECRET');
  });
});

async function dependenciesOf(workspace: string): Promise<string[]> {
  const manifest = JSON.parse(await readFile(path.join(REPOSITORY_ROOT, workspace, 'package.json'), 'utf8'));
  return Object.keys(manifest.dependencies ?? {});
}

/** `drizzle-orm` for `drizzle-orm/pg-core`, `@fastify/static` for itself. */
function packageName(specifier: string): string {
  return specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
}

interface StartedBundle {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const started: StartedBundle[] = [];
process.once('exit', () => {
  for (const server of started) server.child.kill('SIGKILL');
});

/** The bundle run as `npm run start:production` runs it: Node and the file, nothing more. */
function startBundle(env: Record<string, string>): StartedBundle {
  const child = spawn(process.execPath, [bundle], {
    // Not the repository: every path the server reads must come from the bundle's own place.
    cwd: dataDir,
    // No NODE_OPTIONS or anything else of the test runner's, which could bring a loader in.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server = { child, output: () => chunks.join(''), exited };
  started.push(server);
  return server;
}

/** The first answer of /api/health, whatever its status. */
async function waitForHealth(server: StartedBundle, url: string): Promise<Response> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`The bundle exited:\n${server.output()}`);
    const response = await fetch(`${url}/api/health`).catch(() => undefined);
    if (response) return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The bundle did not answer within ${STARTUP_TIMEOUT_MS} ms:\n${server.output()}`);
}

/** SIGTERM (the server drains for up to 10 s), then SIGKILL. */
async function stopStarted(): Promise<void> {
  for (const server of started.splice(0)) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) continue;
    const kill = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
    server.child.kill('SIGTERM');
    await server.exited;
    clearTimeout(kill);
  }
}
