import {
  type LeagueDetail,
  type LeagueMember,
  type LeagueMembersPage,
  type LeagueMembersParams,
  leagueDetailSchema,
  leagueMemberSchema,
  leagueMembersPageSchema,
  type MemberAction,
  type UpdateLeagueInput,
} from '@hit21/core';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { leagueQueryKeys } from './league-query-keys.ts';

/* The admin's calls: every one is refused (NOT_LEAGUE_ADMIN or LEAGUE_NOT_FOUND) for anyone else. */

const leaguePath = (leagueId: string) => `/api/leagues/${encodeURIComponent(leagueId)}`;

export function listLeagueMembers(
  leagueId: string,
  params: LeagueMembersParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<LeagueMembersPage> {
  return api.get(`${leaguePath(leagueId)}/members`, {
    schema: leagueMembersPageSchema,
    query: params,
    signal,
  });
}

export function listLeagueMembersQueryOptions(leagueId: string, params: LeagueMembersParams) {
  return queryOptions({
    queryKey: leagueQueryKeys.members(leagueId, params),
    queryFn: ({ signal }) => listLeagueMembers(leagueId, params, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
    // New requests arrive while the admin looks.
    refetchInterval: 30_000,
  });
}

export function useLeagueMembers(leagueId: string, params: LeagueMembersParams) {
  return useQuery(listLeagueMembersQueryOptions(leagueId, params));
}

export function updateLeague(leagueId: string, input: UpdateLeagueInput): Promise<LeagueDetail> {
  return api.patch(leaguePath(leagueId), input, { schema: leagueDetailSchema });
}

export function regenerateLeagueCode(leagueId: string): Promise<LeagueDetail> {
  return api.post(`${leaguePath(leagueId)}/code`, undefined, { schema: leagueDetailSchema });
}

export function changeMemberStatus(
  leagueId: string,
  userId: string,
  status: MemberAction,
): Promise<LeagueMember> {
  return api.put(
    `${leaguePath(leagueId)}/members/${encodeURIComponent(userId)}`,
    { status },
    {
      schema: leagueMemberSchema,
    },
  );
}

export function changeLeagueAdmin(leagueId: string, email: string): Promise<LeagueDetail> {
  return api.post(`${leaguePath(leagueId)}/admin`, { email }, { schema: leagueDetailSchema });
}

export function deleteLeague(leagueId: string): Promise<void> {
  return api.delete(leaguePath(leagueId));
}

export function dismissHandoverNotice(leagueId: string): Promise<void> {
  return api.post(`${leaguePath(leagueId)}/handover-notice/dismiss`);
}

/** Any admin change refreshes every league query (cards, badges, standings, member lists). */
function useLeagueMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leagueQueryKeys.all }),
  });
}

export const useUpdateLeague = (leagueId: string) =>
  useLeagueMutation((input: UpdateLeagueInput) => updateLeague(leagueId, input));
export const useRegenerateLeagueCode = (leagueId: string) =>
  useLeagueMutation(() => regenerateLeagueCode(leagueId));
export const useChangeMemberStatus = (leagueId: string) =>
  useLeagueMutation(({ userId, status }: { userId: string; status: MemberAction }) =>
    changeMemberStatus(leagueId, userId, status),
  );
export const useChangeLeagueAdmin = (leagueId: string) =>
  useLeagueMutation((email: string) => changeLeagueAdmin(leagueId, email));
export const useDismissHandoverNotice = (leagueId: string) =>
  useLeagueMutation(() => dismissHandoverNotice(leagueId));

export function useDeleteLeague() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLeague,
    onSuccess: (_result, leagueId) => {
      queryClient.removeQueries({ queryKey: leagueQueryKeys.detail(leagueId) });
      return queryClient.invalidateQueries({ queryKey: leagueQueryKeys.mine() });
    },
  });
}
