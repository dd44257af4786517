import { cn } from '../../lib/cn.ts';

/** The Hit21 wordmark; its text reads "Hit21" to screen readers. */
export function Logo({ className }: { className?: string }) {
  return (
    <span
      className={cn('inline-flex items-center gap-2 font-bold font-display text-2xl leading-none', className)}
    >
      <span
        aria-hidden="true"
        className="grid h-8 w-6 -rotate-6 place-items-center rounded-[5px] bg-white font-bold text-[0.8rem] text-felt-900 shadow-md ring-2 ring-gold-400"
      >
        21
      </span>
      <span className="uppercase tracking-wide">
        Hit<span className="text-gold-400">21</span>
      </span>
    </span>
  );
}
