import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import type { Config } from '../../src/config/env.ts';
import { listenAsConfigured } from '../../src/config/listen.ts';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { buildTestApp, testConfig } from '../support/build-test-app.ts';
import { createTestDatabase } from '../support/test-database.ts';

const hasIpv6Loopback = Object.values(networkInterfaces()).some((entries) =>
  entries?.some((entry) => entry.address === '::1'),
);

/** The status of GET /api/health/live at `origin`, or the connection error's code. */
async function healthAt(origin: string): Promise<number | string> {
  try {
    return (await fetch(`${origin}/api/health/live`)).status;
  } catch (error) {
    return String((error as { cause?: { code?: string } }).cause?.code ?? error);
  }
}

describe.skipIf(!hasIpv6Loopback)('where the server listens', () => {
  let database: DatabaseHandle;
  const apps: App[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });

  async function listening(config: Config) {
    const app = await buildTestApp(database, { config });
    apps.push(app);
    const address = await listenAsConfigured(app, config);
    return { app, port: new URL(address).port };
  }

  it('a development server on 127.0.0.1 answers at [::1] too, on the same port, until it closes', async () => {
    const { app, port } = await listening(
      testConfig({ NODE_ENV: 'development', HOST: '127.0.0.1', PORT: '0' }),
    );
    expect(await healthAt(`http://127.0.0.1:${port}`)).toBe(200);
    expect(await healthAt(`http://[::1]:${port}`)).toBe(200);
    await app.close();
    expect(await healthAt(`http://[::1]:${port}`)).toBe('ECONNREFUSED');
  });

  it('a production server listens only where HOST says', async () => {
    const { port } = await listening(
      testConfig({
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        PUBLIC_URL: 'http://localhost:3000',
      }),
    );
    expect(await healthAt(`http://127.0.0.1:${port}`)).toBe(200);
    expect(await healthAt(`http://[::1]:${port}`)).toBe('ECONNREFUSED');
  });
});
