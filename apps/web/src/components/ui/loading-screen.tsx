import { LOADING_MESSAGES } from '../../config/loading-messages.ts';
import { cn } from '../../lib/cn.ts';
import { Spinner } from './spinner.tsx';

export interface LoadingScreenProps {
  /** One of LOADING_MESSAGES; "Initialising..." by default. */
  message?: string;
  /** `fullscreen` covers the viewport (before any layout exists); `inline` fills a layout's main area. */
  variant?: 'fullscreen' | 'inline';
}

export function LoadingScreen({
  message = LOADING_MESSAGES.initialising,
  variant = 'inline',
}: LoadingScreenProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        'flex flex-col items-center justify-center gap-4 px-4 text-center',
        variant === 'fullscreen'
          ? 'felt-surface on-dark min-h-dvh'
          : 'min-h-[calc(100dvh-4rem)] text-felt-900',
      )}
    >
      <Spinner size="lg" className={variant === 'fullscreen' ? 'text-gold-400' : 'text-pitch-700'} />
      <p className="font-display text-lg uppercase tracking-wider">{message}</p>
    </div>
  );
}
