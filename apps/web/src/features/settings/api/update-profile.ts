import { type Profile, profileSchema, type UpdateProfileInput } from '@hit21/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getProfileQueryOptions } from '../../../lib/queries/get-profile.ts';

/** Changes the full name and date of birth, the only editable profile fields. */
export function updateProfile(input: UpdateProfileInput): Promise<Profile> {
  return api.patch('/api/profile', input, { schema: profileSchema });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(getProfileQueryOptions().queryKey, profile);
    },
  });
}
