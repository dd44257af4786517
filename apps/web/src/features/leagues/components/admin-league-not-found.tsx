import { ArrowLeft, RotateCcw, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';

/**
 * What anyone but the league's admin sees on its admin pages: the same words whether the
 * league does not exist or is not theirs to manage, so nothing about it leaks.
 */
export function AdminLeagueNotFound({ onRetry }: { onRetry?: () => void }) {
  return (
    <Card className="mx-auto max-w-xl">
      <CardContent className="flex flex-col items-center gap-4 py-10 text-center">
        <SearchX aria-hidden="true" className="size-12 text-muted" />
        <h2 className="font-display font-semibold text-2xl uppercase tracking-wide">League Not Found</h2>
        <p className="text-muted">This league does not exist, or you are not its administrator.</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild variant="secondary">
            <Link to={paths.leagues.getHref()}>
              <ArrowLeft aria-hidden="true" />
              Back to Leagues
            </Link>
          </Button>
          {onRetry ? (
            <Button variant="secondary" onClick={onRetry}>
              <RotateCcw aria-hidden="true" />
              Try Again
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
