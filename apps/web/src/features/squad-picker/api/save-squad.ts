import { type SaveSquadInput, type Squad, squadSchema } from '@hit21/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getProfileQueryOptions } from '../../../lib/queries/get-profile.ts';
import { getSquadQueryOptions } from '../../../lib/queries/get-squad.ts';

/** Replaces the squad with exactly 4 players in one server transaction, or changes nothing. */
export function saveSquad(input: SaveSquadInput): Promise<Squad> {
  return api.put('/api/squad', input, { schema: squadSchema });
}

export function useSaveSquad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSquad,
    onSuccess: async (squad) => {
      queryClient.setQueryData(getSquadQueryOptions().queryKey, squad);
      // The profile now says the selection is complete: the guards read it.
      await queryClient.invalidateQueries({ queryKey: getProfileQueryOptions().queryKey });
    },
  });
}
