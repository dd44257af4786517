import { type OnboardingInput, type Profile, profileSchema } from '@hit21/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getProfileQueryOptions } from '../../../lib/queries/get-profile.ts';

/** Saves the three onboarding steps; the answer is the profile with onboardingComplete set. */
export function completeOnboarding(input: OnboardingInput): Promise<Profile> {
  return api.put('/api/profile/onboarding', input, { schema: profileSchema });
}

export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: (profile) => {
      // Guards and the next screen read the profile: they must see onboarding as done at once.
      queryClient.setQueryData(getProfileQueryOptions().queryKey, profile);
    },
  });
}
