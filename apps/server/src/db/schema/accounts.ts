import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { searchKeySql } from '../name-folding.ts';

/*
 * better-auth's tables (users, sessions, credential accounts, verification tokens, rate-limit
 * counters). Property names are the field names better-auth expects; columns are snake_case.
 */
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  ...timestamps,
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (table) => [index('sessions_user_id_index').on(table.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true, mode: 'date' }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true, mode: 'date' }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (table) => [index('accounts_user_id_index').on(table.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (table) => [index('verifications_identifier_index').on(table.identifier)],
);

/** better-auth's rate-limit counters, in the database so every instance shares them. */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/** The product's side of a user: one row per auth user, same id. */
export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    fullName: text('full_name'),
    /**
     * `full_name` as the boards' name search compares it (`searchKeySql`), kept by the database:
     * a rebuild reads it rather than folding ten million names (migration 0039, byte order "C").
     */
    searchName: text('search_name').generatedAlwaysAs(() => searchKeySql(sql`"full_name"`)),
    dob: date('dob', { mode: 'string' }),
    /** Full country name (ISO 3166 English). */
    country: text('country'),
    /** Full club name. */
    favouriteClub: text('favourite_club'),
    howDidYouHear: text('how_did_you_hear'),
    onboardingComplete: boolean('onboarding_complete').notNull().default(false),
    playerSelectionComplete: boolean('player_selection_complete').notNull().default(false),
    role: text('role').notNull().default('user'),
    marketingOptIn: boolean('marketing_opt_in').notNull().default(false),
    /** Which goal alerts the player wants: all, milestones or none (core's GOAL_ALERT_PREFERENCES). */
    goalAlerts: text('goal_alerts', { enum: ['all', 'milestones', 'none'] })
      .notNull()
      .default('all'),
    /**
     * The player's number, given once in the order they arrive: the last tie-break of the ranking
     * and the end of their stable ranking key (`standings.ord`), 4 bytes where the user id took 36.
     */
    memberNumber: integer('member_number').notNull().generatedAlwaysAsIdentity(),
    ...timestamps,
  },
  // The deadline reminders read only the players who opted in, not every profile, each minute.
  (table) => [index('profiles_marketing_opt_in_index').on(table.id).where(sql`${table.marketingOptIn}`)],
);

export const waitlistEntries = pgTable('waitlist_entries', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  fullName: text('full_name').notNull(),
  /** Trimmed and lower-cased, so one address joins once. */
  email: text('email').notNull().unique(),
  source: text('source').notNull().default('coming_soon_page'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Every e-mail the product sends, stored before it is sent: the development mailbox reads it,
 * and a failed send stays here to be retried rather than lost.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers, e.g. List-Unsubscribe on the deadline reminders. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status', { enum: ['pending', 'sent', 'stored', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('mail_outbox_status_next_attempt_index').on(table.status, table.nextAttemptAt)],
);
