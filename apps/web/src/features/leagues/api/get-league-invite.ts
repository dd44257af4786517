import { type LeagueInvite, leagueInviteSchema } from '@hit21/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { leagueQueryKeys } from './league-query-keys.ts';

/** What anybody with the code may see: name, code, size, deadline and join mode. No session needed. */
export function getLeagueInvite(
  code: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<LeagueInvite> {
  return api.get(`/api/leagues/invite/${encodeURIComponent(code)}`, { schema: leagueInviteSchema, signal });
}

export function getLeagueInviteQueryOptions(code: string) {
  return queryOptions({
    queryKey: leagueQueryKeys.invite(code),
    queryFn: ({ signal }) => getLeagueInvite(code, { signal }),
    retry: false,
  });
}

export function useLeagueInvite(code: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getLeagueInviteQueryOptions(code), enabled: options.enabled ?? true });
}
