import { randomBytes } from 'node:crypto';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../../src/db/database.ts';
import { latestMigrationTag } from '../../../src/db/schema-version.ts';
import { ORIGIN } from '../../support/accounts.ts';
import { buildTestApp } from '../../support/build-test-app.ts';
import { createTestDatabase, TEST_ENGINES } from '../../support/test-database.ts';

describe.each(TEST_ENGINES)('GET /api/health on %s', (engine) => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close().catch(() => {});
  });

  it('answers 200 with the database reachable and the schema version', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: { engine, reachable: true, schemaVersion: await latestMigrationTag() },
    });
  });

  it('sends security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-ratelimit-limit']).toBeDefined();
  });

  it('answers 503 once the database is down', async () => {
    await database.close();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unavailable',
      database: { engine, reachable: false, schemaVersion: null },
    });
  });
});

/** A TCP relay in front of the PostgreSQL server: stopping it is the server going away. */
async function startRelay(target: URL) {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve) =>
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
  const port = await listen(0);
  return {
    port,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
    start: () => listen(port),
  };
}

/** A logger that keeps what it writes, to count the lines an outage logs. */
function recordingLogger() {
  const lines: { level: number; msg: string }[] = [];
  return {
    lines,
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  };
}

const UNAVAILABLE = {
  code: 'UNAVAILABLE',
  message: 'Database unreachable',
  userMessage: "Hit21 can't reach its database right now. Please try again in a minute.",
  reason: 'DATABASE_UNREACHABLE',
};

describe('a database outage on pglite', () => {
  it('answers 503 with a clear message on every route, logged once', async () => {
    const database = await createTestDatabase('pglite');
    const { lines, logger } = recordingLogger();
    const app = await buildTestApp(database, { logger });
    try {
      await database.close();
      for (const [method, url, payload] of [
        ['GET', '/api/season'],
        ['GET', '/api/waitlist/count'],
        ['GET', '/api/clubs'],
        ['POST', '/api/auth/sign-in/email', { email: 'fan@example.com', password: 'Matchday#2025' }],
      ] as const) {
        const response = await app.inject({ method, url, headers: { origin: ORIGIN }, payload });
        expect(response.statusCode, `${method} ${url}`).toBe(503);
        expect(response.json()).toMatchObject(UNAVAILABLE);
      }
      expect(lines.filter((line) => /database unreachable/i.test(line.msg))).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a database outage on postgres', () => {
  it('answers 503 while the server is gone, logs the outage and the recovery once', async () => {
    const serverUrl = new URL(process.env.TEST_DATABASE_URL ?? '');
    const name = `hit21_outage_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl.toString() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const relay = await startRelay(serverUrl);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    url.port = String(relay.port);
    const database = await openDatabase({ engine: 'postgres', url: url.toString() });
    const { lines, logger } = recordingLogger();
    const app = await (async () => {
      await database.migrate();
      return buildTestApp(database, { logger });
    })();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/waitlist/count' })).statusCode).toBe(200);

      await relay.stop();
      for (const url of ['/api/season', '/api/waitlist/count', '/api/clubs', '/api/health']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(503);
        if (url !== '/api/health') expect(response.json()).toMatchObject(UNAVAILABLE);
      }
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: ORIGIN },
        payload: { email: 'fan@example.com', password: 'Matchday#2025' },
      });
      expect(signIn.statusCode).toBe(503);
      expect(signIn.json()).toMatchObject(UNAVAILABLE);

      await relay.start();
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/waitlist/count' })).statusCode).toBe(200);
      expect(lines.filter((line) => /database unreachable/i.test(line.msg))).toHaveLength(1);
      expect(lines.filter((line) => /database reachable again/i.test(line.msg))).toHaveLength(1);
    } finally {
      await app.close();
      await database.close();
      await relay.stop().catch(() => {});
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
