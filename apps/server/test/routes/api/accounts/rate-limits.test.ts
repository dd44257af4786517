import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../../../src/app.ts';
import {
  cookieFrom,
  GOOD_PASSWORD,
  latestLink,
  ORIGIN,
  send,
  signUp,
  uniqueEmail,
} from '../../../support/accounts.ts';
import { clockAt, setUpTestApp, testConfig } from '../../../support/build-test-app.ts';
import { engines } from '../../../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

const WRONG_PASSWORD = 'Wrong#Guess2025';
const NEW_PASSWORD = 'Offside&Trap42';

/** A sign-in from a client at `ip` (the TCP peer: no proxy is configured). */
function signInFrom(app: App, ip: string, email: string, password: string, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: ip,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: { email, password },
  });
}

/** The realistic limits: 5 failures per address and client, 8 per address from all clients. */
const limitsConfig = (overrides: Record<string, string> = {}) =>
  testConfig({
    ACCOUNT_RATE_LIMIT_PER_CLIENT: '10000',
    ACCOUNT_RATE_LIMIT_PER_ADDRESS: '5',
    SIGN_IN_FAILURES_PER_ADDRESS: '8',
    ...overrides,
  });

describe.each(ENGINES)('account rate limits (%s)', (engine) => {
  describe('sign-in: a guesser is slowed, the owner is never locked out', () => {
    const context = setUpTestApp(engine, { config: limitsConfig() });

    it('does not count successful sign-ins', async () => {
      const { email } = await signUp(context.app);
      for (let attempt = 0; attempt < 8; attempt += 1) {
        expect((await signInFrom(context.app, '10.0.0.1', email, GOOD_PASSWORD)).statusCode).toBe(200);
      }
    });

    it('refuses a client past 5 failures for an address, even with the right password', async () => {
      const { email } = await signUp(context.app);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await signInFrom(context.app, '10.0.1.1', email, WRONG_PASSWORD)).statusCode).toBe(401);
      }
      const refused = await signInFrom(context.app, '10.0.1.1', email, GOOD_PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/too many/i);
    });

    it('lets the owner sign in from their own client while a stranger hammers the address', async () => {
      const { email } = await signUp(context.app);
      for (let attempt = 0; attempt < 6; attempt += 1) {
        await signInFrom(context.app, '203.0.113.9', email, WRONG_PASSWORD);
      }
      expect((await signInFrom(context.app, '203.0.113.9', email, WRONG_PASSWORD)).statusCode).toBe(429);
      expect((await signInFrom(context.app, '10.0.2.1', email, GOOD_PASSWORD)).statusCode).toBe(200);
    });

    it('past the address-wide limit, only a browser that signed in before may try', async () => {
      const { email } = await signUp(context.app);
      // The owner signed in from this browser once: it is marked as known.
      const owner = await signInFrom(context.app, '10.0.3.1', email, GOOD_PASSWORD);
      const ownerCookie = cookieFrom(owner);
      expect(ownerCookie).toContain('hit21_known_device=');
      // A distributed guesser: 4 clients, 2 failures each, 8 in all.
      for (let client = 1; client <= 4; client += 1) {
        for (let attempt = 0; attempt < 2; attempt += 1) {
          expect(
            (await signInFrom(context.app, `198.51.100.${client}`, email, WRONG_PASSWORD)).statusCode,
          ).toBe(401);
        }
      }
      // A fresh client with the right password learns nothing: refused.
      expect((await signInFrom(context.app, '198.51.100.50', email, GOOD_PASSWORD)).statusCode).toBe(429);
      // The owner's browser, even from a new network, still signs in.
      expect((await signInFrom(context.app, '10.0.4.1', email, GOOD_PASSWORD, ownerCookie)).statusCode).toBe(
        200,
      );
      // A forged mark does not help.
      const forged = 'hit21_known_device=AAAAAAAAAAAAAAAAAAAAAA';
      expect((await signInFrom(context.app, '198.51.100.51', email, GOOD_PASSWORD, forged)).statusCode).toBe(
        429,
      );
    });

    it('a password reset ends the address-wide hold: the owner signs in on a new device', async () => {
      const { email } = await signUp(context.app);
      for (let client = 1; client <= 8; client += 1) {
        await signInFrom(context.app, `198.51.101.${client}`, email, WRONG_PASSWORD);
      }
      expect((await signInFrom(context.app, '10.0.5.1', email, GOOD_PASSWORD)).statusCode).toBe(429);
      await send(context.app, 'POST', '/api/accounts/forgot-password', { body: { email } });
      const link = await latestLink(context.app, email, /reset/i);
      const reset = await send(context.app, 'POST', '/api/accounts/reset-password', {
        body: {
          token: link.searchParams.get('token'),
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        },
      });
      expect(reset.statusCode).toBe(200);
      expect((await signInFrom(context.app, '10.0.5.1', email, NEW_PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('wrong current passwords with a session', () => {
    const context = setUpTestApp(engine, { config: limitsConfig() });

    it.each([
      [
        '/api/accounts/change-password',
        (current: string) => ({
          currentPassword: current,
          newPassword: 'Another#Pass2026',
          confirmPassword: 'Another#Pass2026',
        }),
      ],
      [
        '/api/auth/change-password',
        (current: string) => ({
          currentPassword: current,
          newPassword: 'Another#Pass2026',
        }),
      ],
      ['/api/auth/verify-password', (current: string) => ({ password: current })],
    ])('%s answers 429 after 5 wrong passwords, and the right one is then refused too', async (url, body) => {
      const { cookie } = await signUp(context.app);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 40; attempt += 1) {
        const response = await context.app.inject({
          method: 'POST',
          url,
          remoteAddress: `10.9.${attempt}.1`,
          headers: { origin: ORIGIN, cookie },
          payload: body(WRONG_PASSWORD),
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
      expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
      const right = await context.app.inject({
        method: 'POST',
        url,
        headers: { origin: ORIGIN, cookie },
        payload: body(GOOD_PASSWORD),
      });
      expect(right.statusCode).toBe(429);
    });
  });

  describe('change password', () => {
    const context = setUpTestApp(engine);

    it.each([
      ['/api/accounts/change-password', { confirmPassword: GOOD_PASSWORD }],
      ['/api/auth/change-password', {}],
    ])('%s refuses the current password as the new one', async (url, extra) => {
      const { cookie } = await signUp(context.app);
      const response = await context.app.inject({
        method: 'POST',
        url,
        headers: { origin: ORIGIN, cookie },
        payload: { currentPassword: GOOD_PASSWORD, newPassword: GOOD_PASSWORD, ...extra },
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('Your new password must be different from your current password');
    });
  });

  describe('an oversized e-mail address', () => {
    const context = setUpTestApp(engine);
    const huge = `${'a'.repeat(1_000_000)}@example.com`;

    it.each([
      ['/api/auth/sign-up/email', { email: huge, password: GOOD_PASSWORD, name: '' }],
      ['/api/auth/sign-in/email', { email: huge, password: GOOD_PASSWORD }],
      ['/api/auth/send-verification-email', { email: huge }],
      ['/api/auth/request-password-reset', { email: huge, redirectTo: '/reset-password' }],
      ['/api/accounts/forgot-password', { email: huge }],
    ])('%s answers 400, not 500', async (url, payload) => {
      const response = await context.app.inject({
        method: 'POST',
        url,
        headers: { origin: ORIGIN },
        payload,
      });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('windows run on real time, not on the pinned game clock', () => {
    const context = setUpTestApp(engine, {
      clock: clockAt('2025-12-01T12:00:00Z'),
      config: testConfig({ ACCOUNT_RATE_LIMIT_PER_CLIENT: '3' }),
    });
    beforeAll(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('lets a client try again once its minute has passed', async () => {
      const attempt = () =>
        context.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: '10.7.0.1',
          headers: { origin: ORIGIN },
          payload: { email: uniqueEmail(), password: WRONG_PASSWORD },
        });
      for (let count = 0; count < 3; count += 1) expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(429);
      vi.setSystemTime(Date.now() + 61_000);
      expect((await attempt()).statusCode).toBe(401);
    });
  });
});
