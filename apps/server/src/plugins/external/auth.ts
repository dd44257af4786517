import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError, PASSWORD_MESSAGES } from '@hit21/core';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/env.ts';
import type { Database } from '../../db/database.ts';
import { accounts, rateLimits, sessions, users, verifications } from '../../db/schema/index.ts';
import { boundUserAgent, checkAuthFields } from '../app/accounts/auth-fields.ts';
import { createProfile } from '../app/accounts/profile-repository.ts';
import { isResetToCurrentPassword } from '../app/accounts/reset-to-current-password.ts';
import { deletePasswordResetTokens } from '../app/accounts/verification-repository.ts';
import { passwordChangedMail, passwordResetMail, verificationMail } from '../app/mail/mail-templates.ts';
import type { Mailer } from '../app/mail/mailer.ts';
import { assertWithinAccountRateLimit, clearSignInFailures } from '../app/rate-limits/account-rate-limit.ts';
import {
  beginPasswordCheck,
  beginSignIn,
  PASSWORD_CHECK_PATHS,
  passwordCheckLimits,
} from '../app/rate-limits/password-attempts.ts';
import { createSessionCache } from './session-cache.ts';

const AUTH_BASE_PATH = '/api/auth';
/** better-auth's refusal code for a reset to the password the account already has. */
export const SAME_AS_CURRENT_PASSWORD = 'SAME_AS_CURRENT_PASSWORD';

/** Set by our route from Fastify's view of the client, so better-auth hooks can rate-limit per client. */
const CLIENT_IP_HEADER = 'x-hit21-client-ip';

/** better-auth paths whose attempts count against the account rate limits. */
const RATE_LIMITED_PATHS: Record<string, string> = {
  '/sign-in/email': 'sign-in',
  '/sign-up/email': 'sign-up',
  '/send-verification-email': 'resend-verification',
  '/request-password-reset': 'forgot-password',
};

/**
 * The logger of the request /api/auth/* is serving, so better-auth's lines carry its request id
 * (calls of `auth.api` from other routes log on the server's logger).
 */
const authRequestLog = new AsyncLocalStorage<FastifyBaseLogger>();

/**
 * How passwords are hashed and checked: better-auth's scrypt unless one is given (the tests give
 * a cheaper one; the server never does).
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

export function createAuth(options: {
  config: Config;
  db: Database;
  mailer: Mailer;
  secret: string;
  /** The one list of origins allowed to make changes, shared with our own origin check. */
  trustedOrigins: () => string[];
  /** The server's logger: better-auth's own lines would be plain text on the console. */
  log: FastifyBaseLogger;
  /** Told at once when better-auth ends a session or changes a user (the session cache forgets them). */
  onAccountChange?: (userId: string) => void;
  passwordHasher?: PasswordHasher;
}) {
  const { config, db, mailer } = options;

  function refuse(message: string, code?: string): never {
    throw new APIError('BAD_REQUEST', { message, code });
  }

  return betterAuth({
    appName: 'Hit21',
    secret: options.secret,
    baseURL: config.PUBLIC_URL,
    basePath: AUTH_BASE_PATH,
    trustedOrigins: () => options.trustedOrigins(),
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
    logger: {
      log: (level, message, ...details: unknown[]) => {
        const [first] = details;
        (authRequestLog.getStore() ?? options.log)[level](
          first instanceof Error ? { err: first } : details.length > 0 ? { details } : {},
          `better-auth: ${message}`,
        );
      },
    },
    // Faults other than refusals reach our error handler (503 when the database is down, logged 500s).
    onAPIError: { throw: true },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: options.passwordHasher,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        await mailer.send(
          user.email,
          await passwordResetMail(`${config.PUBLIC_URL}/reset-password?token=${token}&type=recovery`),
        );
      },
      onPasswordReset: async ({ user }) => {
        // One reset ends every other reset link of the account (sessions are revoked too).
        await deletePasswordResetTokens(db, user.id);
        // The owner proved the mailbox: guesses at the old password no longer hold the address.
        await clearSignInFailures(db, user.email);
        await mailer.send(user.email, await passwordChangedMail());
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
          await verificationMail(`${config.PUBLIC_URL}/verify-email?token=${token}&type=signup`),
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
      // better-auth skips its origin and CSRF checks when NODE_ENV is "test": keep them on, so
      // the tests see what production does.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    databaseHooks: {
      user: {
        create: {
          // Every account gets its profile at once, with the same id.
          after: async (user) => {
            await createProfile(db, user);
          },
        },
        update: { after: async (user) => options.onAccountChange?.(user.id) },
      },
      session: {
        create: {
          // The browser's User-Agent header is stored with each session: keep a bounded prefix.
          before: async (session) => ({ data: { ...session, userAgent: boundUserAgent(session.userAgent) } }),
        },
        // Sign-out, revocation, a password reset: this instance forgets the session before it
        // answers (the others hear of it through the database, decision 016).
        delete: { after: async (session) => options.onAccountChange?.(session.userId) },
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
          // Sign-in failures are throttled per address by the /api/auth/* route (decision 006);
          // here every attempt counts per client, and e-mails sent count per address.
          const email = action !== 'sign-in' && typeof body.email === 'string' ? body.email : undefined;
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
            });
          } catch (error) {
            if (error instanceof AppError)
              throw new APIError('TOO_MANY_REQUESTS', { message: error.userMessage });
            throw error;
          }
        }
        if (context.path === '/change-password' && body.newPassword === body.currentPassword) {
          refuse(PASSWORD_MESSAGES.sameAsCurrent);
        }
        if (
          context.path === '/reset-password' &&
          (await isResetToCurrentPassword(context.context, body, context.query))
        ) {
          refuse(PASSWORD_MESSAGES.sameAsCurrent, SAME_AS_CURRENT_PASSWORD);
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
          if (session?.user.email) await mailer.send(session.user.email, await passwordChangedMail());
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
    /**
     * A user's sessions, user row or profile changed (decision 016): what this instance keeps
     * about them is dropped at once. Every instance hears it through the database as well.
     */
    accountChanges: AccountChanges;
  }
  interface FastifyRequest {
    signedInUser?: AuthUser;
  }
}

