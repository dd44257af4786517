import {
  formatLeagueDateTime,
  JOIN_MODE_DESCRIPTIONS,
  type LeagueInvite,
  maxMembersLabel,
} from '@hit21/core';
import { CalendarClock, Hash, type LucideIcon, ShieldCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';
import { useDisplayTimeZone } from '../../../lib/use-hydrated.ts';

/** The join deadline as a short en-GB date in the reader's time zone, or "None". */
export function inviteDeadlineLabel(joinDeadline: string | null, timeZone?: string): string {
  if (joinDeadline === null) return 'None';
  const instant = new Date(joinDeadline);
  return Number.isNaN(instant.getTime()) ? 'None' : formatLeagueDateTime(instant, timeZone).date;
}

/** Code, maximum members, join deadline and join mode of an invite (the page and the modal). */
export function InviteDetails({ invite, className }: { invite: LeagueInvite; className?: string }) {
  const timeZone = useDisplayTimeZone();
  return (
    <dl className={cn('grid grid-cols-1 gap-3 min-[420px]:grid-cols-2', className)}>
      <InviteFact icon={Hash} label="League Code">
        <span className="font-mono tracking-[0.2em]">{invite.code}</span>
      </InviteFact>
      <InviteFact icon={Users} label="Max Members">
        {maxMembersLabel(invite.maxMembers)}
      </InviteFact>
      <InviteFact icon={CalendarClock} label="Join Deadline">
        {inviteDeadlineLabel(invite.joinDeadline, timeZone)}
      </InviteFact>
      <InviteFact icon={ShieldCheck} label="Join Mode">
        {JOIN_MODE_DESCRIPTIONS[invite.joinMode]}
      </InviteFact>
    </dl>
  );
}

function InviteFact({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
}) {
  // dt and dd sit directly in the div, as a description list requires.
  return (
    <div className="grid grid-cols-[auto_1fr] items-start gap-x-3 rounded-xl border border-line bg-stone-50 px-4 py-3">
      <dt className="contents">
        <Icon aria-hidden="true" className="row-span-2 mt-0.5 size-5 shrink-0 text-pitch-700" />
        <span className="font-display text-muted text-xs uppercase tracking-wider">{label}</span>
      </dt>
      <dd className="col-start-2 min-w-0 break-words font-semibold text-ink">{children}</dd>
    </div>
  );
}
