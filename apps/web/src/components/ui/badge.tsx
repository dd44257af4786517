import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export type BadgeVariant = 'neutral' | 'safe' | 'warning' | 'bust' | 'gold' | 'dark';

const VARIANTS: Record<BadgeVariant, string> = {
  neutral: 'bg-stone-100 text-stone-700 ring-stone-300',
  safe: 'bg-safe-100 text-safe-700 ring-safe-500/40',
  warning: 'bg-warning-100 text-warning-700 ring-warning-500/50',
  bust: 'bg-bust-100 text-bust-700 ring-bust-500/40',
  gold: 'bg-gold-100 text-gold-700 ring-gold-400/60',
  dark: 'bg-felt-900 text-white ring-felt-900',
};

/** A short label. Status badges must carry a word (and ideally an icon), never colour alone. */
export function Badge({
  variant = 'neutral',
  className,
  ...props
}: ComponentProps<'span'> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 font-semibold text-xs uppercase tracking-wide ring-1 ring-inset [&_svg]:size-3.5',
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  );
}
