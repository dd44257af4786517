import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@hit21/core';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/env.ts';
import type { Database } from '../../db/database.ts';
import { accounts, profiles, rateLimits, sessions, users, verifications } from '../../db/schema/index.ts';
import { checkAuthFields } from '../app/accounts/auth-fields.ts';
import { deletePasswordResetTokens } from '../app/accounts/verification-repository.ts';
import { passwordChangedMail, passwordResetMail, verificationMail } from '../app/mail/mail-templates.ts';
import type { Mailer } from '../app/mail/mailer.ts';
import { assertWithinAccountRateLimit } from '../app/rate-limits/account-rate-limit.ts';

/** Set by our route from Fastify's view of the client, so better-auth hooks can rate-limit per client. */
const CLIENT_IP_HEADER = 'x-hit21-client-ip';

/** better-auth paths whose attempts count against the account rate limits. */
const RATE_LIMITED_PATHS: Record<string, string> = {
  '/sign-in/email': 'sign-in',
  '/sign-up/email': 'sign-up',
  '/send-verification-email': 'resend-verification',
  '/request-password-reset': 'forgot-password',
};

export function createAuth(options: {
  config: Config;
  db: Database;
  mailer: Mailer;
  secret: string;
  now: () => Date;
}) {
  const { config, db, mailer, now } = options;

  function refuse(message: string): never {
    throw new APIError('BAD_REQUEST', { message });
  }

  return betterAuth({
    appName: 'Hit21',
    secret: options.secret,
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    trustedOrigins: [
      config.PUBLIC_URL,
      ...(config.NODE_ENV === 'development' ? ['http://localhost:5173'] : []),
    ],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
      },
    }),
    telemetry: { enabled: false },
    // Faults other than refusals reach our error handler (503 when the database is down, logged 500s).
    onAPIError: { throw: true },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        await mailer.send(
          user.email,
          passwordResetMail(`${config.PUBLIC_URL}/reset-password?token=${token}&type=recovery`),
        );
      },
      onPasswordReset: async ({ user }) => {
        // One reset ends every other reset link of the account (sessions are revoked too).
        await deletePasswordResetTokens(db, user.id);
        await mailer.send(user.email, passwordChangedMail());
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A verification link proves the address, not who opens it: it never hands out a session.
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, token }) => {
        await mailer.send(
          user.email,
          verificationMail(`${config.PUBLIC_URL}/verify-email?token=${token}&type=signup`),
        );
      },
    },
    // Accounts are deleted by /api/deleteAccount only, which removes everything of the user;
    // better-auth's /delete-user stays off (404) and the address cannot be changed.
    user: { deleteUser: { enabled: false }, changeEmail: { enabled: false } },
    // better-auth's own per-client limits, on in every environment (not only production); the
    // sensitive paths get the per-client and per-address limits of the hook below instead.
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: config.RATE_LIMIT_MAX,
      customRules: Object.fromEntries(Object.keys(RATE_LIMITED_PATHS).map((path) => [path, false])),
    },
    advanced: {
      useSecureCookies: config.NODE_ENV === 'production',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      user: {
        create: {
          // Every account gets its profile at once, with the same id.
          after: async (user) => {
            await db
              .insert(profiles)
              .values({ id: user.id, email: user.email, fullName: user.name || null })
              .onConflictDoNothing();
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (context) => {
        // Every stored or keyed field bounded and normalised first, with the core schemas.
        const fields = checkAuthFields(context.path, context.body);
        if (!fields.ok) refuse(fields.message);
        const body = (fields.body ?? context.body ?? {}) as Record<string, unknown>;
        const action = RATE_LIMITED_PATHS[context.path];
        // Only requests from outside: our own routes call the API and count attempts themselves.
        if (action && context.request) {
          const email = typeof body.email === 'string' ? body.email : undefined;
          try {
            await assertWithinAccountRateLimit({
              db,
              action,
              clientIp: context.headers?.get(CLIENT_IP_HEADER) ?? 'unknown',
              email,
              limits: {
                perClient: config.ACCOUNT_RATE_LIMIT_PER_CLIENT,
                perAddress: config.ACCOUNT_RATE_LIMIT_PER_ADDRESS,
              },
              now: now(),
            });
          } catch (error) {
            if (error instanceof AppError)
              throw new APIError('TOO_MANY_REQUESTS', { message: error.userMessage });
            throw error;
          }
        }
        // better-auth stores the normalised fields (e.g. the name in NFC, single-spaced).
        if (fields.body) return { context: { body: fields.body } };
      }),
      after: createAuthMiddleware(async (context) => {
        if (
          context.path === '/change-password' &&
          context.context.returned &&
          !(context.context.returned instanceof Error)
        ) {
          const session = context.context.session ?? context.context.newSession;
          if (session?.user.email) await mailer.send(session.user.email, passwordChangedMail());
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthUser = Auth['$Infer']['Session']['user'];

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    mailer: Mailer;
    /** The signed-in user of a request; answers 401 when there is none. */
    requireUser(request: FastifyRequest): Promise<AuthUser>;
    /** An onRequest hook: a visitor who is not signed in gets 401 before any body is checked. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    signedInUser?: AuthUser;
  }
}

export function requestHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/**
 * The secret that signs sessions: from the environment, or (outside production) generated
 * once and kept beside the embedded database so sessions survive a restart.
 */
export async function resolveAuthSecret(config: Config): Promise<string> {
  if (config.BETTER_AUTH_SECRET) return config.BETTER_AUTH_SECRET;
  const file = path.join(config.DATA_DIR, 'auth-secret');
  const existing = await readFile(file, 'utf8').catch(() => undefined);
  if (existing && existing.trim().length >= 32) return existing.trim();
  const secret = randomBytes(32).toString('hex');
  await mkdir(config.DATA_DIR, { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

/** Mounts better-auth at /api/auth and decorates `fastify.auth`, `fastify.mailer`, `fastify.requireUser`. */
export const authPlugin = fp<{ mailer: Mailer; secret: string }>(
  async (fastify, { mailer, secret }) => {
    const auth = createAuth({ config: fastify.config, db: fastify.db, mailer, secret, now: fastify.clock });
    fastify.decorate('auth', auth);
    fastify.decorate('mailer', mailer);
    fastify.decorateRequest('signedInUser', undefined);
    fastify.decorate('requireUser', async (request: FastifyRequest) => {
      if (request.signedInUser) return request.signedInUser;
      const session = await auth.api.getSession({ headers: requestHeaders(request) });
      if (!session) {
        throw new AppError('UNAUTHENTICATED', {
          message: 'No valid session',
          userMessage: 'Please sign in to continue.',
        });
      }
      request.signedInUser = session.user;
      return session.user;
    });
    fastify.decorate('authenticate', async (request: FastifyRequest) => {
      await fastify.requireUser(request);
    });

    fastify.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      async handler(request, reply) {
        const url = new URL(request.url, fastify.config.PUBLIC_URL);
        const hasBody = request.method !== 'GET' && request.body !== undefined;
        const headers = requestHeaders(request);
        if (hasBody) headers.set('content-type', 'application/json');
        const response = await auth.handler(
          new Request(url, {
            method: request.method,
            headers,
            body: hasBody ? JSON.stringify(request.body) : undefined,
          }),
        );
        reply.status(response.status);
        response.headers.forEach((value, name) => {
          if (name !== 'set-cookie') reply.header(name, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        return reply.send(response.body ? await response.text() : null);
      },
    });
  },
  { name: 'auth', dependencies: ['config', 'db'] },
);
