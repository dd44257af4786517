import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn.ts';

/** An inline link on the account screens: pitch green, underlined, with a 44 px tall hit area. */
export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={cn(
        'inline-flex min-h-11 items-center rounded font-semibold text-pitch-800 underline decoration-pitch-700/40 underline-offset-4 hover:decoration-pitch-700',
        className,
      )}
      {...props}
    />
  );
}
