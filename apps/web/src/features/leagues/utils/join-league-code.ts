import { LEAGUE_CODE_LENGTH, LEAGUE_MESSAGES, normalizeLeagueCode } from '@hit21/core';

export const JOIN_CODE_HINT = 'Enter the 8-character code from your league administrator';

/** The code field as typed: trimmed, upper-cased and cut at 8 characters. */
export function typedLeagueCode(raw: string): string {
  return normalizeLeagueCode(raw).slice(0, LEAGUE_CODE_LENGTH);
}

/** The spec's one client-side check: a code is required; the server judges the rest. */
export function leagueCodeError(code: string): string | undefined {
  return normalizeLeagueCode(code) === '' ? LEAGUE_MESSAGES.codeRequired : undefined;
}
