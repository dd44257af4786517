import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { seasons } from './season.ts';
import { bytea } from './standings.ts';

/** A private mini-league of one season. Its admin is always one of its approved members. */
export const leagues = pgTable(
  'leagues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seasonId: text('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 8 characters of A–Z and 0–9, made by the server; a new one replaces it on regeneration. */
    code: text('code').notNull(),
    /** Never dangling: deleting an account hands its leagues over (or deletes them) first. */
    adminId: text('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** 50, 100, 200, 500, 1000, or -1 for Unlimited. */
    maxMembers: integer('max_members').notNull(),
    joinMode: text('join_mode', { enum: ['open', 'invite_only', 'locked'] }).notNull(),
    joinDeadline: timestamp('join_deadline', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Why the current admin became admin, shown to them until they dismiss it. */
    adminHandoverReason: text('admin_handover_reason', { enum: ['transferred', 'account_deleted'] }),
    adminHandoverAt: timestamp('admin_handover_at', { withTimezone: true, mode: 'date' }),
    /**
     * Real time (the database's, not the game clock) of the last change to who is an approved
     * member: standings computed before it do not show the league as it now is.
     */
    membersChangedAt: timestamp('members_changed_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /**
     * Maintained counts (league-counters-repository.ts, in the transaction of every status change):
     * my-leagues shows them for every league without counting a million-member league per request.
     */
    approvedMembers: integer('approved_members').notNull().default(0),
    pendingRequests: integer('pending_requests').notNull().default(0),
  },
  (table) => [
    uniqueIndex('leagues_code_index').on(table.code),
    index('leagues_admin_index').on(table.adminId),
    check('leagues_code_shape', sql`${table.code} ~ '^[A-Z0-9]{8}$'`),
    check('leagues_max_members', sql`${table.maxMembers} in (50, 100, 200, 500, 1000, -1)`),
    check('leagues_counters', sql`${table.approvedMembers} >= 0 and ${table.pendingRequests} >= 0`),
  ],
);

/**
 * One row per player who has asked to join a league: pending, approved, rejected or kicked.
 * Leaving deletes the row.
 */
export const leagueMembers = pgTable(
  'league_members',
  {
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'kicked'] }).notNull(),
    /** When the player last asked to join (or created the league). */
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** When the player was last approved; the earliest-joined approved member inherits the league. */
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }),
    kickedAt: timestamp('kicked_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    primaryKey({ columns: [table.leagueId, table.userId] }),
    index('league_members_user_index').on(table.userId, table.status),
    // With user_id, the admin's members page (newest requests first, ties by user) is found on the index alone.
    index('league_members_status_index').on(table.leagueId, table.status, table.requestedAt, table.userId),
    index('league_members_requested_index').on(table.leagueId, table.requestedAt, table.userId),
    // The earliest-joined approved member inherits a deleted account's league.
    index('league_members_joined_index').on(table.leagueId, table.status, table.joinedAt, table.userId),
  ],
);

/**
 * The stored league standings: every approved member's rank in the league, the global order
 * restricted to the league, rebuilt with the boards by the recompute and swapped in with them
 * (`src/plugins/app/standings/rebuilding/recompute-standings.ts`). No foreign keys, like `standings`.
 */
export const leagueStandings = pgTable(
  'league_standings',
  {
    seasonId: text('season_id').notNull(),
    leagueId: uuid('league_id').notNull(),
    userId: text('user_id').notNull(),
    /** The member's `standings.ord`: the league's order is the global one. */
    ord: bytea('ord').notNull(),
    /** The board's `search_name` (the name lowercased by the server), copied when the ranks are built. */
    searchName: text('search_name').notNull(),
  },
  (table) => [
    uniqueIndex('league_standings_order_index').on(table.leagueId, table.ord, table.seasonId),
    // The user first: a member's rows in every league are found at once when they change.
    uniqueIndex('league_standings_user_index').on(table.userId, table.leagueId, table.seasonId),
    index('league_standings_season_index').on(table.seasonId),
    // A name search (three characters or more) in a big league: its matches without reading its members.
    index('league_standings_name_search_index').using('gin', sql`${table.searchName} gin_trgm_ops`),
  ],
);

/**
 * A kick still running when the kicked player deleted their account, kept against a digest of
 * their normalised e-mail (never the address): signing up again with it does not skip the
 * 24-hour wait. Rows older than the wait are useless and are pruned as new ones are written.
 */
export const leagueKickedAddresses = pgTable(
  'league_kicked_addresses',
  {
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    emailDigest: text('email_digest').notNull(),
    kickedAt: timestamp('kicked_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.leagueId, table.emailDigest] }),
    index('league_kicked_addresses_kicked_index').on(table.kickedAt),
  ],
);

/**
 * Each time a player asked to join a league (real time), for the per-player, per-league limit on
 * requests; rows older than the window are pruned as new ones are written.
 */
export const leagueJoinAttempts = pgTable(
  'league_join_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('league_join_attempts_player_index').on(table.userId, table.leagueId, table.attemptedAt)],
);
