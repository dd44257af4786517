import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * A placeholder block that keeps the layout while data loads. Decorative only. A span shown as
 * a block, so it may stand in for text inside a paragraph: a div there is valid in React but not
 * in HTML, and a browser reading the server's drawing would move it out of the paragraph, so the
 * app could not take the page over and would draw it all again.
 */
export function Skeleton({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      aria-hidden="true"
      className={cn('block animate-pulse rounded-md bg-stone-200 motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
