import { z } from 'zod';
import { personNameSchema } from '../accounts/person-name.ts';
import {
  checkSearchCursor,
  leaderboardStatusSchema,
  rankedListQueryShape,
} from '../leaderboards/leaderboard.schemas.ts';
import { pickSchema } from '../squads/squads.schemas.ts';
import { JOIN_REFUSALS } from './league-admission.ts';
import {
  DEFAULT_LEAGUE_JOIN_MODE,
  DEFAULT_LEAGUE_MAX_MEMBERS,
  DEFAULT_LEAGUE_STANDINGS_PAGE_SIZE,
  LEAGUE_CODE_LENGTH,
  LEAGUE_CODE_PATTERN,
  LEAGUE_JOIN_MODES,
  LEAGUE_LIMITS,
  LEAGUE_MAX_MEMBER_OPTIONS,
  LEAGUE_MESSAGES,
  LEAGUE_STANDINGS_PAGE_SIZES,
  MEMBERSHIP_STATUSES,
} from './league-rules.ts';

/*
 * The API contract of mini-leagues. Paths (all JSON, all under the session cookie except the
 * invite):
 *   GET    /api/leagues                          my leagues (every membership, newest first)
 *   POST   /api/leagues                          create            createLeagueInput → leagueSummary
 *   GET    /api/leagues/invite/:code             invite (public)   → leagueInvite
 *   POST   /api/leagues/join                     join by code      joinLeagueInput → joinLeagueResult
 *   GET    /api/leagues/:leagueId                details (approved members) → leagueDetail
 *   GET    /api/leagues/:leagueId/standings      standings (approved members) → leagueStandingsPage
 *   DELETE /api/leagues/:leagueId/membership     leave (not the admin) → 204
 *   PATCH  /api/leagues/:leagueId                settings (admin)  updateLeagueInput → leagueDetail
 *   POST   /api/leagues/:leagueId/code           new code (admin)  → leagueDetail
 *   GET    /api/leagues/:leagueId/members        members (admin)   leagueMembersQuery → leagueMembersPage
 *   PUT    /api/leagues/:leagueId/members/:userId  approve, reject, kick (admin) memberActionInput → leagueMember
 *   POST   /api/leagues/:leagueId/admin          hand over (admin) changeLeagueAdminInput → leagueDetail
 *   DELETE /api/leagues/:leagueId                delete (admin)    → 204
 *   POST   /api/leagues/:leagueId/handover-notice/dismiss   the new admin has read the notice → 204
 */

export const leagueJoinModeSchema = z.enum(LEAGUE_JOIN_MODES);
export const membershipStatusSchema = z.enum(MEMBERSHIP_STATUSES);
export const leagueMaxMembersSchema = z.union(LEAGUE_MAX_MEMBER_OPTIONS.map((option) => z.literal(option)));

/**
 * A league name: the text rules of a person's name (one line, no direction controls, not only
 * invisible characters, normalised), required, at most 50 characters.
 */
export const leagueNameSchema = personNameSchema({
  required: LEAGUE_MESSAGES.nameRequired,
  length: { maxLength: LEAGUE_LIMITS.nameLength, tooLong: LEAGUE_MESSAGES.nameTooLong },
});

/** A code as typed: trimmed and upper-cased, then exactly 8 of A–Z and 0–9. */
export const leagueCodeSchema = z
  .string({ error: LEAGUE_MESSAGES.codeRequired })
  .max(64, LEAGUE_MESSAGES.codeInvalid)
  .transform((value) => value.trim().toUpperCase())
  .pipe(
    z
      .string()
      .min(1, LEAGUE_MESSAGES.codeRequired)
      .length(LEAGUE_CODE_LENGTH, LEAGUE_MESSAGES.codeInvalid)
      .regex(LEAGUE_CODE_PATTERN, LEAGUE_MESSAGES.codeInvalid),
  );

