import { LogIn, Plus, Trophy } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useMyLeagues } from '../api/list-my-leagues.ts';
import { LeagueCard } from './league-card.tsx';

export const LEAGUES_EMPTY_MESSAGE = 'No leagues yet. Create or join a league to get started!';

export interface LeaguesListProps {
  onCreate: () => void;
  onJoin: () => void;
  isSeasonOver?: boolean;
}

/** /leagues: the player's leagues as cards, with loading, empty and error states. */
export function LeaguesList({ onCreate, onJoin, isSeasonOver = false }: LeaguesListProps) {
  const leagues = useMyLeagues();

  if (leagues.isError && !leagues.data) {
    return (
      <section aria-labelledby="leagues-error" className="flex flex-col items-center pt-6">
        <h2
          id="leagues-error"
          className="font-display font-semibold text-2xl text-felt-900 uppercase tracking-wide"
        >
          Failed to Load Leagues
        </h2>
        <QueryError
          className="pt-2"
          message="Unable to load your leagues. Please try again."
          onRetry={() => leagues.refetch()}
        />
      </section>
    );
  }

  if (!leagues.data) {
    return (
      <div aria-busy="true" className="flex flex-col gap-4">
        <p
          role="status"
          className="flex items-center gap-2 font-display text-felt-900 text-sm uppercase tracking-wider"
        >
          <Spinner size="sm" className="text-pitch-700" />
          Loading your leagues...
        </p>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {['first', 'second', 'third'].map((slot) => (
            <Skeleton key={slot} className="h-64 rounded-2xl" />
          ))}
        </div>
      </div>
    );
  }

  if (leagues.data.leagues.length === 0) {
    return (
      <Card className="mx-auto max-w-xl">
        <CardContent className="flex flex-col items-center gap-4 py-10 text-center">
          <span
            aria-hidden="true"
            className="grid size-16 place-items-center rounded-full bg-felt-50 text-felt-900"
          >
            <Trophy className="size-8" />
          </span>
          <h2 className="font-display font-semibold text-2xl text-felt-900 uppercase tracking-wide">
            No Leagues Yet
          </h2>
          <p className="text-muted">{LEAGUES_EMPTY_MESSAGE}</p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button onClick={onCreate}>
              <Plus aria-hidden="true" />
              Create League
            </Button>
            <Button variant="secondary" onClick={onJoin}>
              <LogIn aria-hidden="true" />
              Join League
            </Button>
          </div>
        </CardContent>
      </Card>
    );
  }

  return (
    <section aria-label="Your leagues">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {leagues.data.leagues.map((league) => (
          <li key={league.id} className="flex">
            <LeagueCard league={league} isSeasonOver={isSeasonOver} />
          </li>
        ))}
      </ul>
    </section>
  );
}
