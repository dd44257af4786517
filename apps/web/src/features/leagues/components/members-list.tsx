import type { LeagueMember, MemberAction, MembershipStatus } from '@hit21/core';
import { Ban, Check, Clock, Crown, UserMinus, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmailAddress } from '../../../components/ui/email-address.tsx';
import { memberDateLine } from '../utils/admin-settings.ts';

const STATUS_LOOK: Readonly<
  Record<MembershipStatus, { label: string; variant: BadgeVariant; icon: ReactNode }>
> = {
  pending: { label: 'Pending', variant: 'warning', icon: <Clock aria-hidden="true" /> },
  approved: { label: 'Approved', variant: 'safe', icon: <Check aria-hidden="true" /> },
  rejected: { label: 'Rejected', variant: 'neutral', icon: <X aria-hidden="true" /> },
  kicked: { label: 'Kicked', variant: 'bust', icon: <Ban aria-hidden="true" /> },
};

export function MemberStatusBadge({ status }: { status: MembershipStatus }) {
  const look = STATUS_LOOK[status];
  return (
    <Badge variant={look.variant} data-status={status}>
      {look.icon}
      {look.label}
    </Badge>
  );
}

/**
 * What the admin may do to a member: pending → Approve, Reject; approved → Kick; kicked →
 * Approve, Reject; rejected → Approve (core's isAllowedMemberChange). The admin's own row and a
 * read-only list get none.
 */
export function memberActionsFor(member: LeagueMember, isReadOnly = false): MemberAction[] {
  if (member.isAdmin || isReadOnly) return [];
  switch (member.status) {
    case 'pending':
    case 'kicked':
      return ['approved', 'rejected'];
    case 'approved':
      return ['kicked'];
    case 'rejected':
      return ['approved'];
  }
}

const ACTION_BUTTONS: Readonly<
  Record<MemberAction, { label: string; variant: 'primary' | 'secondary' | 'danger'; icon: ReactNode }>
> = {
  approved: { label: 'Approve', variant: 'primary', icon: <Check aria-hidden="true" /> },
  rejected: { label: 'Reject', variant: 'secondary', icon: <X aria-hidden="true" /> },
  kicked: { label: 'Kick', variant: 'danger', icon: <UserMinus aria-hidden="true" /> },
};

export interface MembersListProps {
  members: readonly LeagueMember[];
  onAction: (member: LeagueMember, action: MemberAction) => void;
  /** The member whose change is on its way: their buttons wait. */
  busyUserId?: string;
  /** Rejected members on the members page are shown, not managed. */
  isReadOnly?: boolean;
  /** Dims the list while the next page loads. */
  isUpdating?: boolean;
  label: string;
}

/** Members as rows: name, e-mail (the admin's view), status, dates and the admin's buttons. */
export function MembersList({
  members,
  onAction,
  busyUserId,
  isReadOnly = false,
  isUpdating = false,
  label,
}: MembersListProps) {
  return (
    <ul
      aria-label={label}
      aria-busy={isUpdating || undefined}
      className={`flex flex-col divide-y divide-line rounded-xl border border-line transition-opacity ${
        isUpdating ? 'opacity-60' : ''
      }`}
    >
      {members.map((member) => {
        const actions = memberActionsFor(member, isReadOnly);
        const isBusy = busyUserId === member.userId;
        return (
          <li
            key={member.userId}
            data-member={member.fullName}
            className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="flex min-w-0 flex-col gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 font-semibold text-ink [overflow-wrap:anywhere]">
                  {member.fullName}
                </span>
                {member.isAdmin ? (
                  <Badge variant="gold">
                    <Crown aria-hidden="true" />
                    Admin
                  </Badge>
                ) : (
                  <MemberStatusBadge status={member.status} />
                )}
              </div>
              <EmailAddress address={member.email} className="font-normal text-muted text-sm" />
              <span className="text-muted text-sm">{memberDateLine(member)}</span>
            </div>
            {actions.length > 0 ? (
              <div className="flex flex-wrap gap-2 sm:shrink-0">
                {actions.map((action) => {
                  const look = ACTION_BUTTONS[action];
                  return (
                    <Button
                      key={action}
                      size="sm"
                      variant={look.variant}
                      disabled={isBusy}
                      aria-label={`${look.label} ${member.fullName}`}
                      onClick={() => onAction(member, action)}
                    >
                      {look.icon}
                      {look.label}
                    </Button>
                  );
                })}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
