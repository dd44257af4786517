import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The nearest folder at or above `folder` that holds a package.json. */
function packageFolderOf(folder: string): string {
  if (existsSync(path.join(folder, 'package.json'))) return folder;
  const parent = path.dirname(folder);
  if (parent === folder) throw new Error(`No package.json above ${folder}`);
  return packageFolderOf(parent);
}

/**
 * The server's package folder (apps/server), where its migrations and season data are read
 * from. Found by walking up, not by a fixed number of steps: this module runs from
 * src/config/env.ts and, in production, bundled into dist/server.js (rolldown.config.ts).
 */
export const SERVER_ROOT = packageFolderOf(path.dirname(fileURLToPath(import.meta.url)));
export const REPOSITORY_ROOT = path.resolve(SERVER_ROOT, '../..');

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const commaSeparated = optionalString.transform((value) =>
  value
    ? value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
    : [],
);

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || isIP(address) === 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (isIP(address) === 4 ? 32 : 128);
}

/**
 * Which proxies may say who the client is (X-Forwarded-For): none when unset, else a hop
 * count ("1") or addresses and CIDRs ("127.0.0.1,10.0.0.0/8"). Trusting every sender would let
 * any client choose its own address and escape every per-client limit, so "true" is refused.
 */
const trustProxySchema = optionalString.transform((value, context): false | number | string[] => {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `must be a hop count or a comma-separated list of proxy addresses or CIDRs (not ${wrong.join(', ')})`,
    });
    return z.NEVER;
  }
  return entries;
});

/** Extra origins (https://www.example.com) allowed to make changes beside PUBLIC_URL's. */
const trustedOriginsSchema = commaSeparated.transform((entries, context) =>
  entries.flatMap((entry) => {
    const url = URL.parse(entry);
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== entry.replace(/\/$/, '')) {
      context.addIssue({
        code: 'custom',
        message: `${entry} is not an origin like https://hit21.example.com`,
      });
      return [];
    }
    return [url.origin];
  }),
);

/**
 * The server's whole configuration, read from the environment once at start.
 * A wrong value stops the server with a message naming the variable.
 */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    /**
     * Public address of this deployment, used in links that leave the site (invites, e-mails);
     * required in production, http://localhost:PORT otherwise.
     */
    PUBLIC_URL: optionalString.pipe(z.url().optional()),
    /** More origins allowed to make changes (comma-separated); PUBLIC_URL's origin always is. */
    TRUSTED_ORIGINS: trustedOriginsSchema,
    TRUST_PROXY: trustProxySchema,
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
    /**
     * Seconds between turns of the deadline e-mails job: how long after a reminder falls due
     * (or a player becomes one it is for) it is sent at most.
     */
    DEADLINE_MAILS_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
    /** The season the product plays; defaults to the loaded season with the latest pick deadline. */
    SEASON_ID: optionalString,
    /** Live notification streams one client address may hold open on one instance (429 beyond it). */
    NOTIFICATION_STREAMS_PER_CLIENT: z.coerce.number().int().min(1).default(20),
    /**
     * Live notification streams one instance holds (503 beyond it); unset: half the process's
     * open-file limit, the other half kept for ordinary requests and database connections.
     */
    NOTIFICATION_STREAMS_MAX: optionalString
      .transform((value) => (value === undefined ? undefined : Number(value)))
      .pipe(z.number().int().min(1).optional()),
    /** The longest a live stream stays open before the server ends it and the page reconnects. */
    NOTIFICATION_STREAM_LIFETIME_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
    /** Requests per minute per client across the API. */
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
    /** Signs sessions and tokens; required in production, generated and kept in DATA_DIR otherwise. */
    BETTER_AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    /** SMTP server for e-mail, e.g. smtp://user:pass@mail.example.com:587; unset keeps mail in the outbox (/dev/mailbox). */
    SMTP_URL: optionalString.pipe(z.url().optional()),
    MAIL_FROM: z.string().min(3).default('Hit21 <no-reply@hit21.app>'),
    /** Sensitive account actions (sign-in, sign-up, resend, reset, waitlist) per client per minute. */
    ACCOUNT_RATE_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(10),
    /**
     * Per 15 minutes: e-mails asked for one address (sign-up, resend, reset), failed sign-ins
     * for one address from one client, and wrong current passwords for one user.
     */
    ACCOUNT_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(5),
    /**
     * Failed sign-ins for one address from all clients per 15 minutes; past it, only browsers
     * that have signed in to that account before may keep trying (docs/decisions/006).
     */
    SIGN_IN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
    /** Where the built web app lives; served with history fallback when present. */
    WEB_DIST_DIR: z.string().min(1).default(path.join(REPOSITORY_ROOT, 'apps/web/dist')),
  })
  .superRefine((env, context) => {
    if (env.NODE_ENV !== 'production') return;
    // Outside production each has a default that only suits one machine: the links in invites
    // and e-mails would point at localhost, and a generated secret is not shared by instances.
    for (const variable of ['PUBLIC_URL', 'BETTER_AUTH_SECRET'] as const) {
      if (env[variable]) continue;
      context.addIssue({ code: 'custom', path: [variable], message: 'is required in production' });
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
