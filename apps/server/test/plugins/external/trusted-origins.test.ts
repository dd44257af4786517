import { networkInterfaces } from 'node:os';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../src/app.ts';
import { trustedOrigins } from '../../../src/config/trusted-origins.ts';
import type { DatabaseHandle } from '../../../src/db/database.ts';
import { GOOD_PASSWORD, uniqueEmail } from '../../support/accounts.ts';
import { buildTestApp, testConfig } from '../../support/build-test-app.ts';
import { createTestDatabase, type Engine, engines } from '../../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

/** A LAN address of this machine, as the development server prints it. */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;

function signUpFrom(app: App, origin: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin },
    payload: { email: uniqueEmail(), password: GOOD_PASSWORD, name: '' },
  });
}

/** An app whose warnings are kept, on a fresh database. */
function setUpApp(engine: Engine, overrides: Record<string, string>) {
  const context = { warnings: [] as string[] } as { app: App; database: DatabaseHandle; warnings: string[] };
  beforeAll(async () => {
    context.database = await createTestDatabase(engine);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        context.warnings.push(JSON.parse(String(chunk)).msg);
        done();
      },
    });
    context.app = await buildTestApp(context.database, {
      config: testConfig(overrides),
      logger: { level: 'warn', stream },
    });
  });
  afterAll(async () => {
    await context.app.close();
    await context.database.close();
  });
  return context;
}

describe.each(ENGINES)('trusted origins (%s)', (engine) => {
  describe('a development server', () => {
    const context = setUpApp(engine, { NODE_ENV: 'development', PORT: '3000' });

    it.each([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://localhost:5173',
      ...(lanAddress ? [`http://${lanAddress}:3000`] : []),
    ])('accepts sign-up from %s, an address it prints', async (origin) => {
      expect((await signUpFrom(context.app, origin)).statusCode).toBe(200);
    });

    it('refuses another site with a message naming the problem, and logs it once', async () => {
      const first = await signUpFrom(context.app, 'http://evil.example');
      expect(first.statusCode).toBe(403);
      expect(first.json()).toMatchObject({
        code: 'FORBIDDEN',
        reason: 'CROSS_SITE_REQUEST',
        userMessage: "This address isn't allowed to make changes. Open Hit21 at http://localhost:3000.",
      });
      await signUpFrom(context.app, 'http://evil.example');
      const logged = context.warnings.filter((message) => message.includes('http://evil.example'));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain('TRUSTED_ORIGINS');
    });
  });

  describe('a production server', () => {
    const context = setUpApp(engine, {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://hit21.example',
      TRUSTED_ORIGINS: 'https://www.hit21.example',
    });

    it.each(['https://hit21.example', 'https://www.hit21.example'])('accepts %s', async (origin) => {
      expect((await signUpFrom(context.app, origin)).statusCode).toBe(200);
    });

    it.each(['http://127.0.0.1:3000', 'http://localhost:3000'])('refuses %s', async (origin) => {
      const response = await signUpFrom(context.app, origin);
      expect(response.statusCode).toBe(403);
      expect(response.json().userMessage).toBe(
        "This address isn't allowed to make changes. Open Hit21 at https://hit21.example.",
      );
    });
  });
});

describe('trustedOrigins', () => {
  it('in production: PUBLIC_URL and TRUSTED_ORIGINS only', () => {
    const config = testConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://hit21.example/',
      TRUSTED_ORIGINS: 'https://www.hit21.example, https://beta.hit21.example',
    });
    expect(trustedOrigins(config)).toEqual([
      'https://hit21.example',
      'https://www.hit21.example',
      'https://beta.hit21.example',
    ]);
  });

  it('outside production: every address the server listens at, on the port it really listens on', () => {
    const origins = trustedOrigins(testConfig({ NODE_ENV: 'development', PORT: '0' }), 41234);
    expect(origins).toEqual(
      expect.arrayContaining(['http://localhost:41234', 'http://127.0.0.1:41234', 'http://localhost:5173']),
    );
  });

  it('refuses a TRUSTED_ORIGINS entry that is not an origin', () => {
    expect(() => testConfig({ TRUSTED_ORIGINS: 'hit21.example' })).toThrow('TRUSTED_ORIGINS');
    expect(() => testConfig({ TRUSTED_ORIGINS: 'https://hit21.example/play' })).toThrow('TRUSTED_ORIGINS');
  });
});
