import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../../src/app.ts';
import type { Config } from '../../src/config/env.ts';
import { loggingOptions } from '../../src/config/logging.ts';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { cookieFrom, GOOD_PASSWORD, send, uniqueEmail } from '../support/accounts.ts';
import { testConfig } from '../support/build-test-app.ts';
import { createTestDatabase, engines } from '../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

const productionConfig = (overrides: Record<string, string> = {}) =>
  testConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    PUBLIC_URL: 'http://localhost:3000',
    BETTER_AUTH_SECRET: 'logging-secret-logging-secret-logging-0',
    ...overrides,
  });

/** An app with the production logger, writing into `written` instead of standard output. */
async function appWithLogs(database: DatabaseHandle, config: Config) {
  const written: string[] = [];
  const app = await buildApp({ config, database, logDestination: { write: (line) => written.push(line) } });
  await app.ready();
  return { app, written };
}

/** Every line written, each checked to be exactly one JSON object. */
function parseLines(written: string[]): LogLine[] {
  return written.map((line) => {
    expect(line.endsWith('\n') && !line.slice(0, -1).includes('\n'), line).toBe(true);
    const parsed: unknown = JSON.parse(line);
    expect(parsed).toBeTypeOf('object');
    return parsed as LogLine;
  });
}

const completedLine = (lines: LogLine[], url: string) =>
  lines.find((line) => line.msg === 'request completed' && line.url === url);

