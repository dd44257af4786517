import { type CreateLeagueInput, type LeagueSummary, leagueSummarySchema } from '@hit21/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { leagueQueryKeys } from './league-query-keys.ts';

/** Creates a league with a server-made code; the creator is its admin and first approved member. */
export function createLeague(input: CreateLeagueInput): Promise<LeagueSummary> {
  return api.post('/api/leagues', input, { schema: leagueSummarySchema });
}

export function useCreateLeague() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLeague,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leagueQueryKeys.all }),
  });
}
