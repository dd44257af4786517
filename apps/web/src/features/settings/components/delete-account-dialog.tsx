import { ACCOUNT_MESSAGES, AppError, DELETE_CONFIRMATION_WORD } from '@hit21/core';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
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
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { paths } from '../../../config/paths.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

export interface DeleteAccountDialogProps {
  /**
   * Forgets the deleted user in this browser (cached queries, stored data), the same way a
   * sign-out does. Called once the home page has replaced the settings page, so no guarded page
   * is still there to read "signed out" as an expired session and send the user to /login.
   */
  onAccountDeleted: () => void;
  /**
   * Marks the session as ending on purpose from before the deletion is asked for until the
   * returned function is called (the server ends the session with the deletion, and the page
   * learns it at once: not an expired session to send the user to /login for).
   */
  markSessionEnding: () => () => void;
}

/** Deleting for good: the person types DELETE, then is signed out and taken home. */
export function DeleteAccountDialog({ onAccountDeleted, markSessionEnding }: DeleteAccountDialogProps) {
  const inputId = useId();
  const hintId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const [isConfirmationRefused, setIsConfirmationRefused] = useState(false);
  const deleteAccount = useDeleteAccount();
  const navigate = useNavigate();
  const isAccountDeleted = useRef(false);
  const forgetDeletedUser = useRef(onAccountDeleted);
  useEffect(() => {
    forgetDeletedUser.current = onAccountDeleted;
  }, [onAccountDeleted]);
  // `navigate` resolves before React has swapped the pages (a transition), so the user is
  // forgotten when this dialog, and the guarded page around it, are gone.
  const endSessionMark = useRef<(() => void) | null>(null);
  useEffect(
    () => () => {
      if (isAccountDeleted.current) forgetDeletedUser.current();
      endSessionMark.current?.();
    },
    [],
  );

  function setOpen(open: boolean) {
    if (deleteAccount.isPending) return;
    setIsOpen(open);
    if (!open) {
      setConfirmation('');
      setIsConfirmationRefused(false);
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (deleteAccount.isPending) return;
    if (confirmation !== DELETE_CONFIRMATION_WORD) {
      setIsConfirmationRefused(true);
      toast.error({ title: 'Confirmation Required', message: ACCOUNT_MESSAGES.deleteConfirmation });
      return;
    }
    // Until this dialog is gone (its notification stream closes as the server deletes).
    endSessionMark.current = markSessionEnding();
    try {
      await deleteAccount.mutateAsync();
    } catch (error) {
      endSessionMark.current();
      endSessionMark.current = null;
      if (error instanceof AppError && error.code === 'UNAUTHENTICATED') {
        toast.error({
          title: 'Authentication Error',
          message: 'Please log in again to delete your account.',
        });
      } else {
        toast.error({ title: 'Delete Failed', message: 'Failed to delete account. Please try again.' });
      }
      return;
    }
    toast.success({
      title: 'Account Deleted',
      message: 'Your account and everything in it have been deleted.',
    });
    isAccountDeleted.current = true;
    await navigate(paths.home.getHref(), { replace: true });
    // The server expired the session cookies; this only tidies up the auth client.
    await authClient.signOut().catch(() => undefined);
  }

  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="danger">
          <Trash2 aria-hidden="true" />
          Delete Account
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete Account</DialogTitle>
          <DialogDescription>
            This permanently deletes your account, your team and your league memberships. Leagues you run pass
            to their longest-standing member. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={inputId}>
              Type <span className="font-bold font-mono">{DELETE_CONFIRMATION_WORD}</span> to confirm
            </Label>
            <p id={hintId} className="text-muted text-sm">
              In capital letters, exactly as shown.
            </p>
            <Input
              id={inputId}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={confirmation}
              onChange={(event) => {
                setConfirmation(event.target.value);
                setIsConfirmationRefused(false);
              }}
              aria-describedby={hintId}
              aria-invalid={isConfirmationRefused || undefined}
            />
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" disabled={deleteAccount.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="danger" isLoading={deleteAccount.isPending}>
              {deleteAccount.isPending ? null : <Trash2 aria-hidden="true" />}
              Delete Account
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
