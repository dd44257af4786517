import { createAuthClient } from 'better-auth/react';

/**
 * better-auth's client for sign-up, sign-in, sign-out, the session and e-mail verification.
 * It talks to /api/auth on the same origin, with the session in an httpOnly cookie.
 */
export const authClient = createAuthClient({ baseURL: window.location.origin, basePath: '/api/auth' });

export type Session = typeof authClient.$Infer.Session;
