import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../../../src/app.ts';
import type { DatabaseHandle } from '../../../../src/db/database.ts';
import { profiles, users } from '../../../../src/db/schema/index.ts';
import { createUnsubscribeToken } from '../../../../src/plugins/app/mail/unsubscribe-token.ts';
import { ORIGIN, signUp } from '../../../support/accounts.ts';
import { testConfig } from '../../../support/build-test-app.ts';
import { createTestDatabase, engines } from '../../../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

const SECRET = 'test-secret-test-secret-test-secret-0123';

describe.each(ENGINES)('POST /api/mail/unsubscribe (%s)', (engine) => {
  let database: DatabaseHandle;
  let app: App;
  const unsubscribed: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    app = await buildApp({
      config: testConfig({ BETTER_AUTH_SECRET: SECRET }),
      database,
      mailingList: {
        subscribe: async () => {},
        unsubscribe: async ({ email }) => {
          unsubscribed.push(email);
        },
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function optedInPlayer() {
    const account = await signUp(app);
    const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    if (!user) throw new Error('Signed up, yet no user');
    await app.db.update(profiles).set({ marketingOptIn: true }).where(eq(profiles.id, user.id));
    expect(await optIn(user.id)).toBe(true);
    return { ...account, id: user.id };
  }
  const optIn = async (id: string) =>
    (await app.db.select().from(profiles).where(eq(profiles.id, id)))[0]?.marketingOptIn;

  it('takes the one-click form body of a mail client, without a session or origin', async () => {
    const player = await optedInPlayer();
    const response = await app.inject({
      method: 'POST',
      url: `/api/mail/unsubscribe?token=${createUnsubscribeToken(SECRET, player.id)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ maskedEmail: `${player.email[0]}•••@example.com` });
    expect(await optIn(player.id)).toBe(false);
    expect(unsubscribed).toContain(player.email);
  });

  it('takes JSON {token} from the unsubscribe page, and is the same when done twice', async () => {
    const player = await optedInPlayer();
    const token = createUnsubscribeToken(SECRET, player.id);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/mail/unsubscribe',
        headers: { origin: ORIGIN },
        payload: { token },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().maskedEmail).toMatch(/^.•••@example\.com$/);
    }
    expect(await optIn(player.id)).toBe(false);
  });

  it('refuses forged, altered, malformed and missing tokens with a 400 and changes nothing', async () => {
    const player = await optedInPlayer();
    const other = await optedInPlayer();
    const genuine = createUnsubscribeToken(SECRET, player.id);
    const [, signature] = genuine.split('.');
    const tokens = [
      createUnsubscribeToken('another-secret-another-secret-another-0', player.id),
      `${Buffer.from(other.id).toString('base64url')}.${signature}`,
      `${genuine.slice(0, -2)}AA`,
      `${genuine}.extra`,
      'not-a-token-at-all-here',
      'short',
      '<script>alert(1)</script>',
      'a'.repeat(600),
    ];
    for (const token of tokens) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/mail/unsubscribe',
        headers: { origin: ORIGIN },
        payload: { token },
      });
      expect(response.statusCode, token).toBe(400);
      expect(response.json().userMessage).toMatch(/unsubscribe link/i);
    }
    const missing = await app.inject({
      method: 'POST',
      url: '/api/mail/unsubscribe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('INVALID_REQUEST');
    expect(await optIn(player.id)).toBe(true);
    expect(await optIn(other.id)).toBe(true);
  });
});
