import { type WaitlistInput, waitlistCountSchema, waitlistInputSchema } from '@hit21/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getWaitlistCountQueryOptions } from './get-waitlist-count.ts';

/**
 * Adds a name and e-mail to the waitlist (trimmed, e-mail lower-cased by the core schema)
 * and answers the new raw count. A known e-mail fails with an AppError coded CONFLICT.
 */
export async function joinWaitlist(input: WaitlistInput): Promise<number> {
  const { count } = await api.post('/api/waitlist', waitlistInputSchema.parse(input), {
    schema: waitlistCountSchema,
  });
  return count;
}

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitlist,
    // The answer is the server's count with the new fan in it: the one figure the card shows.
    onSuccess: (count) => queryClient.setQueryData(getWaitlistCountQueryOptions().queryKey, count),
  });
}