export interface AccountChange {
  /** Undefined: forget every user (news may have been lost). */
  userId: string | undefined;
  /** The account is gone, and with it its rows on the stored boards. */
  isDeleted: boolean;
}

export interface AccountChanges {
  /** This instance forgets what it keeps about the user now. */
  announce(userId: string, options?: { isDeleted?: boolean }): void;
  /** `onChange` hears every change announced here or by another instance. */
  subscribe(onChange: (change: AccountChange) => void): void;
}

/**
 * The channel of migration 0017's triggers: a user's sessions, user row or profile changed
 * (the payload is their id), or the user was deleted (`deleted:` and their id).
 */
export const ACCOUNT_CHANGES_CHANNEL = 'account_changes';
const DELETED_PREFIX = 'deleted:';
/** How long a session look-up is trusted without news of a change (the bound should one be lost). */
const SESSION_CACHE_TTL_MS = 30_000;
const SESSION_CACHE_MAX = 50_000;
/** Routes whose writes change a user's profile, password, account or squad (kept beside their board row). */
const ACCOUNT_WRITE_PATHS = ['/api/profile', '/api/accounts/', '/api/deleteAccount', '/api/squad'];

/** A JSON object answer of better-auth, or undefined for anything else. */
function parseJsonObject(
  text: string | null,
  contentType: string | null,
): Record<string, unknown> | undefined {
  if (!text || !contentType?.includes('application/json')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * better-auth answers sign-up, sign-in, get-session and list-sessions with the session token
 * (top level, `session.token`, or each listed session's `token`); the cookie carries it already.
 */
export function withoutSessionTokens(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(withoutSessionTokens);
  if (typeof body !== 'object' || body === null) return body;
  const { token: _token, ...rest } = body as Record<string, unknown>;
  if (typeof rest.session === 'object' && rest.session !== null) {
    const { token: _sessionToken, ...session } = rest.session as Record<string, unknown>;
    rest.session = session;
  }
  return rest;
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
export const authPlugin = fp<{ mailer: Mailer; secret: string; passwordHasher?: PasswordHasher }>(
  async (fastify, { mailer, secret, passwordHasher }) => {
    const sessionCache = createSessionCache<AuthUser>({
      ttlMs: SESSION_CACHE_TTL_MS,
      max: SESSION_CACHE_MAX,
    });
    const subscribers: ((change: AccountChange) => void)[] = [];
    const accountChanges: AccountChanges = {
      announce(userId, options) {
        sessionCache.forgetUser(userId);
        for (const onChange of subscribers) onChange({ userId, isDeleted: options?.isDeleted === true });
      },
      subscribe: (onChange) => subscribers.push(onChange),
    };
    const auth = createAuth({
      config: fastify.config,
      db: fastify.db,
      mailer,
      secret,
      trustedOrigins: () => fastify.trustedOrigins(),
      log: fastify.log,
      onAccountChange: accountChanges.announce,
      passwordHasher,
    });
    fastify.decorate('auth', auth);
    fastify.decorate('mailer', mailer);
    fastify.decorate('accountChanges', accountChanges);
    fastify.decorateRequest('signedInUser', undefined);

    // Other instances' changes (and this one's, again) arrive on commit; when the listening
    // connection was lost some may have been missed, so everything is forgotten.
    const unlisten = await fastify.database.listen(
      ACCOUNT_CHANGES_CHANNEL,
      (payload) => {
        if (payload.startsWith(DELETED_PREFIX)) {
          accountChanges.announce(payload.slice(DELETED_PREFIX.length), { isDeleted: true });
        } else if (payload) accountChanges.announce(payload);
      },
      {
        onReconnect: () => {
          sessionCache.clear();
          for (const onChange of subscribers) onChange({ userId: undefined, isDeleted: true });
        },
      },
    );
    fastify.addHook('onClose', async () => {
      // The database may be gone already (an outage, or closed first): nothing left to stop then.
      await unlisten().catch((error: unknown) =>
        fastify.log.debug({ err: error }, 'Could not stop listening for account changes'),
      );
    });
    // A change a signed-in player made here to their profile, password or account is forgotten
    // before they are answered, so their next request reads it (better-auth's own changes are
    // told by its hooks; any other write reaches every instance through the triggers).
    fastify.addHook('onSend', async (request) => {
      if (
        request.signedInUser &&
        request.method !== 'GET' &&
        request.method !== 'HEAD' &&
        ACCOUNT_WRITE_PATHS.some((prefix) => request.url.startsWith(prefix))
      ) {
        accountChanges.announce(request.signedInUser.id);
      }
    });

    fastify.decorate('requireUser', async (request: FastifyRequest) => {
      if (request.signedInUser) return request.signedInUser;
      const session = await sessionCache.lookup(request.headers.cookie, async () => {
        const found = await auth.api.getSession({ headers: requestHeaders(request) });
        return found
          ? {
              user: Object.freeze(found.user),
              userId: found.user.id,
              expiresAt: new Date(found.session.expiresAt),
            }
          : null;
      });
      if (!session) {
        throw new AppError('UNAUTHENTICATED', {
          reason: 'SIGN_IN_REQUIRED',
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

    /** Throttles sign-ins and current-password checks (decision 006) around better-auth's answer. */
    async function beginPasswordAttempt(authPath: string, request: FastifyRequest) {
      if (request.method !== 'POST') return undefined;
      if (authPath === '/sign-in/email') {
        return beginSignIn({
          db: fastify.db,
          config: fastify.config,
          secret,
          body: request.body,
          clientIp: request.ip,
          cookieHeader: request.headers.cookie,
        });
      }
      if (!PASSWORD_CHECK_PATHS.has(authPath)) return undefined;
      const session = await auth.api.getSession({ headers: requestHeaders(request) });
      if (!session) return undefined;
      return beginPasswordCheck({
        db: fastify.db,
        userId: session.user.id,
        clientIp: request.ip,
        limits: passwordCheckLimits(fastify.config),
      });
    }

    fastify.route({
      method: ['GET', 'POST'],
      url: `${AUTH_BASE_PATH}/*`,
      schema: { hide: true },
      async handler(request, reply) {
        const url = new URL(request.url, fastify.config.PUBLIC_URL);
        const hasBody = request.method !== 'GET' && request.body !== undefined;
        const headers = requestHeaders(request);
        if (hasBody) headers.set('content-type', 'application/json');
        const attempt = await beginPasswordAttempt(url.pathname.slice(AUTH_BASE_PATH.length), request);
        const response = await authRequestLog.run(request.log, () =>
          auth.handler(
            new Request(url, {
              method: request.method,
              headers,
              body: hasBody ? JSON.stringify(request.body) : undefined,
            }),
          ),
        );
        const text = response.body ? await response.text() : null;
        const json = parseJsonObject(text, response.headers.get('content-type'));
        const code = typeof json?.code === 'string' ? json.code : undefined;
        const deviceCookie = await attempt?.settle({ status: response.status, code });
        reply.status(response.status);
        response.headers.forEach((value, name) => {
          if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
        });
        const cookies = [...response.headers.getSetCookie(), ...(deviceCookie ? [deviceCookie] : [])];
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        // Session tokens live in the httpOnly cookie only: page scripts never read one.
        return reply.send(json ? JSON.stringify(withoutSessionTokens(json)) : text);
      },
    });
  },
  { name: 'auth', dependencies: ['config', 'db', 'security'] },
);