/** A UTC instant or null (no deadline). Whether it is in the future is checked against the server clock. */
const joinDeadlineSchema = z.iso
  .datetime({ offset: true, error: 'Please enter a valid date and time' })
  .nullable();

export const createLeagueInputSchema = z.object({
  name: leagueNameSchema,
  maxMembers: leagueMaxMembersSchema.default(DEFAULT_LEAGUE_MAX_MEMBERS),
  joinMode: leagueJoinModeSchema.default(DEFAULT_LEAGUE_JOIN_MODE),
  joinDeadline: joinDeadlineSchema.default(null),
});
export type CreateLeagueInput = z.input<typeof createLeagueInputSchema>;

export const updateLeagueInputSchema = z.object({
  name: leagueNameSchema,
  joinMode: leagueJoinModeSchema,
  /** null clears the deadline. */
  joinDeadline: joinDeadlineSchema,
});
export type UpdateLeagueInput = z.input<typeof updateLeagueInputSchema>;

export const joinLeagueInputSchema = z.object({ code: leagueCodeSchema });
export const leagueCodeParamsSchema = z.object({ code: leagueCodeSchema });
export const leagueIdParamsSchema = z.object({ leagueId: z.uuid({ error: LEAGUE_MESSAGES.notFound }) });
export const leagueMemberParamsSchema = z.object({
  leagueId: z.uuid({ error: LEAGUE_MESSAGES.notFound }),
  userId: z.string().min(1).max(64),
});

export const memberActionInputSchema = z.object({ status: z.enum(['approved', 'rejected', 'kicked']) });

export const changeLeagueAdminInputSchema = z.object({
  email: z
    .string({ error: LEAGUE_MESSAGES.emailRequired })
    .max(254, LEAGUE_MESSAGES.emailInvalid)
    .transform((value) => value.trim().toLowerCase())
    .pipe(z.string().min(1, LEAGUE_MESSAGES.emailRequired).email(LEAGUE_MESSAGES.emailInvalid)),
});

/** A league's public facts, on its invite and on a member's card. */
const leagueFactsSchema = z.object({
  name: z.string(),
  code: z.string(),
  maxMembers: z.int(),
  joinMode: leagueJoinModeSchema,
  joinDeadline: z.iso.datetime().nullable(),
});

/** Why Join League would be refused now for the reader (decideJoin's answer), so the page says it first. */
export const inviteJoinBlockSchema = z.object({
  reason: z.enum(JOIN_REFUSALS),
  /** REJOIN_TOO_SOON: when the kicked reader may ask again. */
  retryAt: z.iso.datetime().nullable(),
});
export type InviteJoinBlock = z.infer<typeof inviteJoinBlockSchema>;

/** What anybody with the code may see: never the members. */
export const leagueInviteSchema = leagueFactsSchema.extend({
  /** null: a request would be sent (a visitor is told after signing in about their own limits). */
  joinBlock: inviteJoinBlockSchema.nullable(),
});
export type LeagueInvite = z.infer<typeof leagueInviteSchema>;

/** The admin became admin because the previous one handed over or deleted their account. */
export const adminHandoverSchema = z.object({
  reason: z.enum(['transferred', 'account_deleted']),
  at: z.iso.datetime(),
});

/** A league as one of the player's cards shows it. */
export const leagueSummarySchema = leagueFactsSchema.extend({
  /** Null for a player who is not an approved member (waiting, refused, kicked). */
  code: z.string().nullable(),
  id: z.uuid(),
  isAdmin: z.boolean(),
  myStatus: membershipStatusSchema,
  /** Approved members, the admin included. */
  memberCount: z.int(),
  /** Pending requests, for the admin's Manage badge; 0 for everybody else. */
  pendingRequests: z.int(),
  createdAt: z.iso.datetime(),
  joinedAt: z.iso.datetime(),
  /** Only for the admin, until they dismiss it. */
  adminHandover: adminHandoverSchema.nullable(),
  /** A kicked player's card: when they may ask to rejoin; null for everybody else. */
  canRejoinAt: z.iso.datetime().nullable(),
});
export type LeagueSummary = z.infer<typeof leagueSummarySchema>;

