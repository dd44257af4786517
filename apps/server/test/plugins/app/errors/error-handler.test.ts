import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { AppError } from '@hit21/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../../../src/app.ts';
import type { DatabaseHandle } from '../../../../src/db/database.ts';
import { analyticsEvents } from '../../../../src/db/schema/index.ts';
import { tooManyRequestsMessage } from '../../../../src/plugins/external/security.ts';
import { testConfig } from '../../../support/build-test-app.ts';
import { createTestDatabase } from '../../../support/test-database.ts';

describe('the error handler', () => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildApp({ config: testConfig(), database, logger: false });
    app.get('/api/test/crash', async () => {
      throw new Error('secret connection string postgres://admin:hunter2@db');
    });
    app.get('/api/test/conflict', async () => {
      throw new AppError('CONFLICT', { message: 'Name taken', userMessage: 'That name is taken.' });
    });
    app.post(
      '/api/test/echo',
      { schema: { body: z.object({ age: z.int().min(18, 'You must be 18 or over') }) } },
      async (request) => request.body,
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('masks unexpected errors: 500, a generic message, no stack or detail', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 'INTERNAL',
      message: 'Internal server error',
      userMessage: 'Something went wrong on our side. Please try again.',
    });
    expect(response.body).not.toMatch(/hunter2|stack|at .*\.ts/);
  });

  it('sends an AppError with its status and user message', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'CONFLICT',
      message: 'Name taken',
      userMessage: 'That name is taken.',
    });
  });

  it('turns a validation failure into a 400 naming the field', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { age: 12 } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'INVALID_REQUEST',
      message: 'body.age: You must be 18 or over',
      userMessage: 'You must be 18 or over',
      issues: [{ path: 'body.age', message: 'You must be 18 or over' }],
    });
  });

  it.each([
    ['an empty JSON body', 'application/json', '', 'What was sent is empty; a JSON body was expected.'],
    [
      'a form',
      'application/x-www-form-urlencoded',
      'age=20',
      'This kind of content is not accepted here; send JSON.',
    ],
  ])(
    "answers %s with a message for people, not Fastify's",
    async (_case, contentType, payload, userMessage) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': contentType },
        payload,
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_REQUEST', userMessage });
    },
  );

  it('answers malformed JSON with a clear 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"age": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'INVALID_REQUEST',
      userMessage: expect.stringMatching(/JSON/i),
    });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'GET /api/no-such-thing not found',
      userMessage: 'Not found.',
    });
  });
});

