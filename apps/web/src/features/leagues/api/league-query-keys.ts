/**
 * Every league query lives under `['leagues']`, so a change to any league (a join, an approval,
 * a new code) refreshes all of them with one invalidation. The invite is read by code, signed in
 * or not, and kept apart.
 */
export const leagueQueryKeys = {
  all: ['leagues'] as const,
  mine: () => ['leagues', 'mine'] as const,
  detail: (leagueId: string) => ['leagues', leagueId] as const,
  standings: (leagueId: string, params: object) => ['leagues', leagueId, 'standings', params] as const,
  members: (leagueId: string, params: object) => ['leagues', leagueId, 'members', params] as const,
  invite: (code: string) => ['league-invite', code] as const,
};
