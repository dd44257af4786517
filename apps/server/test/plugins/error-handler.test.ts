import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AppError } from '@hit21/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../src/app.ts';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { analyticsEvents } from '../../src/db/schema/index.ts';
import { testConfig } from '../support/build-test-app.ts';
import { createTestDatabase } from '../support/test-database.ts';

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

describe('the rate limit', () => {
  it('answers 429 with a clear message past the limit', async () => {
    const database = await createTestDatabase('pglite');
    const app = await buildApp({ config: testConfig({ RATE_LIMIT_MAX: '3' }), database, logger: false });
    try {
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        statuses.push((await app.inject({ method: 'GET', url: '/api/health' })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await app.inject({ method: 'GET', url: '/api/health' });
      expect(limited.json()).toMatchObject({
        code: 'RATE_LIMITED',
        userMessage: 'Too many requests. Please wait a moment and try again.',
      });
      expect(limited.headers['retry-after']).toBeDefined();
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('serving the web app', () => {
  it('serves files, falls back to index.html for page paths, and 404s missing files', async () => {
    const distDir = await mkdtemp(path.join(tmpdir(), 'hit21-dist-'));
    await writeFile(
      path.join(distDir, 'index.html'),
      '<!doctype html><title>Hit21</title><div id="root"></div>',
    );
    await writeFile(path.join(distDir, 'robots.txt'), 'User-agent: *\n');
    const database = await createTestDatabase('pglite');
    const app = await buildApp({ config: testConfig({ WEB_DIST_DIR: distDir }), database, logger: false });
    try {
      const deepLink = await app.inject({ method: 'GET', url: '/leagues/abc/admin' });
      expect(deepLink.statusCode).toBe(200);
      expect(deepLink.headers['content-type']).toMatch(/text\/html/);
      expect(deepLink.body).toContain('<div id="root"></div>');

      const file = await app.inject({ method: 'GET', url: '/robots.txt' });
      expect(file.statusCode).toBe(200);
      expect(file.body).toBe('User-agent: *\n');

      expect((await app.inject({ method: 'GET', url: '/jersey/zzz.png' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/unknown' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'POST', url: '/leagues/abc' })).statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
