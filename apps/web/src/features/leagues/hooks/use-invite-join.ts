import { AppError, type JoinLeagueResult, type Profile } from '@hit21/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { sendAnalyticsEvent } from '../../../lib/analytics.ts';
import { getProfileQueryOptions } from '../../../lib/queries/get-profile.ts';
import { toast } from '../../../lib/toast.ts';
import { useJoinLeague } from '../api/join-league.ts';
import { type InviteJoinStep, inviteJoinStep, inviteStepMessage } from '../utils/invite-join-step.ts';
import { joinRefusalMessage } from '../utils/join-refusal-message.ts';
import { clearPendingLeagueJoin, savePendingLeagueJoin } from '../utils/pending-league-join.ts';

const STEP_TARGETS: Record<Exclude<InviteJoinStep, 'ready'>, string> = {
  login: paths.login.getHref(),
  onboarding: paths.onboarding.getHref(),
  'player-selection': paths.playerSelection.getHref(),
};

export type InviteJoinOutcome =
  | { kind: 'redirected'; step: Exclude<InviteJoinStep, 'ready'> }
  | { kind: 'joined'; result: JoinLeagueResult }
  | { kind: 'refused'; message: string };

/**
 * Join League from an invite (the invite page or the dashboard's pending-invite modal). A
 * player who is not ready is sent to the step they are missing, with the invite saved so the
 * dashboard can offer it afterwards; a ready player joins at once and goes to /leagues.
 * `via` names the screen in analytics.
 */
export function useInviteJoin(via: 'invite' | 'pending_invite') {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const join = useJoinLeague();
  // Busy from the click until the next page: reading the profile, then the join itself.
  const [isJoining, setIsJoining] = useState(false);

  const redirect = async (step: Exclude<InviteJoinStep, 'ready'>, invite: { code: string; name: string }) => {
    savePendingLeagueJoin(invite.code, invite.name);
    toast.info(inviteStepMessage(step, invite.name));
    await navigate(STEP_TARGETS[step]);
    return { kind: 'redirected', step } as const;
  };

  const joinFromInvite = async (invite: { code: string; name: string }): Promise<InviteJoinOutcome> => {
    setIsJoining(true);
    try {
      return await attemptJoin(invite);
    } finally {
      setIsJoining(false);
    }
  };

  const attemptJoin = async (invite: { code: string; name: string }): Promise<InviteJoinOutcome> => {
    let profile: Profile | null;
    try {
      // The cached profile unless there is none yet; the server has the last word on the join.
      profile = await queryClient.ensureQueryData(getProfileQueryOptions());
    } catch (error) {
      return refuse(error);
    }
    const step = inviteJoinStep(profile);
    if (step !== 'ready') return redirect(step, invite);

    let result: JoinLeagueResult;
    try {
      result = await join.mutateAsync(invite.code);
    } catch (error) {
      // The session ended since the profile was cached: log in again, the invite kept.
      if (error instanceof AppError && error.code === 'UNAUTHENTICATED') return redirect('login', invite);
      return refuse(error);
    }
    clearPendingLeagueJoin();
    sendAnalyticsEvent({
      name: 'league_joined',
      path: pathname,
      properties: { type: 'private', status: result.status, via },
    });
    // As joining by code words it: "League Joined!" or the request's own sentence.
    if (result.status === 'approved') toast.success({ title: 'League Joined!', message: result.message });
    else toast.success({ title: result.message });
    await navigate(paths.leagues.getHref());
    return { kind: 'joined', result };
  };

  return { joinFromInvite, isJoining };
}

function refuse(error: unknown): InviteJoinOutcome {
  const message = joinRefusalMessage(error);
  toast.error({ title: 'Join League Failed', message });
  return { kind: 'refused', message };
}
