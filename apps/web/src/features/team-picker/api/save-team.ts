import { type SaveSquadInput, type Squad, squadSchema } from '@hit21/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getProfileQueryOptions } from '../../../lib/queries/get-profile.ts';
import { getTeamQueryOptions } from '../../../lib/queries/get-team.ts';

/** Replaces the team with exactly 4 players in one server transaction, or changes nothing. */
export function saveTeam(input: SaveSquadInput): Promise<Squad> {
  return api.put('/api/squad', input, { schema: squadSchema });
}

export function useSaveTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTeam,
    onSuccess: async (team) => {
      queryClient.setQueryData(getTeamQueryOptions().queryKey, team);
      // The profile now says the selection is complete: the guards read it.
      await queryClient.invalidateQueries({ queryKey: getProfileQueryOptions().queryKey });
    },
  });
}
