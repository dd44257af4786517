import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { CreateLeagueForm } from './create-league-form.tsx';
import { JoinLeagueForm } from './join-league-form.tsx';
import { SeasonOverNotice } from './season-over-notice.tsx';

export type LeaguesDialog = 'create' | 'join' | null;

/** /leagues opens creating and joining in a dialog over the cards. */
export function LeaguesDialogs({
  open,
  onOpenChange,
  clockOffsetMs,
  isSeasonOver = false,
}: {
  open: LeaguesDialog;
  onOpenChange: (open: LeaguesDialog) => void;
  /** The server's clock minus this device's: the join deadline is checked against the game's. */
  clockOffsetMs?: number;
  /** Once the season is over, leagues are neither created nor joined: the dialogs say so instead. */
  isSeasonOver?: boolean;
}) {
  const close = () => onOpenChange(null);
  return (
    <>
      <Dialog open={open === 'create'} onOpenChange={(isOpen) => onOpenChange(isOpen ? 'create' : null)}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>Create League</DialogTitle>
            <DialogDescription>
              {isSeasonOver
                ? 'Creating a league is closed for this season.'
                : 'Name your league, set who can join, then share the code with your friends.'}
            </DialogDescription>
          </DialogHeader>
          {isSeasonOver ? (
            <SeasonOverNotice />
          ) : (
            <CreateLeagueForm variant="page" onCancel={close} clockOffsetMs={clockOffsetMs} />
          )}
        </DialogContent>
      </Dialog>
      <Dialog open={open === 'join'} onOpenChange={(isOpen) => onOpenChange(isOpen ? 'join' : null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Join League</DialogTitle>
            <DialogDescription>
              {isSeasonOver
                ? 'Joining a league is closed for this season.'
                : 'Got a code from a friend? Enter it to join their league.'}
            </DialogDescription>
          </DialogHeader>
          {isSeasonOver ? <SeasonOverNotice /> : <JoinLeagueForm onCancel={close} onJoined={close} />}
        </DialogContent>
      </Dialog>
    </>
  );
}
