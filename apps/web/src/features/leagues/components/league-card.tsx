import {
  badgeText,
  formatLeagueDateTime,
  JOIN_MODE_LABELS,
  type LeagueSummary,
  type MembershipStatus,
  maxMembersLabel,
  NOTIFICATION_LIMITS,
  rejoinTooSoonMessage,
} from '@hit21/core';
import {
  Ban,
  CircleCheck,
  CircleX,
  Clock,
  Copy,
  Crown,
  RotateCcw,
  Settings,
  Share2,
  Trophy,
  Users,
  X,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';
import { getUserMessage } from '../../../lib/api-client.ts';
import { plural } from '../../../lib/plural.ts';
import { useUnreadJoinRequests } from '../../../lib/queries/get-notification-summary.ts';
import { toast } from '../../../lib/toast.ts';
import { useDisplayTimeZone } from '../../../lib/use-hydrated.ts';
import { useDismissHandoverNotice } from '../api/manage-league.ts';
import { useJoinLeagueSubmit } from '../hooks/join-league-submit.ts';
import { useLeagueShareActions } from '../hooks/leagues-share-actions.ts';
import { handoverNoticeText, manageLinkLabel } from '../utils/league-card-text.ts';
import { CancelRequestButton } from './cancel-request-button.tsx';
import { SEASON_OVER_PENDING_NOTE } from './season-over-notice.tsx';

const STATUS_LOOK: Readonly<
  Record<MembershipStatus, { label: string; variant: BadgeVariant; icon: ReactNode }>
> = {
  approved: { label: 'Approved', variant: 'safe', icon: <CircleCheck aria-hidden="true" /> },
  pending: { label: 'Pending', variant: 'warning', icon: <Clock aria-hidden="true" /> },
  rejected: { label: 'Rejected', variant: 'bust', icon: <CircleX aria-hidden="true" /> },
  kicked: { label: 'Kicked', variant: 'bust', icon: <Ban aria-hidden="true" /> },
};

/** What a player who is not (yet) in the league reads on its card. */
const STATUS_NOTE: Partial<Record<MembershipStatus, string>> = {
  pending: 'Waiting for the league administrator to approve your request.',
  rejected: 'The league administrator declined your request. You can ask again.',
  kicked: 'You were removed from this league.',
};

/** A kicked player's note: when they may ask to rejoin, in the reader's time zone. */
function kickedNote(canRejoinAt: string, timeZone?: string): string {
  const { date, time } = formatLeagueDateTime(new Date(canRejoinAt), timeZone);
  return rejoinTooSoonMessage(date, time);
}

export function MembershipStatusBadge({ status }: { status: MembershipStatus }) {
  const look = STATUS_LOOK[status];
  return (
    <Badge variant={look.variant} data-status={status}>
      {look.icon}
      {look.label}
    </Badge>
  );
}

/** One of the player's leagues on /leagues: status, size, mode, and what they can do with it. */
export function LeagueCard({
  league,
  isSeasonOver = false,
}: {
  league: LeagueSummary;
  isSeasonOver?: boolean;
}) {
  const { copyCode, shareLink } = useLeagueShareActions();
  const rejoin = useJoinLeagueSubmit();
  const canAskAgain = !isSeasonOver && (league.myStatus === 'rejected' || league.myStatus === 'kicked');
  const headingId = `league-${league.id}-name`;
  const isMember = league.myStatus === 'approved';
  const timeZone = useDisplayTimeZone();
  const note =
    isSeasonOver && league.myStatus === 'pending'
      ? SEASON_OVER_PENDING_NOTE
      : league.canRejoinAt
        ? kickedNote(league.canRejoinAt, timeZone)
        : STATUS_NOTE[league.myStatus];
  const { code } = league;
  // The specification's Manage badge counts unread join-request notifications, not every pending request.
  const unreadJoinRequests = useUnreadJoinRequests(league.id);

  return (
    <Card className="flex w-full flex-col overflow-hidden" role="article" aria-labelledby={headingId}>
      {league.isAdmin && league.adminHandover ? (
        <HandoverNotice leagueId={league.id} reason={league.adminHandover.reason} />
      ) : null}
      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="flex items-start justify-between gap-3">
          <h2
            id={headingId}
            className="min-w-0 break-words font-display font-semibold text-felt-900 text-xl uppercase leading-tight tracking-wide"
          >
            {league.name}
          </h2>
          {league.isAdmin ? (
            <Badge variant="gold">
              <Crown aria-hidden="true" />
              Admin
            </Badge>
          ) : null}
        </div>

        <div className="flex flex-wrap items-center gap-2">
          <MembershipStatusBadge status={league.myStatus} />
          <Badge variant="neutral">{JOIN_MODE_LABELS[league.joinMode]}</Badge>
        </div>

        <p className="flex items-center gap-2 text-muted text-sm">
          <Users aria-hidden="true" className="size-4 shrink-0" />
          <span>
            <span className="font-semibold text-ink tabular-nums">{league.memberCount}</span>{' '}
            {plural(league.memberCount, 'member')} · {maxMembersLabel(league.maxMembers)}
          </span>
        </p>

        {note ? <p className="text-muted text-sm">{note}</p> : null}

        {/* Only members are given the code: a player waiting, refused or kicked gets none. */}
        {code ? (
          <div className="mt-auto flex items-center gap-2 rounded-xl bg-felt-50 py-1 pr-1 pl-3">
            <span className="text-muted text-xs uppercase tracking-wider">Code</span>
            <span className="flex-1 font-display font-semibold text-felt-900 text-lg tabular-nums tracking-[0.2em]">
              {code}
            </span>
            <Button
              variant="ghost"
              size="icon"
              className="text-felt-900"
              aria-label={`Copy code for ${league.name}`}
              onClick={() => copyCode(code)}
            >
              <Copy aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="text-felt-900"
              aria-label={`Share invite link for ${league.name}`}
              onClick={() => shareLink({ name: league.name, code })}
            >
              <Share2 aria-hidden="true" />
            </Button>
          </div>
        ) : null}
      </div>

      {league.myStatus === 'pending' && !league.isAdmin ? (
        <div className="flex border-line border-t px-5 py-4">
          <CancelRequestButton leagueId={league.id} leagueName={league.name} />
        </div>
      ) : null}
      {canAskAgain ? (
        <div className="flex border-line border-t px-5 py-4">
          <Button
            size="sm"
            variant="secondary"
            className="flex-1"
            isLoading={rejoin.isPending}
            aria-label={`Ask to rejoin ${league.name}`}
            onClick={() => rejoin.submit({ rejoinLeagueId: league.id })}
          >
            {rejoin.isPending ? null : <RotateCcw aria-hidden="true" />}
            Ask to Rejoin
          </Button>
        </div>
      ) : null}
      {isMember || league.isAdmin ? (
        <div className="flex flex-wrap gap-2 border-line border-t px-5 py-4">
          {isMember ? (
            <Button asChild size="sm" className="flex-1">
              <Link to={paths.leagues.standings.getHref(league.id)}>
                <Trophy aria-hidden="true" />
                View Standings
              </Link>
            </Button>
          ) : null}
          {league.isAdmin ? (
            <Button asChild size="sm" variant="secondary" className="flex-1">
              <Link
                to={paths.leagues.admin.getHref(league.id)}
                aria-label={manageLinkLabel(league.name, unreadJoinRequests)}
              >
                <Settings aria-hidden="true" />
                Manage
                {unreadJoinRequests > 0 ? (
                  <span
                    aria-hidden="true"
                    data-testid="pending-requests-badge"
                    className="grid min-w-6 place-items-center rounded-full bg-bust-700 px-1.5 font-sans text-white text-xs tabular-nums"
                  >
                    {badgeText(unreadJoinRequests, NOTIFICATION_LIMITS.headerBadgeCap)}
                  </span>
                ) : null}
              </Link>
            </Button>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

function HandoverNotice({
  leagueId,
  reason,
}: {
  leagueId: string;
  reason: NonNullable<LeagueSummary['adminHandover']>['reason'];
}) {
  const dismiss = useDismissHandoverNotice(leagueId);
  return (
    <div role="note" className="flex items-start gap-3 bg-gold-100 py-2 pr-1 pl-5 text-felt-950 text-sm">
      <Crown aria-hidden="true" className="mt-2.5 size-4 shrink-0 text-gold-700" />
      <p className="flex-1 py-2">{handoverNoticeText(reason)}</p>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Dismiss"
        isLoading={dismiss.isPending}
        onClick={() =>
          dismiss.mutate(undefined, {
            onError: (error) => toast.error({ title: 'Error', message: getUserMessage(error) }),
          })
        }
      >
        {dismiss.isPending ? null : <X aria-hidden="true" />}
      </Button>
    </div>
  );
}
