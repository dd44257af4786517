import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { App } from '../../../src/app.ts';
import { parseConfig } from '../../../src/config/env.ts';
import { ORIGIN, uniqueEmail } from '../../support/accounts.ts';
import { buildTestApp, setUpTestApp, testConfig } from '../../support/build-test-app.ts';
import { createTestDatabase, engines } from '../../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

/** 40 failed sign-ins, each claiming another client address; answers the statuses. */
async function rotatingSignIns(app: App, header: string, remoteAddress = '127.0.0.1') {
  const statuses: number[] = [];
  for (let attempt = 1; attempt <= 40; attempt += 1) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress,
      headers: { origin: ORIGIN, [header]: `198.51.100.${attempt}` },
      payload: { email: uniqueEmail(), password: 'Wrong#Guess2025' },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

const limited = (overrides: Record<string, string> = {}) =>
  testConfig({ ACCOUNT_RATE_LIMIT_PER_CLIENT: '10', ...overrides });

describe.each(ENGINES)('who the client is (%s)', (engine) => {
  describe('with no proxy configured', () => {
    const context = setUpTestApp(engine, { config: limited() });

    it('ignores X-Forwarded-For: 40 sign-ins with a rotating header hit 429', async () => {
      const statuses = await rotatingSignIns(context.app, 'x-forwarded-for', '10.20.0.1');
      expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
      expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
    });

    it('ignores a client-set client-address header meant for better-auth', async () => {
      const statuses = await rotatingSignIns(context.app, 'x-hit21-client-ip', '10.20.0.2');
      expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    });
  });

  describe('behind a proxy that is not configured', () => {
    it('tells the operator once to set TRUST_PROXY', async () => {
      const warnings: string[] = [];
      const stream = new Writable({
        write(chunk, _encoding, done) {
          warnings.push(JSON.parse(String(chunk)).msg);
          done();
        },
      });
      const database = await createTestDatabase(engine);
      const app = await buildTestApp(database, { config: limited(), logger: { level: 'warn', stream } });
      try {
        for (let attempt = 0; attempt < 3; attempt += 1) {
          const headers = { 'x-forwarded-for': '203.0.113.1' };
          await app.inject({ method: 'GET', url: '/api/health', headers });
        }
        expect(warnings.filter((message) => message.includes('TRUST_PROXY'))).toHaveLength(1);
      } finally {
        await app.close();
        await database.close();
      }
    });
  });

  describe('with TRUST_PROXY naming the proxy', () => {
    const context = setUpTestApp(engine, { config: limited({ TRUST_PROXY: '127.0.0.1' }) });

    it('uses the forwarded address from the trusted proxy', async () => {
      const statuses = await rotatingSignIns(context.app, 'x-forwarded-for', '127.0.0.1');
      expect(statuses.every((status) => status === 401)).toBe(true);
    });

    it('does not believe a client that is not the proxy', async () => {
      const statuses = await rotatingSignIns(context.app, 'x-forwarded-for', '10.20.0.3');
      expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    });
  });

  describe('with TRUST_PROXY as a hop count', () => {
    const context = setUpTestApp(engine, { config: limited({ TRUST_PROXY: '1' }) });

    it('takes the address the one proxy saw, not what the client wrote before it', async () => {
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 12; attempt += 1) {
        const response = await context.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: '10.0.0.1',
          // The client wrote the first entry; the proxy appended the address it saw.
          headers: { origin: ORIGIN, 'x-forwarded-for': `198.51.100.${attempt}, 203.0.113.77` },
          payload: { email: uniqueEmail(), password: 'Wrong#Guess2025' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(10)).toEqual([429, 429]);
    });
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['loopback, 10.0.0.0/8, fd00::/8', ['loopback', '10.0.0.0/8', 'fd00::/8']],
  ])('reads %o', (value, expected) => {
    expect(parseConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['true', 'everyone', '10.0.0.0/33', '300.1.1.1'])('refuses %o, naming the variable', (value) => {
    expect(() => parseConfig({ TRUST_PROXY: value })).toThrow('TRUST_PROXY');
  });
});
