import { AppError, LEAGUE_MESSAGES, type LeagueInvite, leagueCodeSchema } from '@hit21/core';
import { Check, Copy, LogIn, Search, SearchX, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Container } from '../../../components/layouts/container.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { useProfile } from '../../../lib/queries/get-profile.ts';
import { useLeagueInvite } from '../api/get-league-invite.ts';
import { useLeagueShareActions } from '../hooks/leagues-share-actions.ts';
import { useInviteJoin } from '../hooks/use-invite-join.ts';
import { savePendingLeagueJoin } from '../utils/pending-league-join.ts';
import { InviteDetails } from './invite-details.tsx';
import { JoinBlockNotice } from './join-block-notice.tsx';

export const INVITE_LOAD_FAILED_MESSAGE = 'Failed to load league details';
/** How long Copy Link reads "Link Copied!" (specification: copied indicator 2 s). */
const COPIED_INDICATOR_MS = 2000;

/** The invite page's body for the code in the address (trimmed and upper-cased before lookup). */
export function InviteScreen({ rawCode }: { rawCode: string }) {
  const parsed = leagueCodeSchema.safeParse(rawCode);
  const code = parsed.success ? parsed.data : '';
  const invite = useLeagueInvite(code, { enabled: parsed.success });

  let content: ReactNode;
  if (!parsed.success || isInvalidCode(invite.error)) {
    content = (
      <InviteProblem
        title={LEAGUE_MESSAGES.codeInvalid}
        detail="Check the link you were sent, or ask the league administrator for a new one."
      />
    );
  } else if (invite.error instanceof AppError && invite.error.code === 'NOT_FOUND') {
    content = (
      <InviteProblem
        title={LEAGUE_MESSAGES.notFound}
        detail="This league may have been deleted, or its code may have changed. Ask the league administrator for a new link."
      />
    );
  } else if (invite.isError) {
    content = (
      <Card>
        <QueryError
          message={INVITE_LOAD_FAILED_MESSAGE}
          onRetry={() => void invite.refetch()}
          actions={<BrowseLeaguesButton />}
        />
      </Card>
    );
  } else if (!invite.data) {
    content = <InviteSkeleton />;
  } else {
    content = <InviteCard invite={invite.data} />;
  }

  return <Container className="flex flex-col gap-6 py-6 sm:py-10">{content}</Container>;
}

function isInvalidCode(error: unknown): boolean {
  return error instanceof AppError && error.code === 'INVALID_REQUEST';
}

function InviteCard({ invite }: { invite: LeagueInvite }) {
  const profile = useProfile();
  const isVisitor = profile.data === null;
  const { joinFromInvite, isJoining } = useInviteJoin('invite');
  // Said before any click, as the server would refuse it: no Join League then.
  const block = invite.joinBlock;

  return (
    <Card>
      <CardHeader>
        <p className="font-display font-medium text-pitch-700 text-sm uppercase tracking-[0.2em]">
          You're invited to a mini-league
        </p>
        <CardTitle className="break-words text-3xl">{invite.name}</CardTitle>
        <CardDescription>
          Join your friends and see who gets closest to 21 without going bust.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <InviteDetails invite={invite} />
        {block ? <JoinBlockNotice block={block} invite={invite} /> : null}
        {isVisitor ? <VisitorNote invite={invite} block={block} /> : null}
      </CardContent>
      <CardFooter className="flex-col items-stretch sm:flex-row sm:items-center">
        {block ? null : (
          <Button
            size="lg"
            isLoading={isJoining}
            disabled={isJoining}
            onClick={() => void joinFromInvite({ code: invite.code, name: invite.name })}
          >
            {isJoining ? null : <LogIn aria-hidden="true" />}
            {isJoining ? 'Joining...' : 'Join League'}
          </Button>
        )}
        <CopyLinkButton code={invite.code} />
        <BrowseLeaguesButton />
      </CardFooter>
    </Card>
  );
}

/** "Not logged in?": logging in or signing up from here keeps the invite for afterwards. */
function VisitorNote({ invite, block }: { invite: LeagueInvite; block: LeagueInvite['joinBlock'] }) {
  const canJoin = !block;
  // A league that takes nobody now leaves no invite worth keeping.
  const keepInvite = () => {
    if (canJoin) savePendingLeagueJoin(invite.code, invite.name);
  };
  const linkClass = 'font-semibold underline underline-offset-2';
  return (
    <div className="rounded-xl border border-gold-400/60 bg-gold-100 px-4 py-3 text-ink text-sm">
      <p className="font-display font-semibold text-base uppercase tracking-wide">Not logged in?</p>
      <p>
        <Link to={paths.login.getHref()} onClick={keepInvite} className={linkClass}>
          Log in
        </Link>{' '}
        or{' '}
        <Link to={paths.signup.getHref()} onClick={keepInvite} className={linkClass}>
          sign up
        </Link>{' '}
        {block?.reason === 'SEASON_OVER'
          ? 'to see the final standings and leaderboards.'
          : !canJoin
            ? 'for free to play Hit21 and join the leagues that are open.'
            : "for free to join this league. We'll keep your invite while you set up your profile and pick your 4 players."}
      </p>
    </div>
  );
}

function CopyLinkButton({ code }: { code: string }) {
  const { copyLink } = useLeagueShareActions();
  const [isCopied, setIsCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onCopy = async () => {
    const outcome = await copyLink(code);
    if (outcome !== 'copied') return;
    setIsCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setIsCopied(false), COPIED_INDICATOR_MS);
  };

  return (
    <Button variant="secondary" size="lg" onClick={() => void onCopy()}>
      {isCopied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span aria-live="polite">{isCopied ? 'Link Copied!' : 'Copy Link'}</span>
    </Button>
  );
}

function BrowseLeaguesButton() {
  return (
    <Button asChild variant="ghost" size="lg" className="text-felt-900">
      <Link to={paths.leagues.getHref()}>
        <Search aria-hidden="true" />
        Browse Other Leagues
      </Link>
    </Button>
  );
}

/** An invalid or unknown code: say so, and offer the way on. */
function InviteProblem({ title, detail }: { title: string; detail: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 py-12 text-center">
        {title === LEAGUE_MESSAGES.codeInvalid ? (
          <TriangleAlert aria-hidden="true" className="size-12 text-warning-700" />
        ) : (
          <SearchX aria-hidden="true" className="size-12 text-muted" />
        )}
        <h2 role="alert" className="font-display font-semibold text-2xl uppercase tracking-wide">
          {title}
        </h2>
        <p className="max-w-md text-muted">{detail}</p>
        <BrowseLeaguesButton />
      </CardContent>
    </Card>
  );
}

function InviteSkeleton() {
  return (
    <Card role="status" aria-live="polite">
      <span className="sr-only">Loading league details...</span>
      <CardHeader>
        <Skeleton className="h-4 w-48" />
        <Skeleton className="mt-2 h-8 w-64 max-w-full" />
        <Skeleton className="mt-2 h-4 w-80 max-w-full" />
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-16 rounded-xl" />
        ))}
      </CardContent>
      <CardFooter>
        <Skeleton className="h-13 w-40 rounded-lg" />
      </CardFooter>
    </Card>
  );
}
