import { and, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { users, verifications } from '../../../../src/db/schema/index.ts';
import { latestLink, send, signIn, signUp } from '../../../support/accounts.ts';
import { setUpTestApp } from '../../../support/build-test-app.ts';
import { engines } from '../../../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

const NEW_PASSWORD = 'Kickoff#2026';

function setsSession(response: LightMyRequestResponse): boolean {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  return cookies.some((cookie) => /session_token=[^;]+/.test(cookie) && !/Max-Age=0/i.test(cookie));
}

describe.each(ENGINES)('account tokens on %s', (engine) => {
  const context = setUpTestApp(engine);

  async function userId(email: string): Promise<string> {
    const [user] = await context.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    if (!user) throw new Error(`No user ${email}`);
    return user.id;
  }

  /** The user's unused reset tokens, oldest first. */
  async function resetTokens(id: string): Promise<string[]> {
    const rows = await context.database.db
      .select({ identifier: verifications.identifier })
      .from(verifications)
      .where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, id)))
      .orderBy(verifications.createdAt);
    return rows.map((row) => row.identifier.slice('reset-password:'.length));
  }

  async function resetWith(token: string) {
    return send(context.app, 'POST', '/api/accounts/reset-password', {
      body: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
  }

  it('ends every other reset link of the account once one is used', async () => {
    const { email } = await signUp(context.app);
    const id = await userId(email);
    for (let link = 0; link < 3; link += 1) {
      const requested = await send(context.app, 'POST', '/api/accounts/forgot-password', { body: { email } });
      expect(requested.statusCode, requested.body).toBe(200);
    }
    const [first, second, third] = await resetTokens(id);
    if (!first || !second || !third) throw new Error('Expected three reset links');

    expect((await resetWith(second)).statusCode).toBe(200);
    expect(await resetTokens(id)).toEqual([]);
    for (const token of [first, third]) {
      const refused = await resetWith(token);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        reason: 'INVALID_RESET_LINK',
        userMessage: 'Invalid or expired reset link. Please request a new one.',
      });
    }
    expect((await signIn(context.app, email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('verifies the address from a verification link without signing in whoever opens it', async () => {
    const { email } = await signUp(context.app);
    const link = await latestLink(context.app, email, /Verify your e-mail/);
    const verified = await send(
      context.app,
      'GET',
      `/api/auth/verify-email?token=${link.searchParams.get('token')}`,
    );
    expect(verified.statusCode).toBe(200);
    expect(setsSession(verified)).toBe(false);
    const [user] = await context.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(true);
    // Opened again, by anyone, it still hands out nothing.
    const again = await send(
      context.app,
      'GET',
      `/api/auth/verify-email?token=${link.searchParams.get('token')}`,
    );
    expect(setsSession(again)).toBe(false);
  });

  it('keeps the session of the browser that verifies, when it is the same user', async () => {
    const { email, cookie } = await signUp(context.app);
    const link = await latestLink(context.app, email, /Verify your e-mail/);
    const verified = await send(
      context.app,
      'GET',
      `/api/auth/verify-email?token=${link.searchParams.get('token')}`,
      { cookie },
    );
    expect(verified.statusCode).toBe(200);
    const profile = await send(context.app, 'GET', '/api/profile', { cookie });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().emailConfirmedAt).not.toBeNull();
  });

  it('gives no session from an old sign-up link after a reset revoked every session', async () => {
    const { email, cookie } = await signUp(context.app);
    const link = await latestLink(context.app, email, /Verify your e-mail/);
    await send(context.app, 'POST', '/api/accounts/forgot-password', { body: { email } });
    const [token] = await resetTokens(await userId(email));
    if (!token) throw new Error('Expected a reset link');
    expect((await resetWith(token)).statusCode).toBe(200);
    expect((await send(context.app, 'GET', '/api/profile', { cookie })).statusCode).toBe(401);

    const opened = await send(
      context.app,
      'GET',
      `/api/auth/verify-email?token=${link.searchParams.get('token')}`,
    );
    expect(setsSession(opened)).toBe(false);
  });
});
