import { createAuthClient } from 'better-auth/react';
import { forgetVisitorHint } from './session-hint.ts';

/**
 * better-auth's client for sign-up, sign-in, sign-out, the session and e-mail verification.
 * It talks to /api/auth on the same origin, with the session in an httpOnly cookie.
 */
export const authClient = createAuthClient({
  // No location where the server draws a visitor's page: nobody signs in there.
  baseURL: globalThis.location?.origin,
  basePath: '/api/auth',
  fetchOptions: {
    // Anything but reading the session may start one (signing in, up, or through a mailed link).
    onRequest: ({ url }) => {
      if (!String(url).includes('/get-session')) forgetVisitorHint();
    },
  },
});

export type Session = typeof authClient.$Infer.Session;
