import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Executor, selectRows } from '../../../../src/db/database.ts';
import { analyticsEvents, profiles, users, waitlistEntries } from '../../../../src/db/schema/index.ts';
import {
  completeOnboarding,
  GOOD_PASSWORD,
  ORIGIN,
  send,
  signUp,
  uniqueEmail,
} from '../../../support/accounts.ts';
import { setUpTestApp } from '../../../support/build-test-app.ts';
import { engines } from '../../../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

const NAME_TOO_LONG = 'Name must be at most 100 characters';
const DIRECTION = 'Names cannot contain characters that change the direction of text';
const CONTROL = 'Names cannot contain line breaks, tabs or other control characters';

async function countRows(db: Executor, table: string): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from ${sql.identifier(table)}`,
  );
  return row?.count ?? 0;
}

describe.each(ENGINES)('bounded and normalised fields on %s', (engine) => {
  const context = setUpTestApp(engine, { prepare: true });
  const db = () => context.database.db;

  async function storedUser(email: string) {
    const [user] = await db().select().from(users).where(eq(users.email, email));
    return user;
  }

  describe("better-auth's sign-up", () => {
    it.each([
      ['a 1,000-character name', 'a'.repeat(1000), NAME_TOO_LONG],
      ['a right-to-left override', '\u202Eevil', DIRECTION],
      ['a line break', 'Jordan\r\nFan', CONTROL],
      ['zero-width characters only', '\u200B\u200B', 'Please enter a name with letters in it'],
      ['an object as the name', { first: 'Jordan' }, 'Please enter your name as text'],
    ])('refuses %s and stores nothing', async (_case, name, message) => {
      const email = uniqueEmail('bounds');
      const response = await send(context.app, 'POST', '/api/auth/sign-up/email', {
        body: { email, password: GOOD_PASSWORD, name },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
      expect(await storedUser(email)).toBeUndefined();
    });

    it('refuses a 1,000,000-character name with a 4xx and stores nothing', async () => {
      const email = uniqueEmail('huge');
      const response = await send(context.app, 'POST', '/api/auth/sign-up/email', {
        body: { email, password: GOOD_PASSWORD, name: 'a'.repeat(1_000_000) },
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(await storedUser(email)).toBeUndefined();
    });

    it('refuses an image: the product has no profile pictures', async () => {
      const email = uniqueEmail('image');
      const response = await send(context.app, 'POST', '/api/auth/sign-up/email', {
        body: { email, password: GOOD_PASSWORD, name: '', image: 'https://example.com/me.png' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Profile pictures are not supported');
      expect(await storedUser(email)).toBeUndefined();
    });

    it('stores the name normalised, in the account and the profile', async () => {
      const email = uniqueEmail('normal');
      const response = await send(context.app, 'POST', '/api/auth/sign-up/email', {
        body: { email, password: GOOD_PASSWORD, name: '  Jose\u0301   Fan ' },
      });
      expect(response.statusCode, response.body).toBe(200);
      const user = await storedUser(email);
      expect(user?.name).toBe('José Fan');
      const [profile] = await db().select().from(profiles).where(eq(profiles.email, email));
      expect(profile?.fullName).toBe('José Fan');
    });

    it('refuses an e-mail over 254 characters before it reaches a rate-limit key', async () => {
      const email = `${'a'.repeat(300)}@example.com`;
      const before = await countRows(db(), 'rate_limits');
      for (const path of ['/api/auth/sign-up/email', '/api/auth/sign-in/email']) {
        const response = await send(context.app, 'POST', path, {
          body: { email, password: GOOD_PASSWORD, name: '' },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('Email is invalid');
      }
      expect(await countRows(db(), 'rate_limits')).toBe(before);
    });
  });

  it('keeps a bounded User-Agent with a session', async () => {
    const email = uniqueEmail('agent');
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN, 'user-agent': `Mozilla/5.0 ${'x'.repeat(10_000)}` },
      payload: { email, password: GOOD_PASSWORD, name: '' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await selectRows<{ length: number }>(
      db(),
      sql`select length(s.user_agent)::int as length from sessions s join users u on u.id = s.user_id where u.email = ${email}`,
    );
    expect(row?.length).toBe(512);
  });

  describe("better-auth's update-user", () => {
    it.each([
      ['a null name', { name: null }, 'Please enter your name as text'],
      ['an object as the name', { name: { first: 'Jordan' } }, 'Please enter your name as text'],
      ['an array as the name', { name: ['Jordan'] }, 'Please enter your name as text'],
      ['an empty name', { name: '   ' }, 'Name is required'],
      ['a 101-character name', { name: 'a'.repeat(101) }, NAME_TOO_LONG],
      ['a right-to-left override', { name: 'a\u202Eb' }, DIRECTION],
      ['an image', { image: 'https://example.com/me.png' }, 'Profile pictures are not supported'],
      ['an object as the image', { image: { url: 'x' } }, 'Profile pictures are not supported'],
    ])('refuses %s with a 400 and changes nothing', async (_case, body, message) => {
      const { email, cookie } = await signUp(context.app);
      const before = await storedUser(email);
      const response = await send(context.app, 'POST', '/api/auth/update-user', { cookie, body });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
      const after = await storedUser(email);
      expect({ name: after?.name, image: after?.image }).toEqual({
        name: before?.name,
        image: before?.image,
      });
    });

    it('stores a valid name normalised, and accepts no image', async () => {
      const { email, cookie } = await signUp(context.app);
      const response = await send(context.app, 'POST', '/api/auth/update-user', {
        cookie,
        body: { name: ' Jordan \t Fan ', image: null },
      });
      // A tab inside the name is refused; spaces are collapsed.
      expect(response.statusCode).toBe(400);
      const accepted = await send(context.app, 'POST', '/api/auth/update-user', {
        cookie,
        body: { name: ' Jordan    Fan ', image: null },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect((await storedUser(email))?.name).toBe('Jordan Fan');
    });
  });

  describe('the product routes', () => {
    it('refuses a bidi name at onboarding and in settings, and stores the normalised one', async () => {
      const { cookie } = await signUp(context.app);
      const onboarding = {
        dob: '1990-05-01',
        country: 'United Kingdom',
        favouriteClub: 'Arsenal',
        howDidYouHear: 'friend',
      };
      const refused = await send(context.app, 'PUT', '/api/profile/onboarding', {
        cookie,
        body: { ...onboarding, fullName: '\u202Eevil' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().userMessage).toBe(DIRECTION);
      const profile = await completeOnboarding(context.app, cookie, '  Jordan   Fan  ');
      const [stored] = await db().select().from(profiles).where(eq(profiles.id, profile.id));
      expect(stored?.fullName).toBe('Jordan Fan');

      const settings = await send(context.app, 'PATCH', '/api/profile', {
        cookie,
        body: { fullName: 'Jordan\nFan', dob: '1990-05-01' },
      });
      expect(settings.statusCode).toBe(400);
      expect(settings.json().userMessage).toBe(CONTROL);
    });

    it('refuses a waitlist name over 100 characters with a human message', async () => {
      const email = uniqueEmail('waitlist');
      const response = await send(context.app, 'POST', '/api/waitlist', {
        body: { fullName: 'a'.repeat(101), email },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().userMessage).toBe(NAME_TOO_LONG);
      const stored = await db().select().from(waitlistEntries).where(eq(waitlistEntries.email, email));
      expect(stored).toEqual([]);
    });

    it('refuses an oversized analytics event and stores nothing', async () => {
      const before = await countRows(db(), 'analytics_events');
      const huge = Object.fromEntries(
        Array.from({ length: 4000 }, (_, index) => [`p${index}`, 'x'.repeat(250)]),
      );
      const tooBig = await send(context.app, 'POST', '/api/analytics/events', {
        body: { name: 'page_view', path: '/', properties: huge },
      });
      expect(tooBig.statusCode).toBe(413);
      const tooMany = await send(context.app, 'POST', '/api/analytics/events', {
        body: {
          name: 'page_view',
          path: '/',
          properties: Object.fromEntries(Array.from({ length: 17 }, (_, index) => [`p${index}`, 1])),
        },
      });
      expect(tooMany.statusCode).toBe(400);
      expect(await countRows(db(), 'analytics_events')).toBe(before);

      const fine = await send(context.app, 'POST', '/api/analytics/events', {
        body: { name: 'faq_toggle', path: '/', properties: { question: 'How do I play?', action: 'open' } },
      });
      expect(fine.statusCode).toBe(202);
      const [largest] = await selectRows<{ bytes: number }>(
        db(),
        sql`select max(pg_column_size(${analyticsEvents.properties}))::int as bytes from ${analyticsEvents}`,
      );
      expect(largest?.bytes).toBeLessThan(4096);
    });
  });
});
