import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cookieFrom, GOOD_PASSWORD, send, signIn, signUp } from '../../../support/accounts.ts';
import { setUpTestApp } from '../../../support/build-test-app.ts';
import { engines } from '../../../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

/**
 * Session look-ups are kept in memory for a few seconds (decision 016): a session ended here is
 * refused by the very next request, one ended anywhere else within a moment.
 */
describe.each(ENGINES)('the session cache on %s', (engine) => {
  const context = setUpTestApp(engine, { prepare: true });
  const profile = (cookie: string) => send(context.app, 'GET', '/api/profile', { cookie });

  /** One account signed in on two browsers, each session looked up (and kept) once already. */
  async function twoSessions() {
    const account = await signUp(context.app);
    const second = cookieFrom(await signIn(context.app, account.email, account.password));
    for (const cookie of [account.cookie, second]) expect((await profile(cookie)).statusCode).toBe(200);
    return { ...account, first: account.cookie, second };
  }

  it('refuses a signed-out session at once and keeps answering the other', async () => {
    const { first, second } = await twoSessions();
    expect((await profile(first)).statusCode).toBe(200);
    const signOut = await send(context.app, 'POST', '/api/auth/sign-out', { cookie: second, body: {} });
    expect(signOut.statusCode).toBe(200);
    expect((await profile(second)).statusCode).toBe(401);
    expect((await send(context.app, 'GET', '/api/leaderboard/global', { cookie: second })).statusCode).toBe(
      401,
    );
    expect((await profile(first)).statusCode).toBe(200);
  });

  it('refuses the other sessions at once after a password change', async () => {
    const { first, second } = await twoSessions();
    const changed = await send(context.app, 'POST', '/api/accounts/change-password', {
      cookie: first,
      body: {
        currentPassword: GOOD_PASSWORD,
        newPassword: 'Extratime#2026',
        confirmPassword: 'Extratime#2026',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await profile(second)).statusCode).toBe(401);
  });

  it('refuses every session at once after the account is deleted', async () => {
    const { first, second } = await twoSessions();
    const deleted = await send(context.app, 'POST', '/api/deleteAccount', { cookie: first, body: {} });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await profile(second)).statusCode).toBe(401);
    expect((await profile(first)).statusCode).toBe(401);
  });

  it('refuses a session ended by another process within a moment (the database tells every instance)', async () => {
    const { email, second } = await twoSessions();
    // As another instance (or an operator) would: straight in the database.
    await context.database.db.execute(
      sql`delete from sessions where user_id = (select id from users where email = ${email})`,
    );
    const started = performance.now();
    let status = 200;
    while (status === 200 && performance.now() - started < 5_000) {
      status = (await profile(second)).statusCode;
      if (status === 200) await sleep(10);
    }
    expect(status).toBe(401);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
