import { Shirt } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { LOADING_MESSAGES } from '../../../config/loading-messages.ts';
import { paths } from '../../../config/paths.ts';

/** The dashboard's shape while its data arrives. */
export function DashboardSkeleton() {
  return (
    <div aria-busy="true" className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <p
        role="status"
        className="flex items-center gap-2 font-display text-felt-900 text-sm uppercase tracking-wider lg:col-span-3"
      >
        <Spinner size="sm" className="text-pitch-700" />
        {LOADING_MESSAGES.squad}
      </p>
      <div className="flex flex-col gap-4 rounded-2xl bg-felt-900 p-3 sm:p-5 lg:col-span-2">
        <Skeleton className="h-8 w-40 opacity-20" />
        <div className="grid grid-cols-2 gap-3 rounded-2xl bg-pitch-700 p-3 sm:grid-cols-4 sm:p-5">
          {['first', 'second', 'third', 'fourth'].map((slot) => (
            <Skeleton key={slot} className="h-44 rounded-xl opacity-25 sm:h-52" />
          ))}
        </div>
        <div className="grid grid-cols-2 gap-3">
          <Skeleton className="h-20 rounded-xl opacity-20" />
          <Skeleton className="h-20 rounded-xl opacity-20" />
        </div>
      </div>
      <Skeleton className="h-96 rounded-2xl" />
      <div className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-5 lg:col-span-3">
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-80 rounded-xl" />
        <div className="grid grid-cols-3 gap-3">
          <Skeleton className="h-20 rounded-xl" />
          <Skeleton className="h-20 rounded-xl" />
          <Skeleton className="h-20 rounded-xl" />
        </div>
      </div>
    </div>
  );
}

/** The specification's inline failure, with a way to try again. */
export function DashboardError({ onRetry }: { onRetry: () => void }) {
  return (
    <QueryError tone="headline" message="Failed to load user data" retryLabel="Retry" onRetry={onRetry} />
  );
}

/** No squad yet: the one thing to do next. */
export function NoSquadYet() {
  return (
    <Card className="mx-auto flex max-w-xl flex-col items-center text-center">
      <CardContent className="flex flex-col items-center gap-4 py-10">
        <span
          aria-hidden="true"
          className="grid size-16 place-items-center rounded-full bg-felt-50 text-felt-900"
        >
          <Shirt className="size-8" />
        </span>
        <h2 className="font-bold font-display text-2xl uppercase tracking-wide">Pick your 4 players</h2>
        <p className="max-w-md text-muted">
          Your dashboard comes alive once you have a team. Choose 4 players to score 21 goals this season.
        </p>
        <Button asChild size="lg">
          <Link to={paths.playerSelection.getHref()}>Make Your Picks</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
