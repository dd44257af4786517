import { AppError, type LeagueDetail } from '@hit21/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Crown, Trash2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { EmailAddress } from '../../../components/ui/email-address.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { getUserMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { leagueQueryKeys } from '../api/league-query-keys.ts';
import { changeLeagueAdmin, deleteLeague } from '../api/manage-league.ts';
import { parseAdminEmail } from '../utils/admin-settings.ts';

export const CHANGE_ADMIN_FAILED = 'Failed to change league admin';

/** The Advanced tab: hand the league to another member, or delete it. */
export function AdminAdvancedTab({ league }: { league: LeagueDetail }) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <ChangeAdminCard league={league} />
      <DeleteLeagueCard league={league} />
    </div>
  );
}

function ChangeAdminCard({ league }: { league: LeagueDetail }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [confirmEmail, setConfirmEmail] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // Not the shared hook: that one refreshes the league first, and the page would flash
  // "League Not Found" (its reader is no longer the admin) before leaving.
  const change = useMutation({ mutationFn: (newAdmin: string) => changeLeagueAdmin(league.id, newAdmin) });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseAdminEmail(email);
    if ('error' in parsed) {
      setError(parsed.error);
      inputRef.current?.focus();
      return;
    }
    setConfirmEmail(parsed.email);
  }

  function confirm() {
    if (!confirmEmail) return;
    change.mutate(confirmEmail, {
      onSuccess: () => {
        toast.success({ title: 'Admin Changed', message: 'League admin changed successfully' });
        // The former admin manages nothing here any more. Refresh once gone, not before.
        void Promise.resolve(navigate(paths.leagues.getHref())).then(() =>
          queryClient.invalidateQueries({ queryKey: leagueQueryKeys.all }),
        );
      },
      onError: (failure) => {
        setConfirmEmail(null);
        toast.error({
          title: 'Admin Change Failed',
          message:
            failure instanceof AppError && failure.code !== 'INTERNAL'
              ? failure.userMessage
              : CHANGE_ADMIN_FAILED,
        });
      },
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Administrator</CardTitle>
        <CardDescription>
          Hand the league to another approved member. You stay a member, but stop being its administrator.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <TextField
            ref={inputRef}
            label="New Administrator’s Email"
            type="email"
            name="email"
            autoComplete="off"
            inputMode="email"
            value={email}
            error={error}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(undefined);
            }}
          />
          <Button type="submit" variant="secondary" disabled={email.trim() === ''} className="self-start">
            <Crown aria-hidden="true" />
            Change Admin
          </Button>
        </form>
      </CardContent>

      <Dialog
        open={confirmEmail !== null}
        onOpenChange={(open) => {
          if (!open && !change.isPending) setConfirmEmail(null);
        }}
      >
        {/* A confirmation: an alert dialog, read out as one. */}
        <DialogContent role="alertdialog">
          <DialogHeader>
            <DialogTitle>Change Administrator</DialogTitle>
            <DialogDescription>
              Make <EmailAddress address={confirmEmail ?? ''} /> the administrator of {league.name}?
            </DialogDescription>
          </DialogHeader>
          <p className="text-sm">
            You lose your admin rights to this league at once and go back to your leagues. Only the new
            administrator can hand it back.
          </p>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" disabled={change.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button isLoading={change.isPending} onClick={confirm}>
              <Crown aria-hidden="true" />
              Change Admin
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function DeleteLeagueCard({ league }: { league: LeagueDetail }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Leave first, then forget the league: refreshed in place, it would flash "League Not Found".
  const remove = useMutation({ mutationFn: () => deleteLeague(league.id) });
  const [isConfirming, setIsConfirming] = useState(false);

  function confirmDelete() {
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success({ title: 'League Deleted', message: `${league.name} has been deleted.` });
        void Promise.resolve(navigate(paths.leagues.getHref())).then(() => {
          queryClient.removeQueries({ queryKey: leagueQueryKeys.detail(league.id) });
          return queryClient.invalidateQueries({ queryKey: leagueQueryKeys.mine() });
        });
      },
      onError: (error) => toast.error({ title: 'Deletion Failed', message: getUserMessage(error) }),
    });
  }

  return (
    <Card className="border-bust-500/40">
      <CardHeader>
        <CardTitle>Delete League</CardTitle>
        <CardDescription>
          Deleting removes the league, its members and its standings for everyone. This cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="danger" onClick={() => setIsConfirming(true)}>
          <Trash2 aria-hidden="true" />
          Delete League
        </Button>
      </CardContent>

      <Dialog
        open={isConfirming}
        onOpenChange={(open) => {
          if (!remove.isPending) setIsConfirming(open);
        }}
      >
        {/* A confirmation: an alert dialog, read out as one. */}
        <DialogContent role="alertdialog">
          <DialogHeader>
            <DialogTitle>Delete League</DialogTitle>
            <DialogDescription>
              Are you sure you want to delete {league.name}? Its members, requests and standings go with it.
            </DialogDescription>
          </DialogHeader>
          <p className="text-sm">Every member loses it at once. This cannot be undone.</p>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" disabled={remove.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="danger" isLoading={remove.isPending} onClick={confirmDelete}>
              <Trash2 aria-hidden="true" />
              Delete League
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
