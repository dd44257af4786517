import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/app.ts';

export const ORIGIN = 'http://localhost:3000';
export const GOOD_PASSWORD = 'Matchday#2025';

/** The session cookie a response set, ready for a Cookie header. */
export function cookieFrom(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  return cookies
    .map((cookie) => cookie.split(';')[0])
    .filter((pair) => !pair?.endsWith('='))
    .join('; ');
}

/** A same-site JSON request, as the web app sends it. */
export function send(
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  options: { body?: unknown; cookie?: string } = {},
) {
  return app.inject({
    method,
    url,
    headers: { origin: ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}) },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

let counter = 0;
export function uniqueEmail(prefix = 'fan'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}

/** Signs up a fresh account and answers its e-mail and session cookie. */
export async function signUp(app: App, email = uniqueEmail(), password = GOOD_PASSWORD) {
  const response = await send(app, 'POST', '/api/auth/sign-up/email', {
    body: { email, password, name: '' },
  });
  if (response.statusCode !== 200) throw new Error(`Sign-up failed: ${response.statusCode} ${response.body}`);
  return { email, password, cookie: cookieFrom(response) };
}

export async function signIn(app: App, email: string, password: string) {
  return send(app, 'POST', '/api/auth/sign-in/email', { body: { email, password } });
}

export async function mailbox(
  app: App,
): Promise<{ to: string; subject: string; text: string; links: string[] }[]> {
  return (await app.inject({ method: 'GET', url: '/dev/mailbox/messages' })).json();
}

/** The newest link in an e-mail to `to` whose subject matches. */
export async function latestLink(app: App, to: string, subject: RegExp): Promise<URL> {
  const mail = (await mailbox(app)).find((message) => message.to === to && subject.test(message.subject));
  const link = mail?.links[0];
  if (!link) throw new Error(`No e-mail "${subject}" to ${to}`);
  return new URL(link);
}

/** Completes onboarding for a signed-in account (a squad can be saved only after it). */
export async function completeOnboarding(app: App, cookie: string, fullName = 'Jordan Fan') {
  const response = await send(app, 'PUT', '/api/profile/onboarding', {
    cookie,
    body: {
      fullName,
      dob: '1990-05-01',
      country: 'United Kingdom',
      favouriteClub: 'Arsenal',
      howDidYouHear: 'friend',
    },
  });
  if (response.statusCode !== 200)
    throw new Error(`Onboarding failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string };
}

/** A fresh account that has completed onboarding (needs the season loaded for the clubs). */
export async function signUpOnboarded(app: App, email = uniqueEmail()) {
  const account = await signUp(app, email);
  const profile = await completeOnboarding(app, account.cookie);
  return { ...account, id: profile.id };
}
