import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

export interface SectionHeadingProps {
  /** The h2's id, for the section's aria-labelledby. */
  id: string;
  eyebrow?: string;
  title: string;
  description?: ReactNode;
  /** `dark` on felt surfaces. */
  tone?: 'light' | 'dark';
  className?: string;
}

/** A marketing section's kicker, h2 and intro. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  description,
  tone = 'light',
  className,
}: SectionHeadingProps) {
  const isDark = tone === 'dark';
  return (
    <div className={cn('flex max-w-2xl flex-col gap-3', className)}>
      {eyebrow ? (
        <p
          className={cn(
            'font-display font-medium text-sm uppercase tracking-[0.2em]',
            isDark ? 'text-gold-300' : 'text-gold-700',
          )}
        >
          {eyebrow}
        </p>
      ) : null}
      <h2
        id={id}
        className={cn(
          'font-bold text-4xl uppercase leading-none tracking-wide sm:text-5xl',
          isDark ? 'text-white' : 'text-felt-900',
        )}
      >
        {title}
      </h2>
      {description ? (
        <div className={cn('text-lg leading-relaxed', isDark ? 'text-felt-100' : 'text-muted')}>
          {description}
        </div>
      ) : null}
    </div>
  );
}
