import { Undo2 } from 'lucide-react';
import { useState } from 'react';
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
import { getUserMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useLeaveLeague } from '../api/leave-league.ts';

/** A pending player withdraws their join request, once they confirm (the server's "leave"). */
export function CancelRequestButton({ leagueId, leagueName }: { leagueId: string; leagueName: string }) {
  const withdraw = useLeaveLeague();
  const [isOpen, setIsOpen] = useState(false);

  function confirmCancel() {
    withdraw.mutate(leagueId, {
      onSuccess: () => {
        setIsOpen(false);
        toast.success({
          title: 'Request Cancelled',
          message: `Your request to join ${leagueName} has been cancelled.`,
        });
      },
      onError: (error) => toast.error({ title: 'Error', message: getUserMessage(error) }),
    });
  }

  return (
    <Dialog open={isOpen} onOpenChange={(open) => (withdraw.isPending ? undefined : setIsOpen(open))}>
      <DialogTrigger asChild>
        <Button
          size="sm"
          variant="secondary"
          className="flex-1"
          aria-label={`Cancel request to join ${leagueName}`}
        >
          <Undo2 aria-hidden="true" />
          Cancel Request
        </Button>
      </DialogTrigger>
      <DialogContent hideCloseButton>
        <DialogHeader>
          <DialogTitle>Cancel Request?</DialogTitle>
          <DialogDescription className="break-words">
            Are you sure you want to cancel your request to join {leagueName}? You can ask again with the
            code.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={withdraw.isPending}>
              Keep Request
            </Button>
          </DialogClose>
          <Button variant="danger" isLoading={withdraw.isPending} onClick={confirmCancel}>
            {withdraw.isPending ? null : <Undo2 aria-hidden="true" />}
            Cancel Request
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