describe('the API under bad input', () => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildApp({ config: testConfig(), database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it.each([
    ['no body', undefined],
    ['an unknown event', { name: 'steal_data', path: '/' }],
    ['a path without a slash', { name: 'page_view', path: 'dashboard' }],
    ['a huge path', { name: 'page_view', path: `/${'a'.repeat(600)}` }],
    ['a property that is an object', { name: 'page_view', path: '/', properties: { nested: { a: 1 } } }],
  ])('refuses an analytics event with %s and writes nothing', async (_case, payload) => {
    const response = await app.inject({ method: 'POST', url: '/api/analytics/events', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_REQUEST');
    expect(await database.db.select().from(analyticsEvents)).toEqual([]);
  });
});

describe('input no route can accept', () => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildApp({ config: testConfig(), database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const nullCharacterRefusal = {
    code: 'INVALID_REQUEST',
    reason: 'UNSTORABLE_TEXT',
    userMessage:
      "Text can't contain a null character or an invalid character. Please remove it and try again.",
  };

  it.each([
    ['the leaderboard search', 'GET', '/api/leaderboard/global?search=%00'],
    ['a query parameter of better-auth', 'GET', '/api/auth/verify-email?token=a%00b'],
    ['a path parameter', 'GET', '/api/leaderboard/%00'],
  ])('refuses a NUL character in %s with a 400', async (_case, method, url) => {
    const response = await app.inject({ method: method as 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject(nullCharacterRefusal);
  });

  it.each([
    ['a NUL character', { name: 'page_view', path: '/\u0000' }],
    ['a NUL character in a key', { name: 'page_view', path: '/', properties: { 'a\u0000': 'x' } }],
    ['an unpaired surrogate', { name: 'page_view', path: '/', properties: { tab: '\ud800' } }],
  ])('refuses a JSON body with %s and writes nothing', async (_case, payload) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { 'content-type': 'application/json' },
      // Written by hand: the escapes must reach the server as JSON escapes.
      payload: JSON.stringify(payload).replaceAll('\\\\u', '\\u'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject(nullCharacterRefusal);
    expect(await database.db.select().from(analyticsEvents)).toEqual([]);
  });

  it.each([
    // Deep enough to overflow the stack of code that walks the body recursively.
    ['/api/auth/sign-up/email', 100_000],
    ['/api/auth/sign-in/email', 100_000],
    ['/api/auth/request-password-reset', 100_000],
    // Within the small body limit of analytics events.
    ['/api/analytics/events', 100],
  ])('refuses a deeply nested JSON body on %s with a 400', async (url, depth) => {
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: `{"email":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'INVALID_REQUEST',
      reason: 'NESTED_TOO_DEEP',
      userMessage: 'The request is too deeply nested to read.',
    });
  });

  it.each(['%20', 'dashboard', '%2F%09%2Fevil.example'])(
    'refuses a redirect target better-auth cannot use (%s) with a 400, not a 500',
    async (callbackURL) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/auth/verify-email?token=&callbackURL=${callbackURL}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'INVALID_REQUEST',
        reason: 'INVALID_REDIRECT',
        userMessage: 'That link is not valid.',
      });
    },
  );

  it.each([
    ['bad percent-encoding', '/api/leaderboard/%', 400, 'That address is not valid.'],
    ['an over-long path parameter', `/api/leaderboard/${'x'.repeat(200)}`, 414, 'The address is too long.'],
  ])('answers %s in the error shape', async (_case, url, status, userMessage) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code: 'INVALID_REQUEST', userMessage });
  });

  it("gives better-auth's refusals a JSON body with a userMessage, keeping its code", async () => {
    const unknown = await app.inject({ method: 'GET', url: '/api/auth/no-such-route' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', userMessage: 'Not found.' });
    const wrongPassword = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'nobody@example.com', password: 'Wrong#Password1' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
      userMessage: 'Invalid email or password',
    });
  });

  it('still accepts nesting a real request uses', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      payload: { name: 'page_view', path: '/', properties: { tab: 'global' } },
    });
    expect(response.statusCode).toBeLessThan(300);
  });
});

describe('the rate limit', () => {
  it('answers 429 with a clear message past the limit', async () => {
    const database = await createTestDatabase('pglite');
    const app = await buildApp({ config: testConfig({ RATE_LIMIT_MAX: '3' }), database, logger: false });
    try {
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        statuses.push((await app.inject({ method: 'GET', url: '/api/waitlist/count' })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await app.inject({ method: 'GET', url: '/api/waitlist/count' });
      // The seconds are what is left of the one-minute window, as Retry-After says.
      const secondsLeft = Number(limited.headers['retry-after']);
      expect(secondsLeft).toBeGreaterThan(1);
      expect(secondsLeft).toBeLessThanOrEqual(60);
      const message = `Too many requests. Try again in ${secondsLeft} seconds.`;
      expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message, userMessage: message });
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('the rate limit message', () => {
  it.each([
    [12, 'Too many requests. Try again in 12 seconds.'],
    [11.2, 'Too many requests. Try again in 12 seconds.'],
    [1, 'Too many requests. Try again in 1 second.'],
    [0.3, 'Too many requests. Try again in 1 second.'],
  ])('says %o seconds left as %o', (seconds, expected) => {
    expect(tooManyRequestsMessage(seconds)).toBe(expected);
  });
});

describe('the rate limit and the web build', () => {
  it('does not count the build’s own files, but counts a missing one and every page', async () => {
    const distDir = await mkdtemp(path.join(tmpdir(), 'hit21-dist-'));
    await writeFile(
      path.join(distDir, 'index.html'),
      '<!doctype html><title>Hit21</title><div id="root"></div>',
    );
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'assets', 'index-abc123.js'), 'export {};\n');
    const database = await createTestDatabase('pglite');
    const app = await buildApp({
      config: testConfig({ RATE_LIMIT_MAX: '3', WEB_DIST_DIR: distDir }),
      database,
      logger: false,
    });
    try {
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect((await app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).statusCode).toBe(200);
      }
      const statuses = [];
      for (const url of [
        '/assets/missing-zzz.js',
        '/login',
        '/api/waitlist/count',
        '/assets/missing-zzz.js',
      ]) {
        statuses.push((await app.inject({ method: 'GET', url })).statusCode);
      }
      expect(statuses).toEqual([404, 200, 200, 429]);
    } finally {
      await app.close();
      await database.close();
      await rm(distDir, { recursive: true, force: true });
    }
  });
});

describe('serving the web app', () => {
  it('serves files, falls back to index.html for page paths, and 404s missing files', async () => {
    const distDir = await mkdtemp(path.join(tmpdir(), 'hit21-dist-'));
    await writeFile(
      path.join(distDir, 'index.html'),
      '<!doctype html><meta name="hit21-public-url" content="HIT21_PUBLIC_URL" /><title>Hit21</title><div id="root"></div>',
    );
    await writeFile(path.join(distDir, 'robots.txt'), 'User-agent: *\n');
    const database = await createTestDatabase('pglite');
    const app = await buildApp({
      config: testConfig({ WEB_DIST_DIR: distDir, PUBLIC_URL: 'https://play.hit21.example' }),
      database,
      logger: false,
    });
    try {
      const deepLink = await app.inject({ method: 'GET', url: '/leagues/abc/admin' });
      expect(deepLink.statusCode).toBe(200);
      expect(deepLink.headers['content-type']).toMatch(/text\/html/);
      expect(deepLink.body).toContain('<div id="root"></div>');
      // Invite links are built on the deployment's public URL, which the page carries.
      expect(deepLink.body).toContain(
        '<meta name="hit21-public-url" content="https://play.hit21.example" />',
      );

      const file = await app.inject({ method: 'GET', url: '/robots.txt' });
      expect(file.statusCode).toBe(200);
      expect(file.body).toBe('User-agent: *\n');

      expect((await app.inject({ method: 'GET', url: '/jersey/zzz.png' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/unknown' })).statusCode).toBe(404);
      // A form the browser sent itself before the app ran goes back to its page, unread.
      const earlyForm = await app.inject({
        method: 'POST',
        url: '/reset-password?token=abc',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'password=Not-the-password1&confirmPassword=Not-the-password1',
      });
      expect(earlyForm.statusCode).toBe(303);
      expect(earlyForm.headers.location).toBe('/reset-password?token=abc');
      expect(earlyForm.body).not.toContain('Not-the-password1');
      expect((await app.inject({ method: 'POST', url: '/leagues/abc' })).statusCode).toBe(303);
      // Never to another site: the location is a path here, not "//host" (nor "/\\host", which browsers read alike).
      for (const url of ['//elsewhere.example/x', '/\\elsewhere.example/x', '/\\/elsewhere.example/x']) {
        expect((await app.inject({ method: 'POST', url })).headers.location).toMatch(/^\/(?![/\\])/);
      }
      expect((await app.inject({ method: 'POST', url: '/api/unknown' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'POST', url: '/robots.txt' })).statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('compresses the page, sends visitors the prerendered landing page, tells the app whether a session cookie came, and serves built files lean and without maps', async () => {
    const distDir = await mkdtemp(path.join(tmpdir(), 'hit21-dist-'));
    await writeFile(
      path.join(distDir, 'index.html'),
      `<!doctype html><meta name="hit21-session" content="HIT21_SESSION_HINT" /><title>Hit21</title>${'<p>The app</p>'.repeat(40)}<div id="root"></div>`,
    );
    await writeFile(
      path.join(distDir, 'landing.html'),
      `<!doctype html><title>Coming Soon | Hit21</title>${'<p>Football blackjack</p>'.repeat(40)}`,
    );
    await mkdir(path.join(distDir, 'assets'));
    const script = `console.log(${JSON.stringify('Hit21 '.repeat(200))});`;
    await writeFile(path.join(distDir, 'assets', 'entry-Ab12Cd34.js'), script);
    await writeFile(path.join(distDir, 'assets', 'entry-Ab12Cd34.js.br'), brotliCompressSync(script));
    await writeFile(path.join(distDir, 'assets', 'entry-Ab12Cd34.js.map'), '{"version":3}');
    const database = await createTestDatabase('pglite');
    const app = await buildApp({ config: testConfig({ WEB_DIST_DIR: distDir }), database, logger: false });
    const sessionCookie = 'better-auth.session_token=any.value';
    try {
      const visitor = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
      expect(visitor.statusCode).toBe(200);
      expect(visitor.headers['content-encoding']).toBe('br');
      expect(visitor.headers.vary).toMatch(/accept-encoding/i);
      expect(visitor.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(visitor.rawPayload).toString()).toContain('Football blackjack');

      // A session cookie (valid or not: that is for the API to say) gets the app, as does every other page.
      const player = await app.inject({
        method: 'GET',
        url: '/',
        headers: { 'accept-encoding': 'gzip', cookie: sessionCookie },
      });
      expect(player.headers['content-encoding']).toBe('gzip');
      const playerPage = gunzipSync(player.rawPayload).toString();
      expect(playerPage).toContain('The app');
      // The app is told whether the request came with a session cookie.
      expect(playerPage).toContain('<meta name="hit21-session" content="present" />');
      const otherPage = await app.inject({ method: 'GET', url: '/login?next=%2F' });
      expect(otherPage.body).toContain('The app');
      expect(otherPage.body).toContain('<meta name="hit21-session" content="absent" />');
      // Not served as a file of its own either.
      expect((await app.inject({ method: 'GET', url: '/landing.html' })).statusCode).toBe(404);

      const plain = await app.inject({ method: 'GET', url: '/?ref=share' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('Football blackjack');

      const asset = await app.inject({
        method: 'GET',
        url: '/assets/entry-Ab12Cd34.js',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(script);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
      for (const documentHeader of [
        'content-security-policy',
        'permissions-policy',
        'x-ratelimit-limit',
        'x-request-id',
      ]) {
        expect(asset.headers[documentHeader]).toBeUndefined();
      }
      // The page itself keeps them.
      expect(plain.headers['content-security-policy']).toBeDefined();
      expect(plain.headers['x-request-id']).toBeDefined();

      const map = await app.inject({ method: 'GET', url: '/assets/entry-Ab12Cd34.js.map' });
      expect(map.statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
