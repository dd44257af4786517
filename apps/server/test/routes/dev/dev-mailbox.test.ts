import { describe, expect, it } from 'vitest';
import { send, signUp } from '../../support/accounts.ts';
import { setUpTestApp, testConfig } from '../../support/build-test-app.ts';
import { engines } from '../../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

const MAILBOX_URLS = ['/dev/mailbox', '/dev/mailbox/messages'];

describe.each(ENGINES)('the development mailbox (%s)', (engine) => {
  const context = setUpTestApp(engine);

  it.each(MAILBOX_URLS)('%s is served to this machine (IPv4 and IPv6 loopback)', async (url) => {
    await signUp(context.app);
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const response = await context.app.inject({ method: 'GET', url, remoteAddress });
      expect(response.statusCode, remoteAddress).toBe(200);
    }
    const messages = await context.app.inject({ method: 'GET', url: '/dev/mailbox/messages' });
    expect(messages.json().length).toBeGreaterThan(0);
  });

  it.each(MAILBOX_URLS)('%s is a 404 for another machine, whatever X-Forwarded-For says', async (url) => {
    for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }, { 'x-real-ip': '127.0.0.1' }]) {
      const response = await context.app.inject({
        method: 'GET',
        url,
        remoteAddress: '192.168.1.23',
        headers,
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('@example.com');
    }
  });

  it.each(MAILBOX_URLS)('%s is a 404 through a proxy on this machine', async (url) => {
    for (const headers of [{ 'x-forwarded-for': '203.0.113.5' }, { forwarded: 'for=203.0.113.5' }]) {
      const response = await context.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers });
      expect(response.statusCode).toBe(404);
    }
  });

  it('the mailbox page allows only its own stylesheet', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(response.headers['content-security-policy']).toMatch(/style-src 'sha256-[^']+'/);
    expect(response.headers['content-security-policy']).not.toContain('unsafe-inline');
  });

  it('a reset link is never shown to another machine', async () => {
    const { email } = await signUp(context.app);
    await send(context.app, 'POST', '/api/accounts/forgot-password', { body: { email } });
    const remote = await context.app.inject({
      method: 'GET',
      url: '/dev/mailbox/messages',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain('reset-password');
  });
});

describe.each(ENGINES)('the development mailbox in production (%s)', (engine) => {
  const context = setUpTestApp(engine, {
    config: testConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://hit21.example' }),
  });

  it.each(MAILBOX_URLS)('%s does not exist, even from this machine', async (url) => {
    const response = await context.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
    expect(response.statusCode).toBe(404);
  });
});
