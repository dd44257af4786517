import { type MembershipStatus, pageCountOf, shownRange } from '@hit21/core';
import { useEffect, useState } from 'react';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { plural } from '../../../lib/plural.ts';
import { toast } from '../../../lib/toast.ts';
import { useLeagueMembers } from '../api/manage-league.ts';
import { useMemberActions } from './members-actions.tsx';
import { MembersList } from './members-list.tsx';

export type MemberFilter = 'all' | MembershipStatus;

const FILTERS: readonly { value: MemberFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'kicked', label: 'Kicked' },
];

const EMPTY_MESSAGES: Readonly<Record<MemberFilter, string>> = {
  all: 'No members yet. Share the code to invite your friends.',
  pending: 'No pending requests right now.',
  approved: 'No approved members.',
  rejected: 'No rejected requests.',
  kicked: 'Nobody has been kicked from this league.',
};

export const LOAD_MEMBERS_FAILED = 'Failed to load members.';

/** The Members tab: counts, filter chips, and every member with the admin's buttons, 50 a page. */
export function AdminMembersTab({ leagueId }: { leagueId: string }) {
  const [filter, setFilter] = useState<MemberFilter>('all');
  const [page, setPage] = useState(1);
  const members = useLeagueMembers(leagueId, { status: filter === 'all' ? undefined : filter, page });
  const { act, busyUserId, dialog } = useMemberActions(leagueId);
  const data = members.data;
  const pageCount = data ? pageCountOf(data.total, data.pageSize) : 0;
  const hasFailed = members.isError && !members.isFetching;

  useEffect(() => {
    if (hasFailed) toast.error({ title: 'Load Failed', message: LOAD_MEMBERS_FAILED });
  }, [hasFailed]);

  // The last member of the last page approved or kicked away: show the page that now is last.
  useEffect(() => {
    if (data && !members.isPlaceholderData && pageCount > 0 && page > pageCount) setPage(pageCount);
  }, [data, members.isPlaceholderData, page, pageCount]);

  return (
    <div className="flex flex-col gap-6">
      <MemberCounts counts={data?.counts} />
      <Card>
        <CardContent className="flex flex-col gap-5">
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">Show members</legend>
            {FILTERS.map((option) => {
              const isActive = option.value === filter;
              const count = data
                ? option.value === 'all'
                  ? data.counts.total
                  : data.counts[option.value]
                : null;
              return (
                <button
                  key={option.value}
                  type="button"
                  aria-pressed={isActive}
                  onClick={() => {
                    setFilter(option.value);
                    setPage(1);
                  }}
                  className={cn(
                    'inline-flex min-h-11 items-center gap-2 rounded-full px-4 font-display font-medium text-sm uppercase tracking-wide ring-1 ring-inset transition-colors',
                    isActive
                      ? 'bg-felt-900 text-white ring-felt-900'
                      : 'bg-white text-felt-900 ring-stone-300 hover:bg-felt-50',
                  )}
                >
                  {option.label}
                  {count !== null ? (
                    <span className={cn('numeric', isActive ? 'text-gold-300' : 'text-muted')}>{count}</span>
                  ) : null}
                </button>
              );
            })}
          </fieldset>

          {hasFailed ? (
            <QueryError tone="panel" message={LOAD_MEMBERS_FAILED} onRetry={() => members.refetch()} />
          ) : !data ? (
            <MembersSkeleton />
          ) : data.members.length === 0 ? (
            <p className="rounded-xl border border-stone-300 border-dashed px-4 py-8 text-center text-muted">
              {EMPTY_MESSAGES[filter]}
            </p>
          ) : (
            <div className="flex flex-col gap-4">
              <MembersList
                label="Members"
                members={data.members}
                onAction={act}
                busyUserId={busyUserId}
                isUpdating={members.isPlaceholderData}
              />
              <Pagination label="Member pages" page={page} pageCount={pageCount} onPageChange={setPage} />
              <ShownRange page={data.page} pageSize={data.pageSize} total={data.total} />
            </div>
          )}
        </CardContent>
      </Card>
      {dialog}
    </div>
  );
}

function MemberCounts({
  counts,
}: {
  counts?: Record<'total' | 'approved' | 'pending' | 'rejected' | 'kicked', number>;
}) {
  const items = [
    { key: 'total', label: 'Total' },
    { key: 'approved', label: 'Approved' },
    { key: 'pending', label: 'Pending' },
    { key: 'rejected', label: 'Rejected' },
    { key: 'kicked', label: 'Kicked' },
  ] as const;
  return (
    <dl aria-label="Member counts" className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {items.map((item) => (
        <div
          key={item.key}
          className={cn(
            'flex flex-col items-center gap-1 rounded-xl border border-line bg-white px-2 py-3 text-center',
            item.key === 'total' && 'col-span-2 sm:col-span-1',
          )}
        >
          <dt className="font-display text-muted text-xs uppercase tracking-wide">{item.label}</dt>
          <dd className="numeric font-display font-semibold text-3xl text-felt-900" data-count={item.key}>
            {counts ? counts[item.key] : '–'}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function ShownRange({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const { from, to } = shownRange(page, pageSize, total);
  return (
    <p className="text-center text-muted text-sm">
      Showing <span className="numeric text-ink">{from}</span> to{' '}
      <span className="numeric text-ink">{to}</span> of <span className="numeric text-ink">{total}</span>{' '}
      {plural(total, 'member')}
    </p>
  );
}

export function MembersSkeleton() {
  return (
    <div role="status" aria-label="Loading members" className="flex flex-col gap-2">
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-16 w-full" />
    </div>
  );
}
