import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

export type AuthCardTone = 'neutral' | 'success' | 'error';

const TONES: Record<AuthCardTone, string> = {
  neutral: 'bg-felt-900 text-gold-400 ring-gold-400/40',
  success: 'bg-safe-100 text-safe-700 ring-safe-500/30',
  error: 'bg-bust-100 text-bust-700 ring-bust-500/30',
};

export interface AuthCardProps {
  /** The page's one h1. */
  title: string;
  description?: ReactNode;
  icon: LucideIcon;
  tone?: AuthCardTone;
  children?: ReactNode;
  /** Links under the card's body, e.g. "Already have an account? Log in". */
  footer?: ReactNode;
}

/**
 * The account screens: one white card on the felt, like a card dealt on the table. On a
 * phone the card fills the width and starts near the top, so the keyboard hides nothing.
 */
export function AuthCard({
  title,
  description,
  icon: Icon,
  tone = 'neutral',
  children,
  footer,
}: AuthCardProps) {
  return (
    // At least the first screen, as its loading screen is: the footer stays below the fold.
    <div className="felt-surface flex min-h-[calc(100dvh-4rem)] flex-1 justify-center px-3 py-6 sm:items-center sm:px-6 sm:py-14">
      <section
        aria-labelledby="auth-card-title"
        className="h-fit w-full max-w-md rounded-2xl border-gold-400 border-t-4 bg-white text-ink shadow-2xl shadow-felt-950/40"
      >
        <div
          className={cn(
            'flex flex-col items-center gap-3 px-5 pt-7 text-center sm:px-8 sm:pt-8',
            !children && !footer && 'pb-7 sm:pb-8',
          )}
        >
          <span className={cn('grid size-14 place-items-center rounded-full ring-4', TONES[tone])}>
            <Icon aria-hidden="true" className="size-7" />
          </span>
          <h1
            id="auth-card-title"
            className="font-bold font-display text-3xl text-felt-900 uppercase leading-tight tracking-wide"
          >
            {title}
          </h1>
          {description ? <div className="text-muted">{description}</div> : null}
        </div>
        {children ? <div className="flex flex-col gap-5 px-5 py-6 sm:px-8">{children}</div> : null}
        {footer ? (
          <div className="flex flex-col items-center gap-1 border-line border-t px-5 py-4 text-center text-muted text-sm sm:px-8">
            {footer}
          </div>
        ) : null}
      </section>
    </div>
  );
}