describe.each(ENGINES)('structured logs in production on %s', (engine) => {
  let database: DatabaseHandle;
  let app: App;
  let written: string[];
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ app, written } = await appWithLogs(database, productionConfig()));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  let consoleCalls: ReturnType<typeof vi.spyOn>[];
  beforeEach(() => {
    written.length = 0;
    consoleCalls = (['log', 'info', 'warn', 'error'] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation(() => {}),
    );
  });
  afterEach(() => {
    // Nothing goes around the logger as plain text (better-auth's own lines included).
    for (const call of consoleCalls) expect(call).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('logs a signed-in request on one JSON line: id, method, route, path, status, time and user', async () => {
    const email = uniqueEmail('logged');
    const signUp = await send(app, 'POST', '/api/auth/sign-up/email', {
      body: { email, password: GOOD_PASSWORD, name: '' },
    });
    const userId = (signUp.json() as { user: { id: string } }).user.id;
    const response = await send(app, 'GET', '/api/profile', { cookie: cookieFrom(signUp) });
    expect(response.statusCode).toBe(200);

    const lines = parseLines(written);
    const line = completedLine(lines, '/api/profile');
    expect(line).toMatchObject({
      level: 30,
      method: 'GET',
      route: '/api/profile',
      url: '/api/profile',
      statusCode: 200,
      userId,
      requestId: response.headers['x-request-id'],
    });
    expect(line?.responseTime).toBeTypeOf('number');
    expect(String(line?.requestId)).toMatch(/^[0-9a-f-]{36}$/);
    // One line per request, the incoming one only at debug level.
    expect(lines.filter((entry) => entry.requestId === line?.requestId)).toHaveLength(1);
    // The sign-up had no session yet: no user named.
    expect(completedLine(lines, '/api/auth/sign-up/email')).not.toHaveProperty('userId');
  });

  it('logs sign-in attempts without the password, the cookies or the session token', async () => {
    const email = uniqueEmail('secret');
    const password = 'Correct#Horse2025';
    const signUp = await send(app, 'POST', '/api/auth/sign-up/email', {
      body: { email, password, name: '' },
    });
    const wrong = await send(app, 'POST', '/api/auth/sign-in/email', {
      body: { email, password: 'Wrong#Guess2025' },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await send(app, 'POST', '/api/auth/sign-in/email', {
      body: { email, password },
      cookie: cookieFrom(signUp),
    });
    expect(right.statusCode).toBe(200);
    const sessionCookie = cookieFrom(right);
    const sessionToken = decodeURIComponent(sessionCookie.split('=')[1]?.split('.')[0] ?? '');
    expect(sessionToken.length).toBeGreaterThan(16);
    await send(app, 'GET', '/api/profile', { cookie: sessionCookie });

    const lines = parseLines(written);
    const signIns = lines.filter((line) => line.url === '/api/auth/sign-in/email' && line.statusCode);
    expect(signIns.map((line) => line.statusCode)).toEqual([401, 200]);
    // better-auth's own word on the wrong password, as a JSON line of the same request.
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'better-auth: Invalid password',
        requestId: wrong.headers['x-request-id'],
      }),
    );
    const text = written.join('');
    for (const secret of [password, 'Wrong#Guess2025', GOOD_PASSWORD, sessionToken, sessionCookie]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/session_token|set-cookie|"cookie"/i);
  });

  it('logs addresses without their query, and with invite codes and reset tokens masked', async () => {
    await app.inject({ method: 'POST', url: '/api/mail/unsubscribe?token=query-secret-1' });
    await app.inject({ method: 'GET', url: '/api/leagues/invite/CODESECRET2' });
    await app.inject({ method: 'GET', url: '/api/auth/reset-password/tokensecret3?callbackURL=/x' });
    await app.inject({ method: 'GET', url: '/api/no-such-route?token=query-secret-4' });

    const lines = parseLines(written);
    expect(
      lines.filter((line) => line.msg === 'request completed').map((line) => [line.route, line.url]),
    ).toEqual([
      ['/api/mail/unsubscribe', '/api/mail/unsubscribe'],
      ['/api/leagues/invite/:code', '/api/leagues/invite/[redacted]'],
      ['/api/auth/*', '/api/auth/reset-password/[redacted]'],
      [undefined, '/api/no-such-route'],
    ]);
    expect(written.join('')).not.toMatch(/secret/i);
  });

  it('redacts cookies, authorization, passwords and tokens wherever a log call puts them', () => {
    app.log.info(
      {
        headers: { cookie: 'a=cookie-secret', authorization: 'Bearer bearer-secret' },
        request: { headers: { 'set-cookie': 'b=set-cookie-secret' } },
        body: { email: 'fan@example.com', password: 'password-secret', token: 'token-secret' },
        newPassword: 'new-password-secret',
      },
      'a careless log call',
    );
    const [line] = parseLines(written);
    expect(line).toMatchObject({
      headers: { cookie: '[redacted]', authorization: '[redacted]' },
      request: { headers: { 'set-cookie': '[redacted]' } },
      body: { email: 'fan@example.com', password: '[redacted]', token: '[redacted]' },
      newPassword: '[redacted]',
    });
    expect(written.join('')).not.toMatch(/secret/);
  });

  it("logs a failed query's error without its parameters", async () => {
    const error = (await database.db
      .execute(sql`select ${'param-secret-5'}::text, 1 / 0`)
      .catch((caught: unknown) => caught)) as Error;
    // The error itself carries the parameter: the logger must leave it out.
    expect(error.message).toContain('param-secret-5');
    app.log.error({ err: error }, 'A query failed');
    const [line] = parseLines(written);
    expect(line?.err).toMatchObject({ message: expect.stringContaining('params: [redacted]') });
    expect(written.join('')).not.toContain('param-secret-5');
  });
});

describe('request ids and log format by environment', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(() => database.close());

  it('takes the request id of a proxy named in TRUST_PROXY, and makes its own otherwise', async () => {
    for (const [trustProxy, expected] of [
      ['127.0.0.1', 'lb-4f1c.9'],
      ['', undefined],
    ] as const) {
      const { app, written } = await appWithLogs(database, productionConfig({ TRUST_PROXY: trustProxy }));
      try {
        const response = await app.inject({
          method: 'GET',
          url: '/api/waitlist/count',
          headers: { 'x-request-id': 'lb-4f1c.9' },
        });
        const requestId = response.headers['x-request-id'];
        if (expected) expect(requestId).toBe(expected);
        else expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
        expect(completedLine(parseLines(written), '/api/waitlist/count')?.requestId).toBe(requestId);
      } finally {
        await app.close();
      }
    }
  });

  it('is JSON in production and pretty-printed in development only', () => {
    const transport = (NODE_ENV: string) => {
      const { logger } = loggingOptions(testConfig({ NODE_ENV, PUBLIC_URL: 'http://localhost:3000' }));
      return typeof logger === 'object' && logger && 'transport' in logger ? logger.transport : undefined;
    };
    expect(transport('production')).toBeUndefined();
    expect(transport('test')).toBeUndefined();
    expect(transport('development')).toMatchObject({ target: 'pino-pretty' });
  });
});
