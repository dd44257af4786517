import { fileURLToPath } from 'node:url';
import { type BuildAppOptions, buildApp } from '../../src/app.ts';
import type { Clock } from '../../src/config/clock.ts';
import { type Config, parseConfig } from '../../src/config/env.ts';
import type { DatabaseHandle } from '../../src/db/database.ts';

/** A test configuration: quiet logs, no web build unless asked for, generous rate limit. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '10000',
    ACCOUNT_RATE_LIMIT_PER_CLIENT: '10000',
    ACCOUNT_RATE_LIMIT_PER_ADDRESS: '10000',
    BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    WEB_DIST_DIR: fileURLToPath(new URL('../fixtures/no-web-build', import.meta.url)),
    ...overrides,
  });
}

export async function buildTestApp(
  database: DatabaseHandle,
  options: { config?: Config; clock?: Clock; logger?: BuildAppOptions['logger'] } = {},
) {
  const app = await buildApp({
    config: options.config ?? testConfig(),
    database,
    clock: options.clock,
    logger: options.logger,
  });
  await app.ready();
  return app;
}

/** A clock pinned to an instant. */
export const clockAt =
  (iso: string): Clock =>
  () =>
    new Date(iso);
