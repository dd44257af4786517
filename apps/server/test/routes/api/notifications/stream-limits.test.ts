import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../../src/app.ts';
import type { DatabaseHandle } from '../../../../src/db/database.ts';
import { ORIGIN, signUp } from '../../../support/accounts.ts';
import { buildTestApp, testConfig } from '../../../support/build-test-app.ts';
import { type EventStream, openEventStream } from '../../../support/event-stream.ts';
import { createTestDatabase, engines } from '../../../support/test-database.ts';

const ENGINES = engines('postgres', 'live streams LISTEN on their own connection');

const STREAM = '/api/notifications/stream';
const PER_CLIENT = 3;
const PER_INSTANCE = 12;

/** Resolves when `condition` holds, polling; fails the test after `timeoutMs`. */
async function until(condition: () => boolean, timeoutMs = 5_000) {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error('Timed out waiting');
    await sleep(10);
  }
}

describe.each(ENGINES)('the caps on live streams (%s)', (engine) => {
  let database: DatabaseHandle;
  let app: App;
  let baseUrl: string;
  let distDir: string;
  const warnings: string[] = [];
  const opened: EventStream[] = [];
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'hit21-dist-'));
    await writeFile(
      path.join(distDir, 'index.html'),
      '<!doctype html><title>Hit21</title><div id="root"></div>',
    );
    database = await createTestDatabase(engine, { prepare: true });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        const line = JSON.parse(String(chunk));
        if (line.level === 40) warnings.push(line.msg);
        done();
      },
    });
    app = await buildTestApp(database, {
      // The proxy on loopback says who each client is, so one machine plays many addresses.
      config: testConfig({
        TRUST_PROXY: 'loopback',
        NOTIFICATION_STREAMS_PER_CLIENT: String(PER_CLIENT),
        NOTIFICATION_STREAMS_MAX: String(PER_INSTANCE),
        WEB_DIST_DIR: distDir,
      }),
      logger: { level: 'warn', stream },
    });
    baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    for (const stream of opened) stream.close();
    await app.close();
    await database.close();
    await rm(distDir, { recursive: true, force: true });
  });

  async function open(cookie: string, clientAddress: string) {
    const stream = await openEventStream(`${baseUrl}${STREAM}`, {
      cookie,
      headers: { 'x-forwarded-for': clientAddress },
    });
    opened.push(stream);
    return stream;
  }

  it('refuses past the client cap with 429 and past the instance cap with 503, and the rest still answers', async () => {
    const accounts: Awaited<ReturnType<typeof signUp>>[] = [];
    for (let index = 0; index < 8; index += 1) accounts.push(await signUp(app));
    const cookieOf = (index: number) => accounts[index % accounts.length]?.cookie ?? '';

    // Four addresses, three streams each, from accounts spread over them: the instance is full.
    const streams: EventStream[] = [];
    for (let client = 1; client <= PER_INSTANCE / PER_CLIENT; client += 1) {
      for (let index = 0; index < PER_CLIENT; index += 1)
        streams.push(await open(cookieOf(client * PER_CLIENT + index), `198.51.100.${client}`));
      // One more from the same address, with an account it has not used yet.
      const refused = await open(cookieOf(client), `198.51.100.${client}`);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(JSON.parse(refused.body)).toEqual({
        code: 'RATE_LIMITED',
        reason: 'TOO_MANY_STREAMS',
        message: `This client address holds its cap of ${PER_CLIENT} live streams`,
        userMessage: 'Too many live connections from your network. Try again in 60 seconds.',
      });
    }
    expect(streams.map((stream) => stream.status)).toEqual(Array(PER_INSTANCE).fill(200));
    expect(app.notificationHub.counts()).toEqual({ streams: PER_INSTANCE, players: 8 });

    for (const client of ['198.51.100.50', '2001:db8::7']) {
      const refused = await open(cookieOf(0), client);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('30');
      expect(JSON.parse(refused.body)).toEqual({
        code: 'UNAVAILABLE',
        reason: 'STREAMS_FULL',
        message: `This instance holds its cap of ${PER_INSTANCE} live streams`,
        userMessage: 'Live updates are busy right now. Try again in 30 seconds.',
      });
    }
    // Once as it neared the cap and once as it reached it, not per stream or refusal.
    expect(warnings.filter((message) => message.startsWith('Live notification streams'))).toEqual([
      "Live notification streams: 10 open, near this instance's cap of 12",
      expect.stringContaining('this instance is at its cap; new streams are refused with 503'),
    ]);

    // Health, sign-in and a page answer all the while.
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
    const [account] = accounts;
    const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ email: account?.email, password: account?.password }),
    });
    expect(signIn.status).toBe(200);
    const page = await fetch(`${baseUrl}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Hit21</title>');

    // A stream that ends frees its slot, for its own address and the instance.
    (streams[0] as EventStream).close();
    await until(() => app.notificationHub.counts().streams === PER_INSTANCE - 1);
    expect((await open(cookieOf(0), '198.51.100.50')).status).toBe(200);
    expect((await open(cookieOf(0), '198.51.100.1')).status).toBe(503);
  });
});

describe('a stream at the end of its lifetime', () => {
  let database: DatabaseHandle;
  let app: App;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildTestApp(database, { config: testConfig({ NOTIFICATION_STREAM_LIFETIME_SECONDS: '1' }) });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('is ended by the server within the lifetime, and the page can reconnect at once', async () => {
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const { cookie } = await signUp(app);
    const started = performance.now();
    const stream = await openEventStream(`${baseUrl}${STREAM}`, { cookie });
    expect(stream.status).toBe(200);
    await stream.ended;
    const lived = performance.now() - started;
    // Jittered between three quarters of the lifetime and all of it.
    expect(lived).toBeGreaterThan(700);
    expect(lived).toBeLessThan(1_500);
    expect(stream.retry).toBe(3_000);
    await until(() => app.notificationHub.counts().streams === 0);
    const again = await openEventStream(`${baseUrl}${STREAM}`, { cookie });
    expect(again.status).toBe(200);
    again.close();
  });
});
