import { cn } from '../../lib/cn.ts';

const SIZES = { sm: 'size-4 border-2', md: 'size-6 border-[3px]', lg: 'size-10 border-4' } as const;

export interface SpinnerProps {
  size?: keyof typeof SIZES;
  /** Read by screen readers; omit when the spinner sits next to visible text. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const wheel = (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block shrink-0 animate-spin rounded-full border-current border-r-transparent motion-reduce:animate-none motion-reduce:border-r-current/30',
        SIZES[size],
        className,
      )}
    />
  );
  if (!label) return wheel;
  return (
    <span role="status" className="inline-flex">
      {wheel}
      <span className="sr-only">{label}</span>
    </span>
  );
}
