import type { Club, LeagueDetail } from '@hit21/core';
import { ArrowLeft, Info, SearchX, Trophy } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { GameRulesPanel, TieBreakingRulesPanel } from '../../../components/game/rules-panels.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { paths } from '../../../config/paths.ts';
import { sendAnalyticsEvent } from '../../../lib/analytics.ts';
import { plural } from '../../../lib/plural.ts';
import { useLeague } from '../api/get-league.ts';
import { isLeagueNotFound, STANDINGS_LOAD_FAILED } from '../utils/standings-view.ts';
import { LeagueDetailsPanel } from './league-details-panel.tsx';
import { StandingsPanel } from './standings-panel.tsx';

export interface LeagueStandingsScreenProps {
  leagueId: string;
  clubs?: readonly Club[];
}

/**
 * /leagues/:leagueId and /leagues/:leagueId/standings: an approved member's view of the
 * league. Anybody else (no such league, not a member, still pending) reads "League Not Found".
 */
export function LeagueStandingsScreen({ leagueId, clubs }: LeagueStandingsScreenProps) {
  const league = useLeague(leagueId);

  if (league.data) return <LeagueStandings league={league.data} clubs={clubs} />;
  if (league.isError && isLeagueNotFound(league.error)) return <LeagueNotFound />;
  if (league.isError && !league.isFetching) {
    return <QueryError message={STANDINGS_LOAD_FAILED} onRetry={() => league.refetch()} />;
  }
  return (
    <div role="status" aria-label="Loading the league" className="flex flex-col gap-4">
      <Skeleton className="h-10 w-72 max-w-full" />
      <Skeleton className="h-12 w-80 max-w-full" />
      <Skeleton className="h-96 w-full" />
    </div>
  );
}

const TABS = ['standings', 'details'] as const;
type StandingsTab = (typeof TABS)[number];

function tabOf(value: string | null): StandingsTab {
  return TABS.find((tab) => tab === value) ?? 'standings';
}

function LeagueStandings({ league, clubs }: { league: LeagueDetail; clubs?: readonly Club[] }) {
  // The tab is in the address, so a reload or Back keeps it.
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabOf(searchParams.get('tab'));

  useEffect(() => {
    sendAnalyticsEvent({
      name: 'leaderboard_viewed',
      path: paths.leagues.standings.getHref(league.id),
      properties: { type: 'league' },
    });
  }, [league.id]);

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 className="break-words font-display font-semibold text-2xl uppercase tracking-wide sm:text-3xl">
            {league.name}
          </h2>
          <p className="text-muted text-sm">
            <span className="numeric">{league.memberCount}</span> {plural(league.memberCount, 'member')}
          </p>
        </div>
        <Tabs
          value={tab}
          onValueChange={(value) =>
            setSearchParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (value === 'standings') next.delete('tab');
                else next.set('tab', value);
                return next;
              },
              { replace: true },
            )
          }
        >
          <TabsList aria-label="League" className="w-full sm:w-auto">
            <TabsTrigger value="standings" className="flex-1 sm:flex-none [&_svg]:size-4">
              <Trophy aria-hidden="true" />
              Standings
            </TabsTrigger>
            <TabsTrigger value="details" className="flex-1 sm:flex-none [&_svg]:size-4">
              <Info aria-hidden="true" />
              League Details
            </TabsTrigger>
          </TabsList>
          <TabsContent value="standings">
            <Card>
              <CardContent>
                <StandingsPanel leagueId={league.id} leagueName={league.name} clubs={clubs} />
              </CardContent>
            </Card>
          </TabsContent>
          <TabsContent value="details">
            <Card>
              <CardContent>
                <LeagueDetailsPanel league={league} />
              </CardContent>
            </Card>
          </TabsContent>
        </Tabs>
      </div>

      <aside aria-label="Rules" className="flex flex-col gap-6">
        <GameRulesPanel />
        <TieBreakingRulesPanel />
      </aside>
    </div>
  );
}

function LeagueNotFound() {
  return (
    <Card className="mx-auto max-w-xl">
      <CardContent className="flex flex-col items-center gap-4 py-10 text-center">
        <SearchX aria-hidden="true" className="size-12 text-muted" />
        <h2 className="font-display font-semibold text-2xl uppercase tracking-wide">League Not Found</h2>
        <p className="text-muted">This league does not exist, or you are not one of its members.</p>
        <Button asChild variant="secondary">
          <Link to={paths.leagues.getHref()}>
            <ArrowLeft aria-hidden="true" />
            Back to Leagues
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
