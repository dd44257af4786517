import { LEAGUE_CODE_PATTERN, PENDING_INVITE_MAX_AGE_MS } from '@hit21/core';

/**
 * The invite a visitor (or a player not ready yet) accepted on /join/{code}, kept in this
 * browser across log-in or sign-up, onboarding and picks, until the dashboard offers it
 * (specification, entity "Pending league join").
 */
export const PENDING_LEAGUE_JOIN_KEY = 'pendingLeagueJoin';

export interface PendingLeagueJoin {
  code: string;
  leagueName: string;
  /** When it was saved, in milliseconds since the epoch. */
  timestamp: number;
}

/** The saved invite as it reads, or null when it is not one (bad JSON, wrong shape). */
export function parsePendingLeagueJoin(raw: string | null): PendingLeagueJoin | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { code, leagueName, timestamp } = value as Record<string, unknown>;
  if (typeof code !== 'string' || !LEAGUE_CODE_PATTERN.test(code)) return null;
  if (typeof leagueName !== 'string') return null;
  if (typeof timestamp !== 'number' || !Number.isFinite(timestamp)) return null;
  return { code, leagueName, timestamp };
}

/** Younger than 24 hours. A timestamp in the future (a clock moved back) counts as fresh. */
export function isPendingLeagueJoinFresh(pending: PendingLeagueJoin, now: number): boolean {
  return now - pending.timestamp < PENDING_INVITE_MAX_AGE_MS;
}

export function savePendingLeagueJoin(code: string, leagueName: string, now: number = Date.now()): void {
  const pending: PendingLeagueJoin = { code, leagueName, timestamp: now };
  try {
    window.localStorage.setItem(PENDING_LEAGUE_JOIN_KEY, JSON.stringify(pending));
  } catch {
    // Storage can be blocked (private modes, strict settings): the invite link still works.
  }
}

/**
 * The saved invite if one is there and fresh. An expired or unreadable one is removed, so
 * it is never offered again.
 */
export function readPendingLeagueJoin(now: number = Date.now()): PendingLeagueJoin | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(PENDING_LEAGUE_JOIN_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  const pending = parsePendingLeagueJoin(raw);
  if (pending && isPendingLeagueJoinFresh(pending, now)) return pending;
  clearPendingLeagueJoin();
  return null;
}

export function clearPendingLeagueJoin(): void {
  try {
    window.localStorage.removeItem(PENDING_LEAGUE_JOIN_KEY);
  } catch {
    // See savePendingLeagueJoin.
  }
}
