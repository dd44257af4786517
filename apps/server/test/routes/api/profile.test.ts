import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profiles, sessions, users } from '../../../src/db/schema/index.ts';
import { GOOD_PASSWORD, send, signIn, signUp } from '../../support/accounts.ts';
import { clockAt, setUpTestApp } from '../../support/build-test-app.ts';
import { engines } from '../../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

const ONBOARDING = {
  fullName: '  Ada Fan  ',
  dob: '1990-05-01',
  country: 'United Kingdom',
  favouriteClub: 'Brighton',
  howDidYouHear: 'friend',
};

describe.each(ENGINES)('profile, onboarding, marketing and deletion on %s', (engine) => {
  const context = setUpTestApp(engine, { prepare: true, clock: clockAt('2025-08-01T12:00:00Z') });

  it('completes onboarding with trimmed values', async () => {
    const { cookie } = await signUp(context.app);
    const response = await send(context.app, 'PUT', '/api/profile/onboarding', { cookie, body: ONBOARDING });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      fullName: 'Ada Fan',
      dob: '1990-05-01',
      country: 'United Kingdom',
      favouriteClub: 'Brighton',
      howDidYouHear: 'friend',
      onboardingComplete: true,
    });
  });

  it('keeps the free text when Other was chosen', async () => {
    const { cookie } = await signUp(context.app);
    const response = await send(context.app, 'PUT', '/api/profile/onboarding', {
      cookie,
      body: { ...ONBOARDING, howDidYouHear: 'other', howDidYouHearOther: 'A podcast' },
    });
    expect(response.json().howDidYouHear).toBe('A podcast');
  });

  it.each([
    ['a date of birth under 18 at the clock', { dob: '2007-08-02' }, 'You must be 18 or over to play'],
    ['a date of birth in the future', { dob: '2030-01-01' }, 'Date of birth cannot be in the future'],
    ['a country not in ISO 3166', { country: 'Atlantis' }, 'Please choose a country from the list'],
    ['a club not in the season', { favouriteClub: 'Ipswich' }, 'Please select your favourite team'],
    [
      'Other without saying what',
      { howDidYouHear: 'other', howDidYouHearOther: ' ' },
      'Please specify how you heard about the product',
    ],
    ['an empty name', { fullName: '   ' }, 'Please fill in all fields'],
    ['an unknown option', { howDidYouHear: 'radio' }, 'Please tell us how you heard about Hit21'],
  ])('refuses %s and changes nothing', async (_case, change, message) => {
    const { cookie } = await signUp(context.app);
    const response = await send(context.app, 'PUT', '/api/profile/onboarding', {
      cookie,
      body: { ...ONBOARDING, ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().userMessage).toBe(message);
    expect((await send(context.app, 'GET', '/api/profile', { cookie })).json()).toMatchObject({
      onboardingComplete: false,
      fullName: null,
    });
  });

  it('turns 18 on the birthday itself', async () => {
    const { cookie } = await signUp(context.app);
    const response = await send(context.app, 'PUT', '/api/profile/onboarding', {
      cookie,
      body: { ...ONBOARDING, dob: '2007-08-01' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('lets only the name and date of birth change in settings', async () => {
    const { cookie } = await signUp(context.app);
    await send(context.app, 'PUT', '/api/profile/onboarding', { cookie, body: ONBOARDING });
    const response = await send(context.app, 'PATCH', '/api/profile', {
      cookie,
      body: {
        fullName: 'Ada Lovelace',
        dob: '1991-06-02',
        country: 'France',
        favouriteClub: 'Arsenal',
        email: 'x@y.z',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      fullName: 'Ada Lovelace',
      dob: '1991-06-02',
      country: 'United Kingdom',
      favouriteClub: 'Brighton',
    });
    expect(response.json().email).not.toBe('x@y.z');
  });

  it('reads and saves the profile without drawing member numbers', async () => {
    const memberNumberOf = async (email: string) => {
      const [row] = await context.database.db
        .select({ memberNumber: profiles.memberNumber })
        .from(profiles)
        .where(eq(profiles.email, email));
      return row?.memberNumber;
    };
    const first = await signUp(context.app);
    const { cookie } = first;
    await send(context.app, 'PUT', '/api/profile/onboarding', { cookie, body: ONBOARDING });
    await send(context.app, 'PATCH', '/api/profile', { cookie, body: { fullName: 'Ada Lovelace' } });
    for (let read = 0; read < 3; read += 1) {
      expect((await send(context.app, 'GET', '/api/profile', { cookie })).statusCode).toBe(200);
    }
    const next = await signUp(context.app);
    const firstNumber = await memberNumberOf(first.email);
    expect(firstNumber).toBeTypeOf('number');
    expect(await memberNumberOf(next.email)).toBe((firstNumber ?? 0) + 1);
  });

  it('keeps the marketing preference on the profile', async () => {
    const { cookie } = await signUp(context.app);
    expect(
      (await send(context.app, 'POST', '/api/marketing/subscribe', { cookie, body: {} })).statusCode,
    ).toBe(200);
    expect((await send(context.app, 'GET', '/api/profile', { cookie })).json().marketingOptIn).toBe(true);
    expect((await send(context.app, 'POST', '/api/marketing/unsubscribe', { cookie })).statusCode).toBe(200);
    expect((await send(context.app, 'GET', '/api/profile', { cookie })).json().marketingOptIn).toBe(false);
  });

  it('deletes the account with its profile and sessions; the user cannot sign in again', async () => {
    const { email, cookie } = await signUp(context.app);
    const [user] = await context.database.db.select().from(users).where(eq(users.email, email));
    const response = await send(context.app, 'POST', '/api/deleteAccount', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await context.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(
      await context.database.db
        .select()
        .from(profiles)
        .where(eq(profiles.id, user?.id ?? '')),
    ).toEqual([]);
    expect(
      await context.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user?.id ?? '')),
    ).toEqual([]);
    expect((await send(context.app, 'GET', '/api/profile', { cookie })).statusCode).toBe(401);
    expect((await signIn(context.app, email, GOOD_PASSWORD)).statusCode).toBe(401);
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
    const response = await send(context.app, method, url, { body });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a state-changing request from another site and writes nothing', async () => {
    const { cookie } = await signUp(context.app);
    const response = await context.app.inject({
      method: 'PUT',
      url: '/api/profile/onboarding',
      headers: { origin: 'https://evil.example', cookie },
      payload: ONBOARDING,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      reason: 'CROSS_SITE_REQUEST',
      userMessage: expect.stringMatching(/^This address isn't allowed to make changes\. Open Hit21 at http/),
    });
    expect((await send(context.app, 'GET', '/api/profile', { cookie })).json().onboardingComplete).toBe(
      false,
    );
  });
});
