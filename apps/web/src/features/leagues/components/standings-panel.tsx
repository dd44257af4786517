import { type Club, LEAGUE_STANDINGS_PAGE_SIZES, reachablePageCount } from '@hit21/core';
import { type ReactNode, useEffect, useReducer } from 'react';
import { RankedListPages } from '../../../components/game/ranked-list-pages.tsx';
import { RankedListToolbar } from '../../../components/game/ranked-list-toolbar.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { receivedPage } from '../../../lib/ranked-list-view.ts';
import { useLeagueStandings } from '../api/list-league-standings.ts';
import {
  emptyStandingsMessage,
  INITIAL_STANDINGS_VIEW,
  STANDINGS_LOAD_FAILED,
  standingsQueryOf,
  standingsViewReducer,
} from '../utils/standings-view.ts';
import { StandingsPendingNotice } from './standings-pending-notice.tsx';
import { StandingsTable } from './standings-table.tsx';

export interface StandingsPanelProps {
  leagueId: string;
  leagueName: string;
  clubs?: readonly Club[];
}

/** The Standings tab: search, page size, "Show Me Only", the table and its pages. */
export function StandingsPanel({ leagueId, leagueName, clubs }: StandingsPanelProps) {
  const [view, dispatch] = useReducer(standingsViewReducer, INITIAL_STANDINGS_VIEW);
  const standings = useLeagueStandings(leagueId, standingsQueryOf(view));
  const data = standings.data;
  const pageCount = data ? reachablePageCount(data.total, data.pageSize, data.isTotalCapped) : 0;

  useEffect(() => {
    if (data && !standings.isPlaceholderData) dispatch(receivedPage(data));
  }, [data, standings.isPlaceholderData]);

  let content: ReactNode;
  if (standings.isError && !standings.isFetching) {
    content = <QueryError tone="panel" message={STANDINGS_LOAD_FAILED} onRetry={() => standings.refetch()} />;
  } else if (!data || (data.computedAt === null && data.total === 0)) {
    // Not worked out yet (a brand-new season's first computation): asked again every 2 s.
    content = <StandingsSkeleton />;
  } else if (data.rows.length === 0 && data.total === 0) {
    content = (
      <p className="rounded-xl border border-stone-300 border-dashed px-4 py-8 text-center text-muted">
        {emptyStandingsMessage({ isSearching: view.activeSearch !== '', isMeOnly: view.isMeOnly })}
      </p>
    );
  } else {
    content = (
      <RankedListPages
        label="Standings pages"
        page={view.page}
        pageCount={pageCount}
        onPageChange={(page) => dispatch({ type: 'goToPage', page, pageCount })}
        shown={data}
      >
        <StandingsTable
          leagueName={leagueName}
          rows={data.rows}
          clubs={clubs}
          isUpdating={standings.isPlaceholderData}
        />
      </RankedListPages>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <RankedListToolbar
        view={view}
        dispatch={dispatch}
        pageSizes={LEAGUE_STANDINGS_PAGE_SIZES}
        searchLandmarkLabel="Search the standings"
        searchLabel="Search members"
        placeholder="Member name"
        isSearchInput
      />
      {data?.pendingWithinSeconds != null ? (
        <StandingsPendingNotice withinSeconds={data.pendingWithinSeconds} />
      ) : null}
      {content}
    </div>
  );
}

function StandingsSkeleton() {
  return (
    <div role="status" aria-label="Loading the standings" className="flex flex-col gap-2">
      {['first', 'second', 'third', 'fourth', 'fifth'].map((row) => (
        <Skeleton key={row} className="h-14 rounded-lg" />
      ))}
    </div>
  );
}
