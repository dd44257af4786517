import { emailSchema } from '@hit21/core';
import type { Config } from '../../../config/env.ts';
import type { Executor } from '../../../db/database.ts';
import {
  assertPasswordCheckAllowed,
  assertSignInAllowed,
  type PasswordCheckThrottle,
  recordSignInFailure,
  recordSignInSuccess,
  recordWrongPassword,
  type SignInThrottle,
} from './account-rate-limit.ts';
import { isTrustedDevice, trustedDeviceCookie } from './trusted-device.ts';

/** What the `/api/auth/*` route learns from better-auth's answer to a password attempt. */
export interface AttemptOutcome {
  status: number;
  /** better-auth's error code, e.g. INVALID_PASSWORD. */
  code?: string;
}

export interface PasswordAttempt {
  /** Called with better-auth's answer: counts a failure, or clears and answers a cookie to set. */
  settle(outcome: AttemptOutcome): Promise<string | undefined>;
}

export const passwordCheckLimits = (config: Config) => ({
  perUser: config.ACCOUNT_RATE_LIMIT_PER_ADDRESS,
  perClient: config.ACCOUNT_RATE_LIMIT_PER_CLIENT,
});

/**
 * Settles a password check of a signed-in user (our change-password route, better-auth's
 * /change-password and /verify-password): refuses past the limit, counts a wrong password.
 */
export async function beginPasswordCheck(throttle: PasswordCheckThrottle): Promise<PasswordAttempt> {
  await assertPasswordCheckAllowed(throttle);
  return {
    async settle({ code }) {
      if (code === 'INVALID_PASSWORD') await recordWrongPassword(throttle);
      return undefined;
    },
  };
}

/** The better-auth paths that check a signed-in user's current password. */
export const PASSWORD_CHECK_PATHS = new Set(['/change-password', '/verify-password']);

/**
 * Before better-auth answers a sign-in: refuses a throttled client (decision 006); afterwards
 * counts a failure, or clears the client's failures and marks the browser as known.
 */
export async function beginSignIn(options: {
  db: Executor;
  config: Config;
  secret: string;
  body: unknown;
  clientIp: string;
  cookieHeader: string | undefined;
}): Promise<PasswordAttempt | undefined> {
  const { db, config, secret, clientIp, cookieHeader } = options;
  const email = emailSchema.safeParse((options.body as { email?: unknown } | undefined)?.email);
  // A malformed address is refused by better-auth's checks and guesses nothing.
  if (!email.success) return undefined;
  const throttle: SignInThrottle = {
    db,
    email: email.data,
    clientIp,
    limits: {
      perAddressAndClient: config.ACCOUNT_RATE_LIMIT_PER_ADDRESS,
      perAddress: config.SIGN_IN_FAILURES_PER_ADDRESS,
    },
  };
  await assertSignInAllowed(throttle, isTrustedDevice(cookieHeader, secret, email.data));
  return {
    async settle({ status }) {
      if (status === 401) {
        await recordSignInFailure(throttle);
        return undefined;
      }
      if (status !== 200) return undefined;
      await recordSignInSuccess(throttle);
      return trustedDeviceCookie(cookieHeader, secret, email.data, {
        secure: config.NODE_ENV === 'production',
      });
    },
  };
}
