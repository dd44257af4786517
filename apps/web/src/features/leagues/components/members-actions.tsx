import { AppError, type LeagueMember, type MemberAction } from '@hit21/core';
import { UserMinus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { useChangeMemberStatus } from '../api/manage-league.ts';

/** The specification's toasts for each change (section 8), word for word in the titles. */
const OUTCOMES: Readonly<
  Record<
    MemberAction,
    { success: string; successText: (name: string) => string; failure: string; failureText: string }
  >
> = {
  approved: {
    success: 'Request Approved',
    successText: (name) => `${name} is now a member of the league.`,
    failure: 'Approval Failed',
    failureText: 'Failed to approve join request.',
  },
  rejected: {
    success: 'Request Rejected',
    successText: (name) => `${name}’s request to join has been rejected.`,
    failure: 'Rejection Failed',
    failureText: 'Failed to reject join request.',
  },
  kicked: {
    success: 'Member Kicked',
    successText: (name) =>
      `${name} has been removed from the league. They can request to rejoin after 24 hours.`,
    failure: 'Kick Failed',
    failureText: 'Failed to kick member from league.',
  },
};

/**
 * The failure text: the specification's sentence, followed by the server's reason when it
 * gave one (a full league, a member who already left), so the admin knows what to do.
 */
function failureText(action: MemberAction, error: unknown): string {
  const base = OUTCOMES[action].failureText;
  if (error instanceof AppError && error.reason && error.code !== 'INTERNAL')
    return `${base} ${error.userMessage}`;
  return base;
}

/**
 * Approve, reject and kick with their toasts; a kick waits for the admin to confirm.
 * Render `dialog` once, anywhere on the screen.
 */
export function useMemberActions(leagueId: string): {
  act: (member: LeagueMember, action: MemberAction) => void;
  busyUserId: string | undefined;
  dialog: ReactNode;
} {
  const mutation = useChangeMemberStatus(leagueId);
  const [kickTarget, setKickTarget] = useState<LeagueMember | null>(null);
  const busyUserId = mutation.isPending ? mutation.variables?.userId : undefined;

  function run(member: LeagueMember, action: MemberAction) {
    mutation.mutate(
      { userId: member.userId, status: action },
      {
        onSuccess: () => {
          toast.success({
            title: OUTCOMES[action].success,
            message: OUTCOMES[action].successText(member.fullName),
          });
        },
        onError: (error) => {
          toast.error({ title: OUTCOMES[action].failure, message: failureText(action, error) });
        },
        onSettled: () => setKickTarget(null),
      },
    );
  }

  function act(member: LeagueMember, action: MemberAction) {
    if (action === 'kicked') setKickTarget(member);
    else run(member, action);
  }

  const dialog = (
    <Dialog
      open={kickTarget !== null}
      onOpenChange={(open) => {
        if (!open && !mutation.isPending) setKickTarget(null);
      }}
    >
      {/* A confirmation: an alert dialog, read out as one. */}
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Kick Member</DialogTitle>
          <DialogDescription>
            Are you sure you want to kick {kickTarget?.fullName} from the league?
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm">
          They leave the standings at once and can request to rejoin after 24 hours; you decide then.
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={mutation.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant="danger"
            isLoading={mutation.isPending}
            onClick={() => {
              if (kickTarget) run(kickTarget, 'kicked');
            }}
          >
            <UserMinus aria-hidden="true" />
            Kick Member
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );

  return { act, busyUserId, dialog };
}
