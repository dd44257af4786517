import { type SquadGoals, squadGoalsSchema } from '@hit21/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Every goal of the signed-in user's picks up to the server clock, one row per player per match. */
export function getSquadGoals({ signal }: { signal?: AbortSignal } = {}): Promise<SquadGoals> {
  return api.get('/api/squad/goals', { schema: squadGoalsSchema, signal });
}

export function getSquadGoalsQueryOptions() {
  // Under the squad's key: whatever refreshes the squad refreshes its goals too.
  return queryOptions({ queryKey: ['squad', 'goals'], queryFn: ({ signal }) => getSquadGoals({ signal }) });
}

export function useSquadGoals() {
  return useQuery(getSquadGoalsQueryOptions());
}
