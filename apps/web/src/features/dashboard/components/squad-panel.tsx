import { GOAL_TARGET, SQUAD_MESSAGES } from '@hit21/core';
import { Lock, Pencil } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';

export interface SquadPanelProps {
  /** The pitch with the four picks. */
  children: ReactNode;
  squadGoals: number;
  projectedGoals: number;
  /** Before the deadline the squad may still change (the server's word). */
  isEditable: boolean;
  /** At full time the projection is simply the final total. */
  isSeasonOver: boolean;
  className?: string;
}

/** YOUR TEAM: the pitch, EDIT TEAM, and the TEAM GOALS and PROJECTED tiles. */
export function SquadPanel({
  children,
  squadGoals,
  projectedGoals,
  isEditable,
  isSeasonOver,
  className,
}: SquadPanelProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn('felt-surface on-dark flex flex-col gap-4 rounded-2xl p-3 shadow-lg sm:p-5', className)}
    >
      <div className="flex items-center justify-between gap-3 px-1">
        <h2 id={headingId} className="font-bold font-display text-2xl uppercase tracking-wide">
          Your Team
        </h2>
        <EditSquadButton isEditable={isEditable} />
      </div>
      {children}
      <dl className="grid grid-cols-2 gap-3">
        <SquadTile label="Team Goals" hint={`of ${GOAL_TARGET}`}>
          {squadGoals}
        </SquadTile>
        <SquadTile label="Projected" hint={isSeasonOver ? 'final total' : 'by week 38 at this pace'}>
          {projectedGoals.toFixed(1)}
        </SquadTile>
      </dl>
    </section>
  );
}

function EditSquadButton({ isEditable }: { isEditable: boolean }) {
  if (isEditable) {
    return (
      <Button asChild variant="gold" size="sm">
        <Link to={paths.editPlayers.getHref()}>
          <Pencil aria-hidden="true" />
          Edit Team
        </Link>
      </Button>
    );
  }
  // aria-disabled, not disabled: the button stays focusable and hoverable, so the tooltip can say why.
  return (
    <Tooltip content={SQUAD_MESSAGES.locked} side="bottom">
      <button
        type="button"
        aria-disabled="true"
        className="inline-flex min-h-11 shrink-0 cursor-not-allowed items-center justify-center gap-2 rounded-lg bg-gold-400/50 px-3 font-display font-semibold text-felt-950 text-sm uppercase tracking-wide [&_svg]:size-[1.15em]"
      >
        <Lock aria-hidden="true" />
        Edit Team
      </button>
    </Tooltip>
  );
}

function SquadTile({ label, hint, children }: { label: string; hint: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 rounded-xl bg-felt-950/60 px-4 py-3 ring-1 ring-white/10">
      <dt className="font-display font-medium text-felt-100 text-xs uppercase tracking-[0.15em]">{label}</dt>
      <dd className="flex flex-wrap items-baseline gap-x-2">
        <span className="numeric font-bold text-3xl text-gold-300 leading-none sm:text-4xl">{children}</span>
        <span className="text-felt-100 text-xs">{hint}</span>
      </dd>
    </div>
  );
}
