import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { leagueQueryKeys } from './league-query-keys.ts';

/** Removes the player's membership; the admin cannot leave (hand the league over first). */
export function leaveLeague(leagueId: string): Promise<void> {
  return api.delete(`/api/leagues/${encodeURIComponent(leagueId)}/membership`);
}

export function useLeaveLeague() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveLeague,
    onSuccess: (_result, leagueId) => {
      queryClient.removeQueries({ queryKey: leagueQueryKeys.detail(leagueId) });
      return queryClient.invalidateQueries({ queryKey: leagueQueryKeys.mine() });
    },
  });
}
