import {
  AppError,
  formatLeagueDateTime,
  joinDeadlinePassedMessage,
  LEAGUE_MESSAGES,
  rejoinTooSoonMessage,
  tooManyJoinRequestsMessage,
} from '@hit21/core';

/** The spec's fallback when a join fails for a reason no screen words on its own. */
export const JOIN_FAILED_MESSAGE = 'Failed to join league. Please try again.';
/** The network wording of the specification's error catalogue. */
export const JOIN_NETWORK_MESSAGE = 'Network error. Please check your connection and try again.';

/**
 * What a player reads when the server refuses a join (by code, from the invite page or the
 * pending-invite modal). Refusals are told apart by `reason`; the two that name a moment
 * (deadline, end of the kick cooldown or of the hourly request limit) are worded in the reader's own time zone from
 * `details`, the rest keep the server's words, with the specification's as a fallback.
 */
export function joinRefusalMessage(error: unknown, timeZone?: string): string {
  if (!(error instanceof AppError)) return JOIN_FAILED_MESSAGE;
  switch (error.reason) {
    case 'JOIN_DEADLINE_PASSED': {
      const instant = parseInstant(error.details?.deadline);
      if (!instant) return serverWords(error, JOIN_FAILED_MESSAGE);
      const { date, time } = formatLeagueDateTime(instant, timeZone);
      return joinDeadlinePassedMessage(date, time);
    }
    case 'REJOIN_TOO_SOON': {
      const instant = parseInstant(error.details?.retryAt);
      if (!instant) return serverWords(error, JOIN_FAILED_MESSAGE);
      const { date, time } = formatLeagueDateTime(instant, timeZone);
      return rejoinTooSoonMessage(date, time);
    }
    case 'TOO_MANY_JOIN_REQUESTS': {
      const instant = parseInstant(error.details?.retryAt);
      if (!instant) return serverWords(error, JOIN_FAILED_MESSAGE);
      const { date, time } = formatLeagueDateTime(instant, timeZone);
      return tooManyJoinRequestsMessage(date, time);
    }
    case 'LEAGUE_NOT_FOUND':
      return serverWords(error, LEAGUE_MESSAGES.notFoundByCode);
    case 'LEAGUE_LOCKED':
      return serverWords(error, LEAGUE_MESSAGES.locked);
    case 'ALREADY_MEMBER':
      return serverWords(error, LEAGUE_MESSAGES.alreadyMember);
    case 'ALREADY_PENDING':
      return serverWords(error, LEAGUE_MESSAGES.alreadyPending);
    case 'NOT_READY_TO_JOIN':
      return serverWords(error, LEAGUE_MESSAGES.notReady);
    default:
      // The api client's own failures (no reason, INTERNAL): the request never got an answer.
      if (error.code === 'INTERNAL' && error.message.startsWith('Network error')) return JOIN_NETWORK_MESSAGE;
      return serverWords(error, JOIN_FAILED_MESSAGE);
  }
}

/** The server's user message, unless it is empty or the generic one. */
function serverWords(error: AppError, fallback: string): string {
  const text = error.userMessage.trim();
  return text === '' || error.code === 'INTERNAL' ? fallback : text;
}

function parseInstant(value: string | undefined): Date | null {
  if (!value) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant;
}
