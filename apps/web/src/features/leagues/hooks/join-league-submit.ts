import type { JoinLeagueResult } from '@hit21/core';
import { useLocation } from 'react-router';
import { sendAnalyticsEvent } from '../../../lib/analytics.ts';
import { toast } from '../../../lib/toast.ts';
import { type JoinTarget, useJoinLeague } from '../api/join-league.ts';
import { joinRefusalMessage } from '../utils/join-refusal-message.ts';

/**
 * Asks to join by code and tells the player the outcome: the server's message in a toast
 * (approved, application or rejoin request), or "Join League Failed" with the refusal worded
 * for them; records `league_joined` on success.
 */
export function useJoinLeagueSubmit() {
  const joinLeague = useJoinLeague();
  const { pathname } = useLocation();

  const submit = (
    target: JoinTarget,
    handlers: { onJoined?: (result: JoinLeagueResult) => void; onRefused?: (message: string) => void } = {},
  ) =>
    joinLeague.mutate(target, {
      onSuccess: (result) => {
        if (result.status === 'approved') toast.success({ title: 'League Joined!', message: result.message });
        else toast.success({ title: result.message });
        sendAnalyticsEvent({
          name: 'league_joined',
          path: pathname,
          properties: { type: 'private', status: result.status, via: 'code' },
        });
        handlers.onJoined?.(result);
      },
      onError: (refusal) => {
        const message = joinRefusalMessage(refusal);
        toast.error({ title: 'Join League Failed', message });
        handlers.onRefused?.(message);
      },
    });

  return { submit, isPending: joinLeague.isPending };
}
