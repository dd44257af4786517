import { describe, expect, it } from 'vitest';
import { send, signUp } from '../../support/accounts.ts';
import { setUpTestApp } from '../../support/build-test-app.ts';
import { engines } from '../../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

describe.each(ENGINES)('security headers (%s)', (engine) => {
  const context = setUpTestApp(engine, { prepare: true });

  it('signed-in JSON is never stored: /api/profile carries e-mail and date of birth', async () => {
    const { cookie } = await signUp(context.app);
    const profile = await send(context.app, 'GET', '/api/profile', { cookie });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');
    const session = await send(context.app, 'GET', '/api/auth/get-session', { cookie });
    expect(session.headers['cache-control']).toContain('no-store');
  });

  it('every API answer, errors included, is no-store', async () => {
    for (const url of ['/api/season', '/api/profile', '/api/no-such-route']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('switches off browser features the product never uses', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    const policy = String(response.headers['permissions-policy']);
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) {
      expect(policy).toContain(feature);
    }
  });

  it("allows styles from the site only: no 'unsafe-inline', no other hosts, a fresh nonce each time", async () => {
    const styleSources = async () => {
      // A page's address (the test app has no web build: its answer is a 404, with the headers).
      const response = await context.app.inject({ method: 'GET', url: '/leaderboard' });
      const csp = String(response.headers['content-security-policy']);
      return csp.split(';').find((directive) => directive.trim().startsWith('style-src'));
    };
    const first = await styleSources();
    expect(first).toMatch(/^style-src 'self' 'nonce-[0-9a-f]{32}'$/);
    expect(await styleSources()).not.toBe(first);
  });

  it("gives API answers a page's security headers, with the policy's sources but no nonce", async () => {
    const page = await context.app.inject({ method: 'GET', url: '/leaderboard' });
    const withoutNonces = (policy: unknown) => String(policy).replaceAll(/ 'nonce-[0-9a-f]{32}'/g, '');
    for (const url of ['/api/health', '/api/season', '/api/auth/get-session', '/api/leagues/x/standings']) {
      const response = await context.app.inject({ method: 'GET', url });
      const policy = response.headers['content-security-policy'];
      expect(policy, url).toBe(withoutNonces(page.headers['content-security-policy']));
      expect(policy, url).toContain("default-src 'self'");
      for (const header of [
        'x-content-type-options',
        'strict-transport-security',
        'x-frame-options',
        'referrer-policy',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
      ]) {
        expect(response.headers[header], `${url} ${header}`).toBe(page.headers[header]);
        expect(response.headers[header], `${url} ${header}`).toBeDefined();
      }
    }
  });
});
