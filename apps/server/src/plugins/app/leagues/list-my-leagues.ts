import {
  AppError,
  decideJoin,
  type InviteJoinBlock,
  isSeasonOver,
  LEAGUE_MESSAGES,
  type LeagueDetail,
  type LeagueInvite,
  type LeagueSummary,
  type SeasonConfig,
} from '@hit21/core';
import type { Executor } from '../../../db/database.ts';
import { findActiveSeason } from '../season/season-repository.ts';
import { requireLeagueMember } from './league-access.ts';
import { findLeagueWithMembership, type LeagueRow } from './league-access-repository.ts';
import { isLeagueSeasonOver, readAdmissionFacts } from './league-admission.ts';
import { findLeagueByCode, listMyLeagues } from './league-repository.ts';
import { toLeagueDetail, toLeagueSummary } from './league-summary.ts';

/**
 * At most this many memberships are listed: approved and pending ones are capped at 30 by the
 * league limit; this bounds the old rejected and kicked ones that accumulate.
 */
export const MY_LEAGUES_LIMIT = 100;

/** Every league the player belongs to, waits for, or was refused by, newest request first. */
export async function listMyLeagueSummaries(db: Executor, userId: string): Promise<LeagueSummary[]> {
  const rows = await listMyLeagues(db, userId, MY_LEAGUES_LIMIT);
  return rows.map(({ league, membership }) => toLeagueSummary(league, membership, userId));
}

/** A league for one of its approved members; Active while its season runs. */
export async function readLeagueDetail(options: {
  db: Executor;
  leagueId: string;
  userId: string;
  activeSeason: SeasonConfig;
  now: Date;
}): Promise<LeagueDetail> {
  const { db, leagueId, userId, activeSeason, now } = options;
  const { league, membership } = await requireLeagueMember(db, leagueId, userId);
  const season =
    league.seasonId === activeSeason.id ? activeSeason : await findActiveSeason(db, league.seasonId);
  return toLeagueDetail(league, membership, userId, !isSeasonOver(season.gameweeks, now));
}

/**
 * What the invite page shows anybody with the code: never the members. With the reader's id
 * it also says why their Join League would be refused now (the rule joining applies).
 */
export async function readLeagueInvite(options: {
  db: Executor;
  code: string;
  seasonId: string;
  userId: string | null;
  now: Date;
}): Promise<LeagueInvite> {
  const { db, code, seasonId, userId, now } = options;
  const league = await findLeagueByCode(db, code, seasonId);
  if (!league) {
    throw new AppError('NOT_FOUND', {
      reason: 'LEAGUE_NOT_FOUND',
      message: LEAGUE_MESSAGES.notFound,
      userMessage: LEAGUE_MESSAGES.notFound,
    });
  }
  return {
    name: league.name,
    code: league.code,
    maxMembers: league.maxMembers,
    joinMode: league.joinMode,
    joinDeadline: league.joinDeadline?.toISOString() ?? null,
    joinBlock: await readJoinBlock(db, league, userId, now),
  };
}

async function readJoinBlock(
  db: Executor,
  league: LeagueRow,
  userId: string | null,
  now: Date,
): Promise<InviteJoinBlock | null> {
  const membership = userId
    ? ((await findLeagueWithMembership(db, league.id, userId))?.membership ?? null)
    : null;
  // The facts a join reads, so the page says what the click would be told.
  const facts = userId
    ? await readAdmissionFacts(db, { league, userId, membership, now })
    : {
        isSeasonOver: await isLeagueSeasonOver(db, league.seasonId, now),
        otherMemberships: 0,
        addressKickedAt: null,
      };
  const decision = decideJoin({
    league,
    membership,
    approvedMembers: league.approvedMembers,
    playerMemberships: facts.otherMemberships,
    isSeasonOver: facts.isSeasonOver,
    addressKickedAt: facts.addressKickedAt,
    now,
  });
  if (!('refusal' in decision)) return null;
  return { reason: decision.refusal, retryAt: decision.retryAt?.toISOString() ?? null };
}
