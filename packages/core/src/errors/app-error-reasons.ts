import type { AppErrorCode } from './app-error-codes.ts';

/**
 * Every refusal a screen or caller may need to tell apart, with the HTTP-level code it travels
 * under. Screens switch on `error.reason`, never on message text, so wording can change freely.
 * Adding a refusal is one line here; `new AppError(code, { reason })` only accepts a reason
 * declared under that code.
 */
export const APP_ERROR_REASONS = {
  // Requests
  CROSS_SITE_REQUEST: 'FORBIDDEN',
  SIGN_IN_REQUIRED: 'UNAUTHENTICATED',
  TOO_MANY_ATTEMPTS: 'RATE_LIMITED',
  DATABASE_UNREACHABLE: 'UNAVAILABLE',
  // Input no route accepts (NUL or broken text, nesting too deep, a redirect target better-auth cannot use)
  UNSTORABLE_TEXT: 'INVALID_REQUEST',
  NESTED_TOO_DEEP: 'INVALID_REQUEST',
  INVALID_REDIRECT: 'INVALID_REQUEST',
  // Season
  SEASON_NOT_LOADED: 'UNAVAILABLE',
  // Accounts and profile
  ACCOUNT_NOT_FOUND: 'NOT_FOUND',
  INVALID_RESET_LINK: 'INVALID_REQUEST',
  WRONG_CURRENT_PASSWORD: 'INVALID_REQUEST',
  PASSWORD_CHANGE_REFUSED: 'INVALID_REQUEST',
  INVALID_PROFILE_FIELD: 'INVALID_REQUEST',
  ONBOARDING_INCOMPLETE: 'FORBIDDEN',
  // Squads: saving a squad
  PLAYER_NOT_FOUND: 'INVALID_REQUEST',
  GOALKEEPER_NOT_ALLOWED: 'INVALID_REQUEST',
  SQUAD_LOCKED: 'FORBIDDEN',
  ONLY_UNSCORED_PLAYERS: 'FORBIDDEN',
  SEASON_OVER: 'FORBIDDEN',
  // Leaderboards
  COUNTRY_NOT_SET: 'INVALID_REQUEST',
  FAVOURITE_CLUB_NOT_SET: 'INVALID_REQUEST',
  // Mini-leagues
  LEAGUE_NOT_FOUND: 'NOT_FOUND',
  NOT_LEAGUE_ADMIN: 'FORBIDDEN',
  NOT_READY_TO_JOIN: 'FORBIDDEN',
  ALREADY_MEMBER: 'CONFLICT',
  ALREADY_PENDING: 'CONFLICT',
  LEAGUE_LOCKED: 'FORBIDDEN',
  JOIN_DEADLINE_PASSED: 'FORBIDDEN',
  REJOIN_TOO_SOON: 'FORBIDDEN',
  LEAGUE_FULL: 'CONFLICT',
  TOO_MANY_LEAGUES: 'CONFLICT',
  TOO_MANY_ADMINISTERED: 'CONFLICT',
  TOO_MANY_JOIN_REQUESTS: 'RATE_LIMITED',
  JOIN_DEADLINE_IN_PAST: 'INVALID_REQUEST',
  ADMIN_CANNOT_LEAVE: 'FORBIDDEN',
  CANNOT_CHANGE_ADMIN_MEMBERSHIP: 'FORBIDDEN',
  MEMBER_CHANGE_NOT_ALLOWED: 'CONFLICT',
  MEMBER_NOT_FOUND: 'NOT_FOUND',
  NEW_ADMIN_NOT_MEMBER: 'INVALID_REQUEST',
  NEW_ADMIN_IS_YOU: 'INVALID_REQUEST',
  // Waitlist
  ALREADY_ON_WAITLIST: 'CONFLICT',
  // Notifications (the live stream: too many from one client address, or the instance is full)
  TOO_MANY_STREAMS: 'RATE_LIMITED',
  STREAMS_FULL: 'UNAVAILABLE',
  NOTIFICATION_NOT_FOUND: 'NOT_FOUND',
  INVALID_UNSUBSCRIBE_LINK: 'INVALID_REQUEST',
} as const satisfies Record<string, AppErrorCode>;

export type AppErrorReason = keyof typeof APP_ERROR_REASONS;

/** The reasons that may travel under one code, e.g. `AppErrorReasonFor<'FORBIDDEN'>`. */
export type AppErrorReasonFor<Code extends AppErrorCode> = {
  [Reason in AppErrorReason]: (typeof APP_ERROR_REASONS)[Reason] extends Code ? Reason : never;
}[AppErrorReason];

export function isAppErrorReason(value: unknown): value is AppErrorReason {
  return typeof value === 'string' && Object.hasOwn(APP_ERROR_REASONS, value);
}
