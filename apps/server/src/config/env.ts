import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const REPOSITORY_ROOT = path.resolve(SERVER_ROOT, '../..');

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/**
 * The server's whole configuration, read from the environment once at start.
 * A wrong value stops the server with a message naming the variable.
 */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    /** Public address of this deployment, used in links that leave the site (invites, e-mails). */
    PUBLIC_URL: z.url().optional(),
    /** A PostgreSQL server; without it the embedded PGlite database in DATA_DIR is used. */
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    DATA_DIR: z.string().min(1).default(path.join(REPOSITORY_ROOT, '.data')),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Pins the server clock to an instant (tests, demos), e.g. 2025-12-01T12:00:00Z. */
    CLOCK_NOW: optionalString.pipe(z.iso.datetime({ offset: true }).optional()),
    /** Shifts the real clock by this many seconds (negative for the past). */
    CLOCK_OFFSET_SECONDS: z.coerce.number().int().default(0),
    /**
     * The demo clock (moved by `npm run demo`): "auto" turns it on for the embedded database
     * outside production when CLOCK_NOW is not set.
     */
    DEMO_CLOCK: z.enum(['auto', 'on', 'off']).default('auto'),
    /**
     * Where the goals sync reads: an FPL API base URL (https://fantasy.premierleague.com/api/)
     * or a folder in the FPL CSV format; unset means no scheduled sync.
     */
    STATS_SYNC_SOURCE: optionalString,
    /** Minutes between scheduled syncs when STATS_SYNC_SOURCE is set; 0 turns the schedule off. */
    STATS_SYNC_INTERVAL_MINUTES: z.coerce.number().int().min(0).default(15),
    /** The season the product plays; defaults to the loaded season with the latest pick deadline. */
    SEASON_ID: optionalString,
    /** Requests per minute per client across the API. */
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
    /** Signs sessions and tokens; required in production, generated and kept in DATA_DIR otherwise. */
    BETTER_AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    /** SMTP server for e-mail, e.g. smtp://user:pass@mail.example.com:587; unset keeps mail in the outbox (/dev/mailbox). */
    SMTP_URL: optionalString.pipe(z.url().optional()),
    MAIL_FROM: z.string().min(3).default('Hit21 <no-reply@hit21.app>'),
    /** Sensitive account actions (sign-in, sign-up, resend, reset, waitlist) per client per minute. */
    ACCOUNT_RATE_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(10),
    /** The same actions per e-mail address per 15 minutes. */
    ACCOUNT_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(5),
    /** Where the built web app lives; served with history fallback when present. */
    WEB_DIST_DIR: z.string().min(1).default(path.join(REPOSITORY_ROOT, 'apps/web/dist')),
  })
  .superRefine((env, context) => {
    if (env.NODE_ENV === 'production' && !env.BETTER_AUTH_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['BETTER_AUTH_SECRET'],
        message: 'is required in production',
      });
    }
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  }));

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseConfig(environment: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(environment);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
}

/** For an entry point: the configuration, or the message naming each wrong variable and exit code 1. */
export function parseConfigOrExit(environment: Record<string, string | undefined>): Config {
  try {
    return parseConfig(environment);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
