import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DatabaseHandle,
  MIGRATIONS_FOLDER,
  openDatabase,
  selectRows,
} from '../../../src/db/database.ts';
import { prepareDatabase } from '../../../src/db/prepare-database.ts';
import { latestMigrationTag } from '../../../src/db/schema-version.ts';
import { ORIGIN } from '../../support/accounts.ts';
import { buildTestApp, testConfig } from '../../support/build-test-app.ts';
import { startTcpRelay } from '../../support/tcp-relay.ts';
import { createTestDatabase, engines } from '../../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');
const SCHEMA_ENGINES = engines('both', 'reads the state of the migrations');

const READINESS_URLS = ['/api/health/ready', '/api/health'];
const PROBE_URLS = ['/api/health/live', ...READINESS_URLS];

/** The migrations of the code, oldest first. */
async function migrationTags(): Promise<string[]> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
  return (journal.entries as { tag: string }[]).map((entry) => entry.tag);
}

/** Drops drizzle's record of the newest migration, as if it had not run; answers how to put it back. */
async function forgetNewestMigration(database: DatabaseHandle) {
  const [row] = await selectRows<{ hash: string; created_at: string }>(
    database.db,
    sql`delete from drizzle.__drizzle_migrations
        where created_at = (select max(created_at) from drizzle.__drizzle_migrations)
        returning hash, created_at`,
  );
  return () =>
    database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row?.hash}, ${row?.created_at})`,
    );
}

/** Records a migration newer than any of this code's, as a later release would have applied. */
async function recordNewerMigration(database: DatabaseHandle) {
  await database.db.execute(
    sql`insert into drizzle.__drizzle_migrations (hash, created_at)
        select 'from-a-later-release', max(created_at) + 1000 from drizzle.__drizzle_migrations`,
  );
}

describe.each(ENGINES)('the health probes on %s', (engine) => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let latestTag: string | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(engine, { prepare: true });
    app = await buildTestApp(database);
    latestTag = await latestMigrationTag();
  });
  afterAll(async () => {
    await app.close();
    await database.close().catch(() => {});
  });

  it('GET /api/health/live answers 200', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/health/ready and /api/health answer 200: database up, fully migrated, season loaded', async () => {
    const season = await app.activeSeason.get();
    for (const url of READINESS_URLS) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({
        status: 'ok',
        database: { engine, reachable: true, schemaVersion: latestTag, expectedSchemaVersion: latestTag },
        season: { id: season.id },
      });
    }
  });

  it('are never refused by the rate limit, which still counts the rest of the API', async () => {
    const limited = await buildTestApp(database, { config: testConfig({ RATE_LIMIT_MAX: '3' }) });
    try {
      for (let round = 0; round < 10; round += 1) {
        for (const url of PROBE_URLS) {
          const response = await limited.inject({ method: 'GET', url });
          expect(response.statusCode, url).toBe(200);
          expect(response.headers['x-ratelimit-limit'], url).toBeUndefined();
        }
      }
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        statuses.push((await limited.inject({ method: 'GET', url: '/api/waitlist/count' })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('send security headers', async () => {
    for (const url of PROBE_URLS) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('are in the OpenAPI document with their answers', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const url of PROBE_URLS) {
      expect(document.paths[url]?.get?.tags, url).toEqual(['health']);
      expect(Object.keys(document.paths[url]?.get?.responses ?? {}), url).toEqual(
        url === '/api/health/live' ? ['200'] : ['200', '503'],
      );
    }
  });

  it('readiness answers 503 once the database is down; liveness still 200', async () => {
    await database.close();
    for (const url of READINESS_URLS) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        reason: 'DATABASE_UNREACHABLE',
        message: 'The database does not answer',
        database: { engine, reachable: false, schemaVersion: null, expectedSchemaVersion: latestTag },
        season: { id: null },
      });
    }
    const live = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
  });
});

describe.each(SCHEMA_ENGINES)('readiness of a database not set up on %s', (engine) => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    database = await createTestDatabase(engine, { migrate: false });
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function readiness() {
    const responses = await Promise.all(READINESS_URLS.map((url) => app.inject({ method: 'GET', url })));
    expect(responses[0]?.json()).toEqual(responses[1]?.json());
    return responses[0] as NonNullable<(typeof responses)[0]>;
  }

  it('is 503 SCHEMA_BEHIND before migrations, and one migration behind', async () => {
    const tags = await migrationTags();
    const unmigrated = await readiness();
    expect(unmigrated.statusCode).toBe(503);
    expect(unmigrated.json()).toMatchObject({
      reason: 'SCHEMA_BEHIND',
      message: `The database is at no migration; this server needs ${tags.at(-1)}`,
      database: { reachable: true, schemaVersion: null, expectedSchemaVersion: tags.at(-1) },
    });

    await database.migrate();
    const restoreNewestMigration = await forgetNewestMigration(database);
    const behind = await readiness();
    expect(behind.statusCode).toBe(503);
    expect(behind.json()).toMatchObject({
      reason: 'SCHEMA_BEHIND',
      database: { schemaVersion: tags.at(-2), expectedSchemaVersion: tags.at(-1) },
    });
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    await restoreNewestMigration();
  });

  it('is 503 SEASON_NOT_LOADED when migrated without season data, then 200 once it is loaded', async () => {
    const empty = await readiness();
    expect(empty.statusCode).toBe(503);
    expect(empty.json()).toMatchObject({
      status: 'unavailable',
      reason: 'SEASON_NOT_LOADED',
      message: 'No season is loaded',
      database: { reachable: true, schemaVersion: await latestMigrationTag() },
      season: { id: null },
    });

    await prepareDatabase(database);
    const loaded = await readiness();
    expect(loaded.statusCode).toBe(200);
    expect(loaded.json()).toMatchObject({ status: 'ok', season: { id: expect.any(String) } });
  });

  it('stays 200 on a database a newer release has migrated further', async () => {
    await recordNewerMigration(database);
    const ahead = await readiness();
    expect(ahead.statusCode).toBe(200);
    expect(ahead.json()).toMatchObject({
      database: { schemaVersion: expect.stringMatching(/^unknown \(\d+\)$/) },
    });
  });
});

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
    const relay = await startTcpRelay(serverUrl.toString());
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ engine: 'postgres', url: relay.relayed(url.toString()) });
    const { lines, logger } = recordingLogger();
    const app = await (async () => {
      // Season data too: /api/health answers 200 only for an instance ready to serve.
      await prepareDatabase(database);
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
