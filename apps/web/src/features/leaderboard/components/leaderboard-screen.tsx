import { type Club, LEADERBOARD_PAGE_SIZES, type LeaderboardType, reachablePageCount } from '@hit21/core';
import { Flag, Globe, Settings, Shield, Trophy } from 'lucide-react';
import { type ReactNode, useEffect, useReducer } from 'react';
import { Link, useNavigate } from 'react-router';
import { RankedListPages } from '../../../components/game/ranked-list-pages.tsx';
import { RankedListToolbar } from '../../../components/game/ranked-list-toolbar.tsx';
import { GameRulesPanel, TieBreakingRulesPanel } from '../../../components/game/rules-panels.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { CountryFlag } from '../../../components/ui/country-flag.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { paths } from '../../../config/paths.ts';
import { sendAnalyticsEvent } from '../../../lib/analytics.ts';
import { findCountryByName } from '../../../lib/countries.ts';
import { receivedPage } from '../../../lib/ranked-list-view.ts';
import { useLeaderboard } from '../api/list-leaderboard.ts';
import {
  emptyBoardMessage,
  initialLeaderboardView,
  isProfileRefusal,
  leaderboardErrorMessage,
  leaderboardQueryOf,
  leaderboardViewReducer,
} from '../leaderboard-view.ts';
import { LeaderboardTable } from './leaderboard-table.tsx';
import { PendingStandingNotice } from './pending-standing-notice.tsx';
import { ProfileNotice } from './profile-notice.tsx';

const TABS: readonly { type: LeaderboardType; label: string; icon: ReactNode }[] = [
  { type: 'global', label: 'Global', icon: <Globe aria-hidden="true" /> },
  { type: 'country', label: 'Country', icon: <Flag aria-hidden="true" /> },
  { type: 'team', label: 'Team', icon: <Shield aria-hidden="true" /> },
];

export interface LeaderboardScreenProps {
  type: LeaderboardType;
  /** The viewer's country and club names, for the empty board's line. */
  boardNames: { country?: string; team?: string };
  clubs?: readonly Club[];
  /** Why the viewer was sent here from another tab (a profile without a country or club). */
  notice?: string;
}

