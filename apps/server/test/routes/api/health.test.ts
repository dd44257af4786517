import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/database.ts';
import { latestMigrationTag } from '../../../src/db/schema-version.ts';
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
