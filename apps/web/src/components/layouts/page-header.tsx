import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Container } from './container.tsx';

export interface PageHeaderProps {
  /** The page's one h1. */
  title: string;
  /** A short kicker above the title, e.g. "Season 2025/26". */
  eyebrow?: string;
  description?: ReactNode;
  /** Buttons on the right (below on mobile). */
  actions?: ReactNode;
  className?: string;
}

/** The matchday band at the top of a page, carrying its h1. */
export function PageHeader({ title, eyebrow, description, actions, className }: PageHeaderProps) {
  return (
    <div className={cn('felt-surface on-dark border-gold-400 border-b-4', className)}>
      <Container className="flex flex-col gap-4 py-8 sm:flex-row sm:items-end sm:justify-between sm:py-10">
        <div className="flex min-w-0 flex-col gap-2">
          {eyebrow ? (
            <p className="font-display font-medium text-gold-300 text-sm uppercase tracking-[0.2em]">
              {eyebrow}
            </p>
          ) : null}
          <h1 className="break-words font-bold font-display text-4xl uppercase leading-none tracking-wide sm:text-5xl">
            {title}
          </h1>
          {description ? <div className="max-w-2xl text-felt-100">{description}</div> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
      </Container>
    </div>
  );
}
