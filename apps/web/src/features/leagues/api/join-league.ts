import { type JoinLeagueResult, joinLeagueResultSchema } from '@hit21/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { leagueQueryKeys } from './league-query-keys.ts';

/** A code as typed, or the league a refused or kicked player asks to rejoin. */
export type JoinTarget = string | { rejoinLeagueId: string };

/**
 * Asks to join the league with this code (trimmed and upper-cased by the server too). Answers
 * approved (open league) or pending, with the message to show; refusals are `AppError`s whose
 * `reason` says which (LEAGUE_LOCKED, JOIN_DEADLINE_PASSED with `details.deadline`,
 * REJOIN_TOO_SOON with `details.retryAt`, ...).
 */
export function joinLeague(target: JoinTarget): Promise<JoinLeagueResult> {
  if (typeof target === 'string')
    return api.post('/api/leagues/join', { code: target }, { schema: joinLeagueResultSchema });
  // A rejected or kicked player is not shown the code: they ask again by the league's id.
  return api.post(`/api/leagues/${encodeURIComponent(target.rejoinLeagueId)}/rejoin`, undefined, {
    schema: joinLeagueResultSchema,
  });
}

export function useJoinLeague() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinLeague,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leagueQueryKeys.all }),
  });
}
