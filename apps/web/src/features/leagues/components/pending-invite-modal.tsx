import { AppError, LEAGUE_MESSAGES } from '@hit21/core';
import { LogIn, RotateCcw, SearchX } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useProfile } from '../../../lib/queries/get-profile.ts';
import { useLeagueInvite } from '../api/get-league-invite.ts';
import { useInviteJoin } from '../hooks/use-invite-join.ts';
import {
  clearPendingLeagueJoin,
  type PendingLeagueJoin,
  readPendingLeagueJoin,
} from '../utils/pending-league-join.ts';
import { InviteDetails } from './invite-details.tsx';
import { JoinBlockNotice } from './join-block-notice.tsx';

/** The specification's modal re-check: the saved invite is looked for again after 1 s. */
export const PENDING_INVITE_RECHECK_MS = 1000;

/**
 * The dashboard's offer of the invite a player accepted before they were ready (logged out,
 * onboarding or picks unfinished). Shown once the player has finished onboarding and picked
 * a squad, while the saved invite is younger than 24 hours; any way out forgets it.
 */
export function PendingInviteModal() {
  const profile = useProfile();
  const isReady = Boolean(profile.data?.onboardingComplete && profile.data.playerSelectionComplete);
  const [pending, setPending] = useState<PendingLeagueJoin | null>(null);

  useEffect(() => {
    if (!isReady) return;
    const check = () => setPending((current) => current ?? readPendingLeagueJoin());
    check();
    const timer = setTimeout(check, PENDING_INVITE_RECHECK_MS);
    return () => clearTimeout(timer);
  }, [isReady]);

  if (!isReady || !pending) return null;
  return (
    <PendingInviteDialog
      pending={pending}
      onDone={() => {
        clearPendingLeagueJoin();
        setPending(null);
      }}
    />
  );
}

function PendingInviteDialog({ pending, onDone }: { pending: PendingLeagueJoin; onDone: () => void }) {
  const invite = useLeagueInvite(pending.code);
  const { joinFromInvite, isJoining } = useInviteJoin('pending_invite');
  const [refusal, setRefusal] = useState<string | null>(null);
  const isGone =
    invite.error instanceof AppError &&
    (invite.error.code === 'NOT_FOUND' || invite.error.code === 'INVALID_REQUEST');
  const league = invite.data;
  // Said before any click, as on the invite page: only Close then.
  const block = league?.joinBlock ?? null;
  // The fresh name once it has loaded; the saved one until then (and when the league is gone).
  const leagueName = league?.name ?? pending.leagueName;

  const onJoin = async () => {
    if (!league) return;
    setRefusal(null);
    const outcome = await joinFromInvite({ code: league.code, name: league.name });
    if (outcome.kind === 'refused') setRefusal(outcome.message);
  };

  let body: ReactNode;
  let footer: ReactNode;
  if (isGone) {
    body = (
      <p role="alert" className="flex items-start gap-3 rounded-xl border border-line bg-stone-50 px-4 py-3">
        <SearchX aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />
        <span>
          {LEAGUE_MESSAGES.notFound}. {pending.leagueName} may have been deleted, or its code may have
          changed.
        </span>
      </p>
    );
    footer = <CloseButton onClick={onDone} />;
  } else if (invite.isError) {
    body = (
      <p role="alert" className="font-semibold text-bust-700">
        Failed to load league details
      </p>
    );
    footer = (
      <>
        <Button variant="secondary" onClick={onDone}>
          Maybe Later
        </Button>
        <Button onClick={() => void invite.refetch()}>
          <RotateCcw aria-hidden="true" />
          Try Again
        </Button>
      </>
    );
  } else if (!league) {
    body = (
      <div role="status" aria-live="polite" className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
        <span className="sr-only">Loading league details...</span>
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-16 rounded-xl" />
        ))}
      </div>
    );
    footer = (
      <Button variant="secondary" onClick={onDone}>
        Maybe Later
      </Button>
    );
  } else {
    body = (
      <>
        <InviteDetails invite={league} />
        {block ? <JoinBlockNotice block={block} invite={league} /> : null}
        {refusal ? (
          <p
            role="alert"
            className="rounded-xl border border-bust-500/40 bg-bust-100 px-4 py-3 text-bust-700"
          >
            {refusal}
          </p>
        ) : null}
      </>
    );
    footer = block ? (
      <CloseButton onClick={onDone} />
    ) : (
      <>
        <Button variant="secondary" onClick={onDone} disabled={isJoining}>
          Maybe Later
        </Button>
        <Button isLoading={isJoining} disabled={isJoining} onClick={() => void onJoin()}>
          {isJoining ? null : <LogIn aria-hidden="true" />}
          {isJoining ? 'Joining...' : 'Join League'}
        </Button>
      </>
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        // Escape, the corner button or a click outside: the same as Maybe Later (or Close).
        if (!open && !isJoining) onDone();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <p className="font-display font-medium text-pitch-700 text-sm uppercase tracking-[0.2em]">
            League Invitation
          </p>
          <DialogTitle className="break-words">{leagueName}</DialogTitle>
          <DialogDescription>
            {isGone
              ? 'The league you were invited to is no longer available.'
              : block
                ? 'You were invited to this mini-league, but you cannot join it now.'
                : 'You were invited to this mini-league. Your profile and team are ready: join now?'}
          </DialogDescription>
        </DialogHeader>
        {body}
        <DialogFooter>{footer}</DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function CloseButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="secondary" onClick={onClick}>
      Close
    </Button>
  );
}
