import { describe, expect, it } from 'vitest';
import { waitlistEntries } from '../../../src/db/schema/index.ts';
import { send } from '../../support/accounts.ts';
import { buildTestApp, setUpTestApp, testConfig } from '../../support/build-test-app.ts';
import { createTestDatabase, engines } from '../../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

describe.each(ENGINES)('the waitlist on %s', (engine) => {
  const context = setUpTestApp(engine);

  it('adds a person once, trimmed and lower-cased, and counts', async () => {
    expect((await send(context.app, 'GET', '/api/waitlist/count')).json()).toEqual({ count: 0 });
    const joined = await send(context.app, 'POST', '/api/waitlist', {
      body: { fullName: '  Ada Fan ', email: '  Ada@Example.COM ' },
    });
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toEqual({ count: 1 });
    const stored = await context.database.db.select().from(waitlistEntries);
    expect(stored).toMatchObject([
      { fullName: 'Ada Fan', email: 'ada@example.com', source: 'coming_soon_page' },
    ]);

    const again = await send(context.app, 'POST', '/api/waitlist', {
      body: { fullName: 'Ada', email: 'ADA@example.com' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().userMessage).toBe('This email is already on our waitlist!');
    expect((await send(context.app, 'GET', '/api/waitlist/count')).json()).toEqual({ count: 1 });
  });

  it.each([
    [{ fullName: '', email: 'a@b.co' }, 'Full name is required'],
    [{ fullName: 'A', email: '' }, 'Email is required'],
    [{ fullName: 'A', email: 'not-an-email' }, 'Email is invalid'],
  ])('refuses %o and writes nothing', async (body, message) => {
    const before = (await context.database.db.select().from(waitlistEntries)).length;
    const response = await send(context.app, 'POST', '/api/waitlist', { body });
    expect(response.statusCode).toBe(400);
    expect(response.json().userMessage).toBe(message);
    expect(await context.database.db.select().from(waitlistEntries)).toHaveLength(before);
  });
});

describe('waitlist rate limit', () => {
  it('stops one client from flooding the list', async () => {
    const database = await createTestDatabase('pglite');
    const app = await buildTestApp(database, { config: testConfig({ ACCOUNT_RATE_LIMIT_PER_CLIENT: '2' }) });
    try {
      const statuses = [];
      for (let index = 0; index < 3; index += 1) {
        statuses.push(
          (
            await send(app, 'POST', '/api/waitlist', {
              body: { fullName: 'A', email: `fan${index}@example.com` },
            })
          ).statusCode,
        );
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
