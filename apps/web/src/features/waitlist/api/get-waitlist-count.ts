import { waitlistCountSchema } from '@hit21/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** How many people are on the waitlist (the raw count; the page decides how to show it). */
export async function getWaitlistCount({ signal }: { signal?: AbortSignal } = {}): Promise<number> {
  const { count } = await api.get('/api/waitlist/count', { schema: waitlistCountSchema, signal });
  return count;
}

export function getWaitlistCountQueryOptions() {
  return queryOptions({
    queryKey: ['waitlist', 'count'],
    queryFn: ({ signal }) => getWaitlistCount({ signal }),
  });
}

export function useWaitlistCount() {
  return useQuery(getWaitlistCountQueryOptions());
}
