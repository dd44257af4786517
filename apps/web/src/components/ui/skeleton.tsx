import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** A placeholder block that keeps the layout while data loads. Decorative only. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-stone-200 motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
