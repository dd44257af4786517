import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getProfileQueryOptions } from '../../../lib/queries/get-profile.ts';

export interface MarketingPreferenceInput {
  isOptedIn: boolean;
  email: string;
  /** Sent with a subscription; the part of the e-mail before the @ when there is no name. */
  name?: string | null;
}

/** Subscribes to or unsubscribes from marketing e-mails; the server keeps the choice on the profile. */
export async function updateMarketingPreference({ isOptedIn, email, name }: MarketingPreferenceInput) {
  if (isOptedIn) {
    await api.post('/api/marketing/subscribe', { email, name: name?.trim() || email.split('@')[0] });
  } else {
    await api.post('/api/marketing/unsubscribe');
  }
}

/** Moves the switch at once and puts it back if the server refuses. */
export function useUpdateMarketingPreference() {
  const queryClient = useQueryClient();
  const profileKey = getProfileQueryOptions().queryKey;
  return useMutation({
    mutationFn: updateMarketingPreference,
    onMutate: async ({ isOptedIn }) => {
      await queryClient.cancelQueries({ queryKey: profileKey });
      const previous = queryClient.getQueryData(profileKey);
      queryClient.setQueryData(profileKey, (old) => (old ? { ...old, marketingOptIn: isOptedIn } : old));
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(profileKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKey }),
  });
}
