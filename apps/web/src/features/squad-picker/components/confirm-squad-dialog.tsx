import { type CatalogPlayer, type Club, POSITION_LABELS } from '@hit21/core';
import { clubOfPick } from '../../../components/pitch/pitch-player-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Jersey } from '../../../components/ui/jersey.tsx';
import { totalLastSeasonGoals } from '../pick-state.ts';
import type { PickerMode } from '../save-feedback.ts';

const COPY = {
  select: {
    title: 'Confirm Your Selections',
    description: "You're about to save your picks with 4 players. You can edit your picks anytime.",
    confirm: 'Confirm',
  },
  edit: {
    title: 'Confirm Your Changes',
    description:
      "You're about to update your team with these 4 players. You can keep making changes until the pick deadline.",
    confirm: 'Update Team',
  },
} as const;

/** After the deadline a first squad cannot be edited: the promise of later edits would be false. */
const LATE_FIRST_SQUAD_DESCRIPTION =
  "You're about to save your picks with 4 players. The season has started, so this team is final.";

export interface ConfirmSquadDialogProps {
  mode: PickerMode;
  isOpen: boolean;
  picks: readonly CatalogPlayer[];
  clubs: readonly Club[];
  /** A first squad picked after the deadline is locked once saved. */
  isFinal: boolean;
  isSaving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Lists the 4 picks with their last-season goals and the total, then saves on Confirm. */
export function ConfirmSquadDialog({
  mode,
  isOpen,
  picks,
  clubs,
  isFinal,
  isSaving,
  onConfirm,
  onCancel,
}: ConfirmSquadDialogProps) {
  const copy = COPY[mode];
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (!open && !isSaving) onCancel();
      }}
    >
      <DialogContent hideCloseButton>
        <div className="flex flex-col gap-1.5">
          <DialogTitle>{copy.title}</DialogTitle>
          <DialogDescription>
            {isFinal && mode === 'select' ? LATE_FIRST_SQUAD_DESCRIPTION : copy.description}
          </DialogDescription>
        </div>
        <ul className="flex flex-col divide-y divide-line rounded-xl ring-1 ring-line">
          {picks.map((player) => (
            <li key={player.id} className="flex items-center gap-3 px-3 py-2.5">
              <Jersey club={clubOfPick(player, clubs)} size="sm" />
              <div className="min-w-0 flex-1">
                <p className="break-words font-semibold leading-tight">{player.name}</p>
                <p className="text-muted text-sm">
                  {player.clubName} · {POSITION_LABELS[player.position]}
                </p>
              </div>
              <p className="flex flex-col items-end">
                <span className="numeric font-bold text-felt-900 text-xl leading-none">
                  {player.lastSeasonGoals}
                </span>
                <span className="text-muted text-xs">last season</span>
              </p>
            </li>
          ))}
        </ul>
        <p className="flex items-center justify-between rounded-xl bg-felt-900 px-4 py-3 text-white">
          <span className="font-display font-semibold uppercase tracking-wide">Total Last Season Goals</span>
          <span className="numeric font-bold text-2xl text-gold-300" data-testid="total-last-season-goals">
            {totalLastSeasonGoals(picks)}
          </span>
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={isSaving}>
              Cancel
            </Button>
          </DialogClose>
          <Button onClick={onConfirm} isLoading={isSaving}>
            {copy.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
