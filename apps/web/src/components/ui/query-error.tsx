import { RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';

/**
 * `page`: a screen's main content failed to load (the usual case).
 * `panel`: one part of a screen failed; the rest stays usable, so the message is shorter and red.
 * `headline`: the specification's dashboard failure ("Failed to load user data"), set as a title.
 */
export type QueryErrorTone = 'page' | 'panel' | 'headline';

export interface QueryErrorProps {
  /** What failed, for people: e.g. `getUserMessage(query.error)`. */
  message: ReactNode;
  onRetry: () => void;
  /** The retry button's text; the specification says "Retry" on the dashboard. */
  retryLabel?: string;
  tone?: QueryErrorTone;
  /** More ways out, drawn before the retry button (e.g. "Go to Settings"). */
  actions?: ReactNode;
  className?: string;
}

const MESSAGE_STYLES: Record<QueryErrorTone, string> = {
  page: 'max-w-xl text-lg',
  panel: 'max-w-md font-semibold text-bust-700',
  headline: 'font-display text-felt-900 text-xl uppercase tracking-wide',
};

/**
 * The one "could not load" state: the message, announced as an alert, and a button that
 * fetches again. Every screen whose query fails shows this instead of its content.
 */
export function QueryError({
  message,
  onRetry,
  retryLabel = 'Try Again',
  tone = 'page',
  actions,
  className,
}: QueryErrorProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-4 text-center',
        tone === 'panel' ? 'py-8' : 'py-12',
        className,
      )}
    >
      <p role="alert" className={MESSAGE_STYLES[tone]}>
        {message}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {actions}
        <Button variant="secondary" onClick={onRetry}>
          <RotateCcw aria-hidden="true" />
          {retryLabel}
        </Button>
      </div>
    </div>
  );
}
