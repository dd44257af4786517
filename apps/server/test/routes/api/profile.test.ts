import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../src/app.ts';
import type { DatabaseHandle } from '../../../src/db/database.ts';
import { prepareDatabase } from '../../../src/db/prepare-database.ts';
import { profiles, sessions, users } from '../../../src/db/schema/index.ts';
import { GOOD_PASSWORD, send, signIn, signUp } from '../../support/accounts.ts';
import { buildTestApp, clockAt } from '../../support/build-test-app.ts';
import { createTestDatabase, TEST_ENGINES } from '../../support/test-database.ts';

const ONBOARDING = {
  fullName: '  Ada Fan  ',
  dob: '1990-05-01',
  country: 'United Kingdom',
  favouriteTeam: 'Brighton',
  howDidYouHear: 'friend',
};

describe.each(TEST_ENGINES)('profile, onboarding, marketing and deletion on %s', (engine) => {
  let database: DatabaseHandle;
  let app: App;

  beforeAll(async () => {
    database = await createTestDatabase(engine, { migrate: false });
    await prepareDatabase(database);
    app = await buildTestApp(database, { clock: clockAt('2025-08-01T12:00:00Z') });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('completes onboarding with trimmed values', async () => {
    const { cookie } = await signUp(app);
    const response = await send(app, 'PUT', '/api/profile/onboarding', { cookie, body: ONBOARDING });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      fullName: 'Ada Fan',
      dob: '1990-05-01',
      country: 'United Kingdom',
      favouriteTeam: 'Brighton',
      howDidYouHear: 'friend',
      onboardingComplete: true,
    });
  });

  it('keeps the free text when Other was chosen', async () => {
    const { cookie } = await signUp(app);
    const response = await send(app, 'PUT', '/api/profile/onboarding', {
      cookie,
      body: { ...ONBOARDING, howDidYouHear: 'other', howDidYouHearOther: 'A podcast' },
    });
    expect(response.json().howDidYouHear).toBe('A podcast');
  });

  it.each([
    ['a date of birth under 18 at the clock', { dob: '2007-08-02' }, 'You must be 18 or over to play'],
    ['a date of birth in the future', { dob: '2030-01-01' }, 'Date of birth cannot be in the future'],
    ['a country not in ISO 3166', { country: 'Atlantis' }, 'Please choose a country from the list'],
    ['a club not in the season', { favouriteTeam: 'Ipswich' }, 'Please select your favourite team'],
    [
      'Other without saying what',
      { howDidYouHear: 'other', howDidYouHearOther: ' ' },
      'Please specify how you heard about the product',
    ],
    ['an empty name', { fullName: '   ' }, 'Please fill in all fields'],
    ['an unknown option', { howDidYouHear: 'radio' }, 'Please tell us how you heard about Hit21'],
  ])('refuses %s and changes nothing', async (_case, change, message) => {
    const { cookie } = await signUp(app);
    const response = await send(app, 'PUT', '/api/profile/onboarding', {
      cookie,
      body: { ...ONBOARDING, ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().userMessage).toBe(message);
    expect((await send(app, 'GET', '/api/profile', { cookie })).json()).toMatchObject({
      onboardingComplete: false,
      fullName: null,
    });
  });

  it('turns 18 on the birthday itself', async () => {
    const { cookie } = await signUp(app);
    const response = await send(app, 'PUT', '/api/profile/onboarding', {
      cookie,
      body: { ...ONBOARDING, dob: '2007-08-01' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('lets only the name and date of birth change in settings', async () => {
    const { cookie } = await signUp(app);
    await send(app, 'PUT', '/api/profile/onboarding', { cookie, body: ONBOARDING });
    const response = await send(app, 'PATCH', '/api/profile', {
      cookie,
      body: {
        fullName: 'Ada Lovelace',
        dob: '1991-06-02',
        country: 'France',
        favouriteTeam: 'Arsenal',
        email: 'x@y.z',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      fullName: 'Ada Lovelace',
      dob: '1991-06-02',
      country: 'United Kingdom',
      favouriteTeam: 'Brighton',
    });
    expect(response.json().email).not.toBe('x@y.z');
  });

  it('keeps the marketing preference on the profile', async () => {
    const { cookie } = await signUp(app);
    expect((await send(app, 'POST', '/api/marketing/subscribe', { cookie, body: {} })).statusCode).toBe(200);
    expect((await send(app, 'GET', '/api/profile', { cookie })).json().marketingOptIn).toBe(true);
    expect((await send(app, 'POST', '/api/marketing/unsubscribe', { cookie })).statusCode).toBe(200);
    expect((await send(app, 'GET', '/api/profile', { cookie })).json().marketingOptIn).toBe(false);
  });

  it('deletes the account with its profile and sessions; the user cannot sign in again', async () => {
    const { email, cookie } = await signUp(app);
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    const response = await send(app, 'POST', '/api/deleteAccount', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(
      await database.db
        .select()
        .from(profiles)
        .where(eq(profiles.id, user?.id ?? '')),
    ).toEqual([]);
    expect(
      await database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user?.id ?? '')),
    ).toEqual([]);
    expect((await send(app, 'GET', '/api/profile', { cookie })).statusCode).toBe(401);
    expect((await signIn(app, email, GOOD_PASSWORD)).statusCode).toBe(401);
  });

  it.each([
    ['GET', '/api/profile'],
    ['PUT', '/api/profile/onboarding'],
    ['PATCH', '/api/profile'],
    ['POST', '/api/marketing/subscribe'],
    ['POST', '/api/marketing/unsubscribe'],
    ['POST', '/api/deleteAccount'],
  ] as const)('refuses %s %s to a visitor who is not signed in', async (method, url) => {
    const body =
      method === 'PUT' ? ONBOARDING : method === 'PATCH' ? { fullName: 'A', dob: '1990-01-01' } : undefined;
    const response = await send(app, method, url, { body });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a state-changing request from another site and writes nothing', async () => {
    const { cookie } = await signUp(app);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/profile/onboarding',
      headers: { origin: 'https://evil.example', cookie },
      payload: ONBOARDING,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().userMessage).toBe('Requests from other sites are not allowed.');
    expect((await send(app, 'GET', '/api/profile', { cookie })).json().onboardingComplete).toBe(false);
  });
});