/** The three boards under one set of tabs, each tab keeping its own page, size and "Show Me Only". */
export function LeaderboardScreen({ type, boardNames, clubs, notice }: LeaderboardScreenProps) {
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(leaderboardViewReducer, type, initialLeaderboardView);
  // The tab is the address: follow it (links, Back, the tabs) as it changes.
  if (state.tab !== type) dispatch({ type: 'changeTab', tab: type });
  const view = state.views[type];
  // The Country tab wears the viewer's flag.
  const countryCode = boardNames.country ? findCountryByName(boardNames.country)?.code : undefined;
  const board = useLeaderboard(type, leaderboardQueryOf(view));
  const data = board.data;
  const pageCount = data ? reachablePageCount(data.total, data.pageSize, data.isTotalCapped) : 0;

  useEffect(() => {
    sendAnalyticsEvent({
      name: 'leaderboard_viewed',
      path: paths.leaderboard[type].getHref(),
      properties: { type },
    });
  }, [type]);

  useEffect(() => {
    if (data && !board.isPlaceholderData) {
      dispatch(receivedPage(data));
    }
  }, [data, board.isPlaceholderData]);

  // A viewer the stored board does not hold yet (a squad just saved): said whenever no search hides them.
  const isPending = Boolean(data?.viewerPending) && view.activeSearch === '';
  let content: ReactNode;
  // A failed board shows its error only once it has finished trying again (a tab coming back
  // to an error starts afresh).
  if (board.isError && !board.isFetching) {
    content = (
      <BoardError
        message={leaderboardErrorMessage(board.error)}
        hasSettingsLink={type !== 'global' && isProfileRefusal(board.error)}
        onRetry={() => board.refetch()}
      />
    );
  } else if (!data) {
    content = <BoardSkeleton />;
  } else if (data.rows.length === 0 && data.total === 0 && view.isMeOnly && isPending) {
    // The notice above says where the viewer stands: no empty-board line under it.
    content = null;
  } else if (data.rows.length === 0 && data.total === 0) {
    content = (
      <p className="rounded-xl border border-stone-300 border-dashed px-4 py-8 text-center text-muted">
        {emptyBoardMessage(type, {
          isSearching: view.activeSearch !== '',
          isMeOnly: view.isMeOnly,
          boardName: type === 'global' ? undefined : boardNames[type],
        })}
      </p>
    );
  } else {
    content = (
      <RankedListPages
        label="Leaderboard pages"
        page={view.page}
        pageCount={pageCount}
        onPageChange={(page) => dispatch({ type: 'goToPage', page, pageCount })}
        shown={data}
      >
        <LeaderboardTable
          key={type}
          type={type}
          rows={data.rows}
          clubs={clubs}
          isUpdating={board.isPlaceholderData}
        />
      </RankedListPages>
    );
  }

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex min-w-0 flex-col gap-4">
        {notice ? <ProfileNotice message={notice} /> : null}
        <Tabs
          value={type}
          activationMode="manual"
          onValueChange={(value) => {
            const target = TABS.find((tab) => tab.type === value);
            if (target) navigate(paths.leaderboard[target.type].getHref());
          }}
        >
          <TabsList aria-label="Leaderboards" className="w-full sm:w-auto">
            {TABS.map((tab) => (
              <TabsTrigger key={tab.type} value={tab.type} className="flex-1 sm:flex-none [&_svg]:size-4">
                {tab.type === 'country' && countryCode ? (
                  <CountryFlag code={countryCode} className="h-3.5" />
                ) : (
                  tab.icon
                )}
                {tab.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value={type}>
            <Card>
              <CardContent className="flex flex-col gap-5">
                <RankedListToolbar
                  view={view}
                  dispatch={dispatch}
                  pageSizes={LEADERBOARD_PAGE_SIZES}
                  searchLandmarkLabel="Search the leaderboard"
                  searchLabel="Search players"
                  placeholder="Name, country or club"
                />
                {isPending && data?.viewerPending ? (
                  <PendingStandingNotice withinSeconds={data.viewerPending.withinSeconds} />
                ) : null}
                {content}
              </CardContent>
            </Card>
          </TabsContent>
        </Tabs>
      </div>

      <aside aria-label="Rules and links" className="flex flex-col gap-6">
        <GameRulesPanel />
        <TieBreakingRulesPanel />
        <nav aria-label="More" className="grid grid-cols-2 gap-3 lg:grid-cols-1">
          <Button asChild variant="secondary">
            <Link to={paths.leagues.getHref()}>
              <Trophy aria-hidden="true" />
              Mini Leagues
            </Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={paths.settings.getHref()}>
              <Settings aria-hidden="true" />
              Settings
            </Link>
          </Button>
        </nav>
      </aside>
    </div>
  );
}

function BoardError({
  message,
  hasSettingsLink,
  onRetry,
}: {
  message: string;
  hasSettingsLink: boolean;
  onRetry: () => void;
}) {
  return (
    <QueryError
      tone="panel"
      message={message}
      onRetry={onRetry}
      actions={
        hasSettingsLink ? (
          <Button asChild>
            <Link to={paths.settings.getHref()}>
              <Settings aria-hidden="true" />
              Go to Settings
            </Link>
          </Button>
        ) : null
      }
    />
  );
}

function BoardSkeleton() {
  return (
    <div role="status" aria-label="Loading the leaderboard" className="flex flex-col gap-2">
      {['first', 'second', 'third', 'fourth', 'fifth', 'sixth'].map((row) => (
        <Skeleton key={row} className="h-14 rounded-lg" />
      ))}
    </div>
  );
}
