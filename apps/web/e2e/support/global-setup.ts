import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../../server/src/app.ts';
import { parseConfig } from '../../../server/src/config/env.ts';
import {
  createDemoClock,
  DEMO_CLOCK_FILE_NAME,
  demoStart,
  writeDemoClock,
} from '../../../server/src/plugins/app/demo/demo-clock.ts';
import { findActiveSeason } from '../../../server/src/plugins/app/season/season-repository.ts';
import { cheapPasswordHasher } from '../../../server/test/support/password-hasher.ts';
import { createTestDatabase } from '../../../server/test/support/test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker of the browser project, each on its own database (`testServer()`). */
    browserServers: BrowserTestServer[];
    /** The production build the servers serve, to list every file it should answer. */
    webDistDir: string;
  }
}

export interface BrowserTestServer {
  baseUrl: string;
  /** Where this server's SMTP server writes each message it receives, one .eml file each. */
  smtpMailDir: string;
  /** The server's demo clock: tests move it with support/clock.ts. */
  demoClockFile: string;
  /** Held by the test file using the server (support/test-server.ts). */
  claimFile: string;
}

/** A real SMTP server on loopback: the product sends its e-mail here, as it would in production. */
async function startSmtpSink(mailDir: string): Promise<{ port: number; close: () => Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received += 1;
        writeFile(path.join(mailDir, `${String(received).padStart(5, '0')}.eml`), Buffer.concat(chunks)).then(
          () => callback(),
          callback,
        );
      });
    },
  });
  const port = await findFreePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

function findFreePort(): Promise<number> {
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

const WEB_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Builds the web app as it ships, once, and serves it from one real server per worker of the
 * browser project (its `maxWorkers`), each on a fresh embedded database with the committed
 * season, its own SMTP server and its own demo clock: test files run side by side, each against
 * a server it has to itself (support/test-server.ts), and a test that moves the clock moves only
 * its own server's.
 */
export default async function setup(project: TestProject) {
  const outDir = await mkdtemp(path.join(tmpdir(), 'hit21-e2e-web-'));
  // Build exactly as `npm start` does: Vite takes NODE_ENV (here "test") to mean a development build.
  const testNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: WEB_ROOT,
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = testNodeEnv;
  }
  project.provide('webDistDir', outDir);

  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const servers = await Promise.all(Array.from({ length: workers }, () => startTestServer(outDir)));
  project.provide(
    'browserServers',
    servers.map((server) => server.info),
  );

  return async () => {
    await Promise.all(servers.map((server) => server.close()));
    await rm(outDir, { recursive: true, force: true });
    // The server's renderer, built beside the web build (apps/web/vite.config.ts).
    await rm(`${outDir}-server`, { recursive: true, force: true });
  };
}

async function startTestServer(
  webDistDir: string,
): Promise<{ info: BrowserTestServer; close: () => Promise<void> }> {
  const mailDir = await mkdtemp(path.join(tmpdir(), 'hit21-e2e-mail-'));
  const smtp = await startSmtpSink(mailDir);
  // On PostgreSQL when the run has one (CI): a native server spends far less CPU per request than
  // the embedded PGlite, and the servers of all browser workers run in this one process. Either
  // way a copy of the prepared template (the committed season loaded), as the server tests use.
  const database = await createTestDatabase(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', {
    prepare: true,
  });
  // The server runs on the demo clock, a day before the pick deadline unless a test moves it.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hit21-e2e-data-'));
  const demoClockFile = path.join(dataDir, DEMO_CLOCK_FILE_NAME);
  await writeDemoClock(demoClockFile, demoStart(await findActiveSeason(database.db)));
  // The public URL must be known before the app is built (links in e-mails, origin checks).
  const port = await findFreePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    WEB_DIST_DIR: webDistDir,
    DATA_DIR: dataDir,
    DEMO_CLOCK: 'on',
    BETTER_AUTH_SECRET: 'browser-tests-secret-browser-tests-secret',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    // Every browser test signs up from the same address; the limits have server tests of their own.
    RATE_LIMIT_MAX: '100000',
    ACCOUNT_RATE_LIMIT_PER_CLIENT: '100000',
    ACCOUNT_RATE_LIMIT_PER_ADDRESS: '100000',
    NOTIFICATION_STREAMS_PER_CLIENT: '100000',
    // The deadline reminders within seconds of a test's player becoming one they are for.
    DEADLINE_MAILS_INTERVAL_SECONDS: '5',
  });
  const app = await buildApp({
    config,
    database,
    clock: createDemoClock(demoClockFile, () => new Date()),
    // The journeys sign up hundreds of accounts; the real scrypt cost is the server tests' to check.
    passwordHasher: cheapPasswordHasher,
  });
  await app.listen({ host: '127.0.0.1', port });
  return {
    info: {
      baseUrl: publicUrl,
      smtpMailDir: mailDir,
      demoClockFile,
      claimFile: path.join(dataDir, 'claimed-by'),
    },
    async close() {
      await app.close();
      await database.close();
      await smtp.close();
      await rm(mailDir, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
