import { CircleCheck, CircleX, Clock, Target, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';
import type { BannerCopy, BannerTone } from '../lib/status-banner-copy.ts';

const TONES: Record<BannerTone, { classes: string; icon: ReactNode }> = {
  waiting: { classes: 'bg-stone-100 text-felt-900 ring-stone-300', icon: <Clock /> },
  safe: { classes: 'bg-safe-100 text-safe-700 ring-safe-500/40', icon: <CircleCheck /> },
  warning: { classes: 'bg-warning-100 text-warning-700 ring-warning-500/50', icon: <TriangleAlert /> },
  bust: { classes: 'bg-bust-100 text-bust-700 ring-bust-500/40', icon: <CircleX /> },
  optimal: { classes: 'bg-gold-100 text-gold-700 ring-gold-400/60', icon: <Target /> },
};

/** The squad's status in a word and a sentence; the colour always comes with an icon and the word. */
export function StatusBanner({ copy }: { copy: BannerCopy }) {
  const tone = TONES[copy.tone];
  return (
    <div
      data-testid="status-banner"
      className={cn('flex items-start gap-3 rounded-xl px-4 py-3 ring-1 ring-inset', tone.classes)}
    >
      <span aria-hidden="true" className="mt-0.5 shrink-0 [&_svg]:size-6">
        {tone.icon}
      </span>
      <div className="flex min-w-0 flex-col gap-0.5">
        <h3 className="font-bold font-display text-lg uppercase tracking-wide">{copy.title}</h3>
        <p className="text-ink text-sm leading-relaxed">{copy.message}</p>
      </div>
    </div>
  );
}
