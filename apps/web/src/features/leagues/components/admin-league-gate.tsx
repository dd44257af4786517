import { AppError, type LeagueDetail } from '@hit21/core';
import { type ReactNode, useEffect } from 'react';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../lib/toast.ts';
import { useLeague } from '../api/get-league.ts';
import { AdminLeagueNotFound } from './admin-league-not-found.tsx';

/** The server's "not yours" answers: no such league, not a member, not the admin, a malformed id. */
export function isLeagueRefusal(error: unknown): boolean {
  return (
    error instanceof AppError &&
    (error.code === 'NOT_FOUND' || error.code === 'FORBIDDEN' || error.code === 'INVALID_REQUEST')
  );
}

export interface AdminLeagueGateProps {
  leagueId: string;
  /** The "Load Failed" toast's text when the league cannot be read (not a refusal). */
  loadFailedMessage: string;
  /**
   * `retry`: a failure that is not a refusal offers Try Again under its message.
   * `not-found`: any failure reads "League Not Found" (the members page, as specified), still with Try Again.
   */
  onFailure: 'retry' | 'not-found';
  children: (league: LeagueDetail) => ReactNode;
}

/**
 * Renders its children only for the league's admin. A member who is not the admin reads
 * "League Not Found", as a non-member does (the server refuses both).
 */
export function AdminLeagueGate({ leagueId, loadFailedMessage, onFailure, children }: AdminLeagueGateProps) {
  const league = useLeague(leagueId);
  const isRefused = league.isError && isLeagueRefusal(league.error);
  const hasFailed = league.isError && !isRefused && !league.isFetching;

  useEffect(() => {
    if (hasFailed) toast.error({ title: 'Load Failed', message: loadFailedMessage });
  }, [hasFailed, loadFailedMessage]);

  if (league.data) {
    return league.data.isAdmin ? children(league.data) : <AdminLeagueNotFound />;
  }
  if (isRefused) return <AdminLeagueNotFound />;
  if (hasFailed) {
    return onFailure === 'not-found' ? (
      <AdminLeagueNotFound onRetry={() => league.refetch()} />
    ) : (
      <QueryError message={loadFailedMessage} onRetry={() => league.refetch()} />
    );
  }
  return (
    <div role="status" aria-label="Loading league" className="flex flex-col gap-4">
      <Skeleton className="h-12 w-72 max-w-full" />
      <Skeleton className="h-48 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
