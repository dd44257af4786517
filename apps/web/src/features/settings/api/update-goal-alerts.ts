import { type GoalAlertsInput, type Profile, profileSchema } from '@hit21/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getProfileQueryOptions } from '../../../lib/queries/get-profile.ts';

/** Which goal alerts the player wants; the server answers the profile with the choice saved. */
export function updateGoalAlerts(input: GoalAlertsInput): Promise<Profile> {
  return api.put('/api/profile/goal-alerts', input, { schema: profileSchema });
}

/**
 * Moves the choice at once and puts it back if the server refuses. The outcome callbacks are the
 * mutation's own, not `mutate`'s: those are dropped when the screen re-renders the form while
 * the save is on its way (a profile read it cancels), and the player would see no toast.
 */
export function useUpdateGoalAlerts(outcome: {
  onSuccess: (profile: Profile) => void;
  onError: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  const profileKey = getProfileQueryOptions().queryKey;
  return useMutation({
    mutationFn: updateGoalAlerts,
    // Saves run one after another, in the order chosen, so the last choice is the one kept.
    scope: { id: 'goal-alerts' },
    onMutate: async ({ goalAlerts }) => {
      await queryClient.cancelQueries({ queryKey: profileKey });
      const previous = queryClient.getQueryData(profileKey);
      queryClient.setQueryData(profileKey, (old) => (old ? { ...old, goalAlerts } : old));
      return { previous };
    },
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKey, profile);
      outcome.onSuccess(profile);
    },
    onError: (error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(profileKey, context.previous);
      outcome.onError(error);
    },
  });
}
