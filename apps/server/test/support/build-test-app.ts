import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { type BuildAppOptions, buildApp } from '../../src/app.ts';
import type { Clock } from '../../src/config/clock.ts';
import { type Config, parseConfig } from '../../src/config/env.ts';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { cheapPasswordHasher } from './password-hasher.ts';
import { createTestDatabase, type Engine } from './test-database.ts';

/** A test configuration: quiet logs, no web build unless asked for, generous rate limits. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '10000',
    ACCOUNT_RATE_LIMIT_PER_CLIENT: '10000',
    ACCOUNT_RATE_LIMIT_PER_ADDRESS: '10000',
    // Every test client is 127.0.0.1; stream-limits.test.ts sets its own caps.
    NOTIFICATION_STREAMS_PER_CLIENT: '10000',
    BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    WEB_DIST_DIR: fileURLToPath(new URL('../fixtures/no-web-build', import.meta.url)),
    ...overrides,
  });
}

export async function buildTestApp(
  database: DatabaseHandle,
  options: {
    config?: Config;
    clock?: Clock;
    logger?: BuildAppOptions['logger'];
    boards?: BuildAppOptions['boards'];
  } = {},
) {
  const app = await buildApp({
    config: options.config ?? testConfig(),
    database,
    clock: options.clock,
    logger: options.logger,
    boards: options.boards,
    passwordHasher: cheapPasswordHasher,
  });
  await app.ready();
  return app;
}

/** A clock pinned to an instant. */
export const clockAt =
  (iso: string): Clock =>
  () =>
    new Date(iso);

/**
 * One app on a fresh database of `engine` for the test file's describe block that calls it;
 * `prepare` also loads the committed season (clubs are needed by onboarding).
 */
export function setUpTestApp(
  engine: Engine,
  options: { prepare?: boolean; clock?: Clock; config?: Config; boards?: BuildAppOptions['boards'] } = {},
) {
  const context = {} as { app: Awaited<ReturnType<typeof buildTestApp>>; database: DatabaseHandle };
  beforeAll(async () => {
    context.database = await createTestDatabase(engine, { prepare: options.prepare });
    context.app = await buildTestApp(context.database, options);
  });
  afterAll(async () => {
    await context.app.close();
    await context.database.close();
  });
  return context;
}
