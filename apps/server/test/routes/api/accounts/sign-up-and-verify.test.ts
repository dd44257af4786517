import { describe, expect, it } from 'vitest';
import { profiles, users } from '../../../../src/db/schema/index.ts';
import { GOOD_PASSWORD, latestLink, send, signIn, signUp, uniqueEmail } from '../../../support/accounts.ts';
import { buildTestApp, setUpTestApp, testConfig } from '../../../support/build-test-app.ts';
import { createTestDatabase, engines } from '../../../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

describe.each(ENGINES)('sign-up, verification and sign-in on %s', (engine) => {
  const context = setUpTestApp(engine);

  it('creates the account and its profile, signs the user in and sends a verification e-mail', async () => {
    const email = uniqueEmail();
    const { cookie } = await signUp(context.app, email.toUpperCase());
    expect(cookie).toMatch(/session_token=/);

    const profile = await send(context.app, 'GET', '/api/profile', { cookie });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      email,
      onboardingComplete: false,
      playerSelectionComplete: false,
      role: 'user',
      emailConfirmedAt: null,
    });

    const link = await latestLink(context.app, email, /Verify your e-mail/);
    expect(link.pathname).toBe('/verify-email');
    expect(link.searchParams.get('type')).toBe('signup');
    const verified = await send(
      context.app,
      'GET',
      `/api/auth/verify-email?token=${link.searchParams.get('token')}`,
    );
    expect(verified.statusCode).toBe(200);
    const after = await send(context.app, 'GET', '/api/profile', { cookie });
    expect(after.json().emailConfirmedAt).not.toBeNull();
  });

  it.each([
    ['short', 'Ab1!', 'Password must meet all security requirements'],
    ['no special character', 'Matchday2025', 'Password must meet all security requirements'],
    ['no uppercase', 'matchday#2025', 'Password must meet all security requirements'],
    [
      'common, though it meets the rules',
      'Password123!',
      'This password is too common. Please choose one that is harder to guess.',
    ],
    [
      'a dressed-up club name',
      'Liverpool2025!',
      'This password is too common. Please choose one that is harder to guess.',
    ],
  ])('refuses a %s password and writes nothing', async (_case, password, message) => {
    const email = uniqueEmail('weak');
    const response = await send(context.app, 'POST', '/api/auth/sign-up/email', {
      body: { email, password, name: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    const stored = await context.database.db.select().from(users);
    expect(stored.some((user) => user.email === email)).toBe(false);
  });

  it('refuses an e-mail of the wrong shape', async () => {
    const response = await send(context.app, 'POST', '/api/auth/sign-up/email', {
      body: { email: 'fan@example', password: GOOD_PASSWORD, name: '' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a second account for the same address, whatever its case', async () => {
    const { email } = await signUp(context.app);
    const response = await send(context.app, 'POST', '/api/auth/sign-up/email', {
      body: { email: email.toUpperCase(), password: GOOD_PASSWORD, name: '' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/already exists/);
    const profileRows = await context.database.db.select().from(profiles);
    expect(profileRows.filter((row) => row.email === email)).toHaveLength(1);
  });

  it('signs in with the right password only', async () => {
    const { email, password } = await signUp(context.app);
    const wrong = await signIn(context.app, email, 'Wrong#Password1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid email or password');
    const right = await signIn(context.app, email, password);
    expect(right.statusCode).toBe(200);
  });

  it('answers a bad verification token with an error', async () => {
    const response = await send(context.app, 'GET', '/api/auth/verify-email?token=not-a-token');
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('refuses the profile to a visitor who is not signed in', async () => {
    const response = await send(context.app, 'GET', '/api/profile');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      code: 'UNAUTHENTICATED',
      userMessage: 'Please sign in to continue.',
    });
  });
});

describe('account rate limits', () => {
  it('stop repeated sign-in attempts per address and per client with a clear message', async () => {
    const database = await createTestDatabase('pglite');
    const app = await buildTestApp(database, {
      config: testConfig({ ACCOUNT_RATE_LIMIT_PER_ADDRESS: '3', ACCOUNT_RATE_LIMIT_PER_CLIENT: '5' }),
    });
    try {
      const { email } = await signUp(app);
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt += 1)
        statuses.push((await signIn(app, email, 'Wrong#Password1')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const limited = await signIn(app, email, 'Wrong#Password1');
      expect(limited.json()).toMatchObject({
        reason: 'TOO_MANY_ATTEMPTS',
        userMessage: 'Too many attempts. Please wait a few minutes before trying again.',
      });

      // Other addresses from the same client: the per-client limit (5 a minute) ends them too.
      const others = [];
      for (let attempt = 0; attempt < 3; attempt += 1)
        others.push((await signIn(app, uniqueEmail('other'), 'Wrong#Password1')).statusCode);
      expect(others.at(-1)).toBe(429);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
