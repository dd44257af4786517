import { describe, expect, it } from 'vitest';
import { cookieFrom, GOOD_PASSWORD, send, signIn, uniqueEmail } from '../../../support/accounts.ts';
import { setUpTestApp } from '../../../support/build-test-app.ts';
import { engines } from '../../../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

/** The session token of a cookie header, as better-auth signs it (token.signature). */
function sessionToken(cookie: string): string {
  const value = cookie.match(/better-auth\.session_token=([^;]+)/)?.[1];
  if (!value) throw new Error(`No session cookie in ${cookie}`);
  return decodeURIComponent(value).split('.')[0] ?? '';
}

describe.each(ENGINES)('session tokens stay out of page scripts (%s)', (engine) => {
  const context = setUpTestApp(engine);

  it('sign-up, sign-in, get-session and list-sessions answer without the token', async () => {
    const email = uniqueEmail();
    const signUp = await send(context.app, 'POST', '/api/auth/sign-up/email', {
      body: { email, password: GOOD_PASSWORD, name: '' },
    });
    expect(signUp.statusCode).toBe(200);
    expect(signUp.json().user.email).toBe(email);
    const signedIn = await signIn(context.app, email, GOOD_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const cookie = cookieFrom(signedIn);
    const token = sessionToken(cookie);
    const session = await send(context.app, 'GET', '/api/auth/get-session', { cookie });
    expect(session.json().session.userId).toBe(signedIn.json().user.id);
    const sessions = await send(context.app, 'GET', '/api/auth/list-sessions', { cookie });
    expect(sessions.json()).toHaveLength(2);

    for (const response of [signUp, signedIn, session, sessions]) {
      expect(response.body).not.toContain(token);
      expect(response.body).not.toContain(sessionToken(cookieFrom(signUp)));
      expect(response.body).not.toMatch(/"token"/);
      expect(Number(response.headers['content-length'] ?? response.body.length)).toBe(
        Buffer.byteLength(response.body),
      );
    }
  });
});