/** A league its creator just made: they run it, so they hold its code. */
export const createdLeagueSchema = leagueSummarySchema.extend({ code: z.string() });
export type CreatedLeague = z.infer<typeof createdLeagueSchema>;

export const myLeaguesSchema = z.object({ leagues: z.array(leagueSummarySchema) });
export type MyLeagues = z.infer<typeof myLeaguesSchema>;

export const leagueDetailSchema = leagueSummarySchema.extend({
  /** Details are for approved members only: they always hold the code. */
  code: z.string(),
  /** Active while the league's season runs; Inactive once it is over. */
  isActive: z.boolean(),
});
export type LeagueDetail = z.infer<typeof leagueDetailSchema>;

export const joinLeagueResultSchema = z.object({
  league: leagueSummarySchema,
  status: z.enum(['approved', 'pending']),
  message: z.string(),
});
export type JoinLeagueResult = z.infer<typeof joinLeagueResultSchema>;

export const leagueStandingsQuerySchema = z
  .object({
    ...rankedListQueryShape,
    pageSize: z.coerce
      .number()
      .pipe(z.literal(LEAGUE_STANDINGS_PAGE_SIZES))
      .default(DEFAULT_LEAGUE_STANDINGS_PAGE_SIZE),
  })
  .superRefine(checkSearchCursor);
export type LeagueStandingsParams = Partial<z.output<typeof leagueStandingsQuerySchema>>;

export const leagueStandingRowSchema = z.object({
  /** The rank among the league's approved members: 1, 2, 3, ... */
  rank: z.int().min(1),
  userId: z.string(),
  fullName: z.string(),
  totalGoals: z.int(),
  status: leaderboardStatusSchema,
  joinedAt: z.iso.datetime(),
  isYou: z.boolean(),
  /** Only on the viewer's own row. */
  picks: z.array(pickSchema).optional(),
});
export type LeagueStandingRow = z.infer<typeof leagueStandingRowSchema>;

export const leagueStandingsPageSchema = z.object({
  rows: z.array(leagueStandingRowSchema),
  /** As a board page's (`leaderboardPageSchema`): a search's matches counted up to SEARCH_TOTAL_CAP. */
  total: z.int().min(0),
  isTotalCapped: z.boolean(),
  page: z.int(),
  pageSize: z.int(),
  computedAt: z.iso.datetime().nullable(),
  /** Members approved since the last recompute appear within about this many seconds; null when none wait. */
  pendingWithinSeconds: z.int().nullable(),
});
export type LeagueStandingsPage = z.infer<typeof leagueStandingsPageSchema>;

export const leagueMembersQuerySchema = z.object({
  status: membershipStatusSchema.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type LeagueMembersParams = Partial<z.output<typeof leagueMembersQuerySchema>>;

export const leagueMemberSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  /** Shown to the league's admin only. */
  email: z.string(),
  status: membershipStatusSchema,
  isAdmin: z.boolean(),
  joinedAt: z.iso.datetime(),
  /** When a kicked member may ask to rejoin. */
  canRejoinAt: z.iso.datetime().nullable(),
});
export type LeagueMember = z.infer<typeof leagueMemberSchema>;

export const leagueMemberCountsSchema = z.object({
  total: z.int(),
  approved: z.int(),
  pending: z.int(),
  rejected: z.int(),
  kicked: z.int(),
});

export const leagueMembersPageSchema = z.object({
  members: z.array(leagueMemberSchema),
  /** Members matching the status filter. */
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
  counts: leagueMemberCountsSchema,
});
export type LeagueMembersPage = z.infer<typeof leagueMembersPageSchema>;
