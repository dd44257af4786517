import { type CreatedLeague, type CreateLeagueInput, createdLeagueSchema } from '@hit21/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { leagueQueryKeys } from './league-query-keys.ts';

/** Creates a league with a server-made code; the creator is its admin and first approved member. */
export function createLeague(input: CreateLeagueInput): Promise<CreatedLeague> {
  return api.post('/api/leagues', input, { schema: createdLeagueSchema });
}

export function useCreateLeague() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLeague,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leagueQueryKeys.all }),
  });
}
