import type { MembershipStatus } from '@hit21/core';
import { pageCountOf } from '@hit21/core';
import { useEffect, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { paths } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useLeague } from '../api/get-league.ts';
import { useLeagueMembers } from '../api/manage-league.ts';
import { AdminBackLink } from './admin-back-link.tsx';
import { AdminLeagueGate } from './admin-league-gate.tsx';
import { MembersSkeleton, ShownRange } from './admin-members-tab.tsx';
import { useMemberActions } from './members-actions.tsx';
import { MembersList } from './members-list.tsx';

export const LOAD_LEAGUE_MEMBERS_FAILED = 'Failed to load league members.';

/**
 * /leagues/:leagueId/join-requests, the members management page: pending requests to decide,
 * then the league's members (approved, with Kick) and the rejected requests, read only.
 */
/**
 * Back to where the reader can go: the admin page for the admin, the league's standings for
 * another member, /leagues for anybody else (the admin page would only say League Not Found).
 */
function MembersBackLink({ leagueId }: { leagueId: string }) {
  const league = useLeague(leagueId);
  if (league.data?.isAdmin) {
    return <AdminBackLink to={paths.leagues.admin.getHref(leagueId)}>Back to League Admin</AdminBackLink>;
  }
  if (league.data) {
    return <AdminBackLink to={paths.leagues.league.getHref(leagueId)}>Back to League</AdminBackLink>;
  }
  if (league.isError) return <AdminBackLink to={paths.leagues.getHref()}>Back to Leagues</AdminBackLink>;
  // Holds the link's place while the league loads, so nothing moves when it comes.
  return <span aria-hidden="true" className="min-h-11" />;
}

export function LeagueMembersScreen({ leagueId }: { leagueId: string }) {
  const { act, busyUserId, dialog } = useMemberActions(leagueId);
  return (
    <div className="flex flex-col gap-4">
      <MembersBackLink leagueId={leagueId} />
      <AdminLeagueGate
        leagueId={leagueId}
        loadFailedMessage="Failed to load league data."
        onFailure="not-found"
      >
        {(league) => (
          <div className="flex flex-col gap-6">
            <h2 className="break-words font-display font-semibold text-2xl uppercase tracking-wide">
              {league.name}
            </h2>
            <MembersSection
              leagueId={leagueId}
              status="pending"
              title="Pending Requests"
              description="Players waiting for your answer."
              emptyText="No pending requests right now."
              onAction={act}
              busyUserId={busyUserId}
            />
            <Card>
              <CardHeader>
                <CardTitle>League Members</CardTitle>
                <CardDescription>
                  Approved members play in the standings. Rejected requests are listed for reference.
                </CardDescription>
              </CardHeader>
              <CardContent className="flex flex-col gap-6">
                <MembersSection
                  leagueId={leagueId}
                  status="approved"
                  title="Approved"
                  emptyText="No approved members."
                  onAction={act}
                  busyUserId={busyUserId}
                  isNested
                />
                <MembersSection
                  leagueId={leagueId}
                  status="rejected"
                  title="Rejected"
                  emptyText="No rejected requests."
                  onAction={act}
                  isReadOnly
                  isNested
                />
              </CardContent>
            </Card>
          </div>
        )}
      </AdminLeagueGate>
      {dialog}
    </div>
  );
}

interface MembersSectionProps {
  leagueId: string;
  status: MembershipStatus;
  title: string;
  description?: string;
  emptyText: string;
  onAction: ReturnType<typeof useMemberActions>['act'];
  busyUserId?: string;
  isReadOnly?: boolean;
  /** Inside another card: a subheading instead of a card of its own. */
  isNested?: boolean;
}

/** One status's members, paged by the server (50 a page). */
function MembersSection({
  leagueId,
  status,
  title,
  description,
  emptyText,
  onAction,
  busyUserId,
  isReadOnly = false,
  isNested = false,
}: MembersSectionProps) {
  const [page, setPage] = useState(1);
  const members = useLeagueMembers(leagueId, { status, page });
  const data = members.data;
  const pageCount = data ? pageCountOf(data.total, data.pageSize) : 0;
  const hasFailed = members.isError && !members.isFetching;

  useEffect(() => {
    if (hasFailed) toast.error({ title: 'Load Failed', message: LOAD_LEAGUE_MEMBERS_FAILED });
  }, [hasFailed]);

  useEffect(() => {
    if (data && !members.isPlaceholderData && pageCount > 0 && page > pageCount) setPage(pageCount);
  }, [data, members.isPlaceholderData, page, pageCount]);

  const body = hasFailed ? (
    <QueryError tone="panel" message={LOAD_LEAGUE_MEMBERS_FAILED} onRetry={() => members.refetch()} />
  ) : !data ? (
    <MembersSkeleton />
  ) : data.members.length === 0 ? (
    <p className="rounded-xl border border-stone-300 border-dashed px-4 py-6 text-center text-muted">
      {emptyText}
    </p>
  ) : (
    <div className="flex flex-col gap-4">
      <MembersList
        label={title}
        members={data.members}
        onAction={onAction}
        busyUserId={busyUserId}
        isReadOnly={isReadOnly}
        isUpdating={members.isPlaceholderData}
      />
      <Pagination label={`${title} pages`} page={page} pageCount={pageCount} onPageChange={setPage} />
      {pageCount > 1 ? <ShownRange page={data.page} pageSize={data.pageSize} total={data.total} /> : null}
    </div>
  );
  const count = data ? <span className="numeric text-muted"> ({data.total})</span> : null;

  if (isNested) {
    return (
      <section aria-label={title} className="flex flex-col gap-3">
        <h3 className="font-display font-semibold text-lg uppercase tracking-wide">
          {title}
          {count}
        </h3>
        {body}
      </section>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {title}
          {count}
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
