import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** A text input; set `aria-invalid` to show the error state. */
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        'block min-h-11 w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3.5 py-2 text-base text-ink shadow-xs transition-colors placeholder:text-stone-500 hover:border-stone-400 focus-visible:border-felt-900 disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-500 aria-invalid:border-bust-700 read-only:bg-stone-50',
        className,
      )}
      {...props}
    />
  );
}
