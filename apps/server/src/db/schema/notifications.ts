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
import { leagues } from './leagues.ts';
import { players } from './players.ts';
import { seasons } from './season.ts';

/**
 * A player's notifications, stored so that read and unread follow them across devices.
 * - `join_request`: a pending request (`requester_id`) in a league (`league_id`) the player
 *   administers; it exists exactly while the request is pending and the player is the admin,
 *   written in the transaction of every membership or admin change. Its words are composed
 *   when read, from the league's and the requester's current names.
 * - `goal`: a goal alert about one of the player's picks, its words stored as sent.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['join_request', 'goal'] }).notNull(),
    leagueId: uuid('league_id').references(() => leagues.id, { onDelete: 'cascade' }),
    requesterId: text('requester_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Goal alerts: the scorer and the match, and what the goal did to the squad. */
    playerId: uuid('player_id').references(() => players.id, { onDelete: 'cascade' }),
    fixtureId: integer('fixture_id'),
    goalKind: text('goal_kind', { enum: ['bust', 'hit_21', 'off_zero', 'scored', 'correction'] }),
    /** Goal alerts only: the scorer's name (the avatar's initial), title and message as sent. */
    actorName: text('actor_name'),
    title: text('title'),
    message: text('message'),
    /** Null while unread. */
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    /** Real time (the database's), not the game clock: "Just now" is read against the reader's clock. */
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    // The dropdown's pages, newest first, and the counts.
    index('notifications_user_index').on(table.userId, table.id),
    index('notifications_unread_index').on(table.userId, table.id).where(sql`${table.readAt} is null`),
    // One notification per pending request; removing it by request is one index probe.
    uniqueIndex('notifications_join_request_index')
      .on(table.leagueId, table.requesterId, table.userId)
      .where(sql`${table.type} = 'join_request'`),
    // Cascades from a deleted account or player.
    index('notifications_requester_index').on(table.requesterId).where(sql`${table.requesterId} is not null`),
    index('notifications_player_index').on(table.playerId).where(sql`${table.playerId} is not null`),
    check(
      'notifications_shape',
      sql`(${table.type} = 'join_request' and ${table.leagueId} is not null and ${table.requesterId} is not null)
        or (${table.type} = 'goal' and ${table.goalKind} is not null and ${table.title} is not null and ${table.message} is not null and ${table.actorName} is not null)`,
    ),
  ],
);

/**
 * The goals the alerts have seen: per (player, fixture), how many counted goals were alerted.
 * The goal-alerts job compares the counted goals (kick-off passed on the game clock) with these
 * rows and alerts the difference in the same transaction that moves them, so a sync that sends
 * the same goal again never alerts twice, and a goal taken away sends one correction.
 * A goal's fan-out goes in batches of pickers (by user id), each batch in one transaction that
 * also moves `pending_after_user_id`: a run cut off between batches resumes after the last
 * player served; `goals` moves when the last batch is done. No row means nothing alerted.
 */
export const goalAlertMarks = pgTable(
  'goal_alert_marks',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    fixtureId: integer('fixture_id').notNull(),
    goals: integer('goals').notNull(),
    /** The match's kick-off and the scorer's club, kept for a correction after the goal row is gone. */
    kickoffAt: timestamp('kickoff_at', { withTimezone: true, mode: 'date' }),
    clubCode: text('club_code'),
    /** The goal being fanned out (its number in the match, 1 = his first), or null when none is. */
    pendingGoal: integer('pending_goal'),
    /** Whether that fan-out is the goal's alert or its correction. */
    pendingKind: text('pending_kind', { enum: ['alert', 'correction'] }),
    /** The last picker (user id) that fan-out has served; null before the first batch. */
    pendingAfterUserId: text('pending_after_user_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.playerId, table.fixtureId] }),
    check(
      'goal_alert_marks_pending',
      sql`(${table.pendingGoal} is null) = (${table.pendingKind} is null) and ${table.goals} >= 0`,
    ),
  ],
);

/**
 * The deadline e-mails sent: one row per player, season and kind, written in the transaction
 * that queues the e-mail in `mail_outbox`, so a run cut off mid-batch resumes without sending
 * twice or skipping anyone, and several instances send each once.
 */
export const deadlineMails = pgTable(
  'deadline_mails',
  {
    seasonId: text('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reminder_48h', 'reminder_2h', 'picks_locked'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.seasonId, table.kind, table.userId] }),
    index('deadline_mails_user_index').on(table.userId),
  ],
);
