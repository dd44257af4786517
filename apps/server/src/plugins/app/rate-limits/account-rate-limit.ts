import { createHash } from 'node:crypto';
import { ACCOUNT_MESSAGES, AppError } from '@hit21/core';
import type { Executor } from '../../../db/database.ts';
import { clearCount, incrementCount, readCount } from './rate-limit-repository.ts';

export const CLIENT_WINDOW_MS = 60_000;
export const ADDRESS_WINDOW_MS = 15 * 60_000;

/**
 * Security windows run on real time, never on the game clock: with CLOCK_NOW pinned (tests,
 * demos) a window on the game clock would never end.
 */
const realNow = () => Date.now();

/**
 * What an e-mail address or any client-supplied text becomes inside a key: a fixed-length
 * digest, so a key stays small whatever was sent, and no address is kept in clear.
 */
export function keyPart(value: string): string {
  return createHash('sha256').update(value.trim().toLowerCase()).digest('base64url');
}

/** The key part of a client address (an IP from Fastify; bounded but not secret). */
const clientPart = (clientIp: string) => (clientIp.length <= 64 ? clientIp : keyPart(clientIp));

/**
 * Counts one attempt against `key` in a fixed window and answers whether it is within `max`.
 * Counters live in the database, so every instance shares them.
 */
export async function consumeAttempt(
  db: Executor,
  key: string,
  max: number,
  windowMs: number,
): Promise<boolean> {
  return (await countAttempt(db, key, windowMs)) <= max;
}

/** Adds one to `key`'s count in its window, on real time, and answers it. */
const countAttempt = (db: Executor, key: string, windowMs: number) =>
  incrementCount(db, key, { windowMs, nowMs: realNow() });

/** `key`'s count in its current window, on real time, without counting anything. */
const currentCount = (db: Executor, key: string, windowMs: number) =>
  readCount(db, key, { windowMs, nowMs: realNow() });

function tooManyAttempts(message: string): AppError {
  return new AppError('RATE_LIMITED', {
    reason: 'TOO_MANY_ATTEMPTS',
    message,
    userMessage: ACCOUNT_MESSAGES.tooManyAttempts,
  });
}

export interface AccountRateLimitOptions {
  db: Executor;
  /** The action limited, e.g. "sign-up". */
  action: string;
  clientIp: string;
  /** Given for actions that send e-mail to an address: limited per address too. */
  email?: string;
  limits: { perClient: number; perAddress: number };
}

/**
 * Refuses a sensitive account action past its per-client limit (every attempt counts, per
 * minute) or, for an action that e-mails an address, past its per-address limit (15 minutes).
 */
export async function assertWithinAccountRateLimit(options: AccountRateLimitOptions): Promise<void> {
  const { db, action, clientIp, email, limits } = options;
  const withinClient = await consumeAttempt(
    db,
    `hit21:${action}:ip:${clientPart(clientIp)}`,
    limits.perClient,
    CLIENT_WINDOW_MS,
  );
  const withinAddress = email
    ? await consumeAttempt(
        db,
        `hit21:${action}:email:${keyPart(email)}`,
        limits.perAddress,
        ADDRESS_WINDOW_MS,
      )
    : true;
  if (!withinClient || !withinAddress) {
    throw tooManyAttempts(
      `Too many ${action} attempts from ${withinClient ? 'this address' : 'this client'}`,
    );
  }
}

/**
 * Sign-in throttling that slows a guesser without letting a stranger lock the owner out
 * (docs/decisions/006-security-model.md). Only failures count:
 * - per address and client: a client past `perAddressAndClient` failures for an address is
 *   refused for that address until its window ends, whatever password it sends;
 * - per address across all clients: past `perAddress` failures, only a browser that has signed
 *   in to the account before (`isTrustedDevice`) may keep trying, within its own limit.
 * A success clears the client's own failures for the address.
 */
export interface SignInThrottle {
  db: Executor;
  email: string;
  clientIp: string;
  limits: { perAddressAndClient: number; perAddress: number };
}

const addressFailuresKey = (email: string) => `hit21:sign-in-failures:email:${keyPart(email)}`;
const signInKeys = ({ email, clientIp }: SignInThrottle) => ({
  client: `${addressFailuresKey(email)}:ip:${clientPart(clientIp)}`,
  address: addressFailuresKey(email),
});

export async function assertSignInAllowed(throttle: SignInThrottle, isTrustedDevice: boolean): Promise<void> {
  const keys = signInKeys(throttle);
  const { db, limits } = throttle;
  if ((await currentCount(db, keys.client, ADDRESS_WINDOW_MS)) >= limits.perAddressAndClient) {
    throw tooManyAttempts('Too many failed sign-ins for this address from this client');
  }
  if (!isTrustedDevice && (await currentCount(db, keys.address, ADDRESS_WINDOW_MS)) >= limits.perAddress) {
    throw tooManyAttempts('Too many failed sign-ins for this address; only known browsers may try');
  }
}

export async function recordSignInFailure(throttle: SignInThrottle): Promise<void> {
  const keys = signInKeys(throttle);
  await countAttempt(throttle.db, keys.client, ADDRESS_WINDOW_MS);
  await countAttempt(throttle.db, keys.address, ADDRESS_WINDOW_MS);
}

export async function recordSignInSuccess(throttle: SignInThrottle): Promise<void> {
  await clearCount(throttle.db, signInKeys(throttle).client);
}

/** A password reset proves the mailbox: the address-wide failures of the old password end. */
export async function clearSignInFailures(db: Executor, email: string): Promise<void> {
  await clearCount(db, addressFailuresKey(email));
}

/**
 * Wrong current passwords (change password, verify password) with a session: limited per
 * user over 15 minutes and per client per minute; only wrong answers count.
 */
export interface PasswordCheckThrottle {
  db: Executor;
  userId: string;
  clientIp: string;
  limits: { perUser: number; perClient: number };
}

const passwordCheckKeys = ({ userId, clientIp }: PasswordCheckThrottle) => ({
  user: `hit21:wrong-password:user:${userId}`,
  client: `hit21:wrong-password:ip:${clientPart(clientIp)}`,
});

export async function assertPasswordCheckAllowed(throttle: PasswordCheckThrottle): Promise<void> {
  const keys = passwordCheckKeys(throttle);
  const { db, limits } = throttle;
  const isUserOver = (await currentCount(db, keys.user, ADDRESS_WINDOW_MS)) >= limits.perUser;
  const isClientOver = (await currentCount(db, keys.client, CLIENT_WINDOW_MS)) >= limits.perClient;
  if (isUserOver || isClientOver) {
    throw tooManyAttempts(
      `Too many wrong current passwords ${isUserOver ? 'for this user' : 'from this client'}`,
    );
  }
}

export async function recordWrongPassword(throttle: PasswordCheckThrottle): Promise<void> {
  const keys = passwordCheckKeys(throttle);
  await countAttempt(throttle.db, keys.user, ADDRESS_WINDOW_MS);
  await countAttempt(throttle.db, keys.client, CLIENT_WINDOW_MS);
}
