import { type SaveTeamInput, type Team, teamSchema } from '@hit21/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getProfileQueryOptions } from '../../../lib/queries/get-profile.ts';
import { getTeamQueryOptions } from '../../../lib/queries/get-team.ts';

/** Replaces the team with exactly 4 players in one server transaction, or changes nothing. */
export function saveTeam(input: SaveTeamInput): Promise<Team> {
  return api.put('/api/team', input, { schema: teamSchema });
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
