import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useLeaveLeague } from '../api/leave-league.ts';

export interface LeaveLeagueSectionProps {
  leagueId: string;
  leagueName: string;
}

/** A member (never the admin) leaves the league, once they confirm, and goes back to /leagues. */
export function LeaveLeagueSection({ leagueId, leagueName }: LeaveLeagueSectionProps) {
  const navigate = useNavigate();
  const leave = useLeaveLeague();
  const [isOpen, setIsOpen] = useState(false);

  function confirmLeave() {
    leave.mutate(leagueId, {
      onSuccess: () => {
        setIsOpen(false);
        toast.success({ title: 'Left League', message: `You have left ${leagueName}.` });
        navigate(paths.leagues.getHref());
      },
      onError: () => {
        toast.error({ title: 'Error', message: 'Failed to leave the league. Please try again.' });
      },
    });
  }

  return (
    <section aria-labelledby="leave-league-heading" className="flex flex-col gap-3 border-line border-t pt-5">
      <h3 id="leave-league-heading" className="font-display font-semibold text-lg uppercase tracking-wide">
        Leave League
      </h3>
      <p className="text-muted text-sm">
        You will no longer appear in this league's standings. To come back you will need to join again.
      </p>
      <Dialog open={isOpen} onOpenChange={(open) => (leave.isPending ? undefined : setIsOpen(open))}>
        <DialogTrigger asChild>
          <Button variant="danger" className="self-start">
            <LogOut aria-hidden="true" />
            Leave League
          </Button>
        </DialogTrigger>
        <DialogContent hideCloseButton>
          <DialogHeader>
            <DialogTitle>Leave League?</DialogTitle>
            <DialogDescription>
              Are you sure you want to leave {leagueName}? You will need to join again to come back.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" disabled={leave.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="danger" isLoading={leave.isPending} onClick={confirmLeave}>
              <LogOut aria-hidden="true" />
              Leave League
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
