import { AppError, changePasswordInputSchema } from '@hit21/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { FieldError } from '../../../components/ui/field-error.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { toast } from '../../../lib/toast.ts';
import { type ChangePasswordInput, useChangePassword } from '../api/change-password.ts';

const PASSWORD_UPDATE_FAILED = 'An error occurred while updating your password';

const EMPTY: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

export interface ChangePasswordDialogProps {
  /**
   * The strength meter and checklist shown under the new password as it is typed; the
   * checklist should carry `checklistId`, which the new password input is described by.
   */
  renderPasswordStrength?: (password: string, checklistId: string) => ReactNode;
}

/** Current, new and confirmed password, checked with the one password policy of @hit21/core. */
export function ChangePasswordDialog({ renderPasswordStrength }: ChangePasswordDialogProps) {
  const [isOpen, setIsOpen] = useState(false);
  const checklistId = useId();
  const changePassword = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordInputSchema),
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, setError, reset, watch, formState } = form;
  const { errors } = formState;
  const newPassword = watch('newPassword');

  function setOpen(open: boolean) {
    setIsOpen(open);
    if (!open) {
      reset(EMPTY);
      changePassword.reset();
    }
  }

  const onSubmit = handleSubmit(async (input) => {
    try {
      await changePassword.mutateAsync(input);
    } catch (error) {
      if (error instanceof AppError && error.code === 'INVALID_REQUEST') {
        const fields = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
        const issue = error.issues
          ?.map((candidate) => ({ ...candidate, field: candidate.path.replace(/^body\./, '') }))
          .find((candidate) => (fields as readonly string[]).includes(candidate.field));
        if (issue) {
          setError(issue.field as (typeof fields)[number], { message: issue.message }, { shouldFocus: true });
          return;
        }
        setError('root', { message: error.userMessage });
        return;
      }
      setError('root', {
        message:
          error instanceof AppError && error.code !== 'INTERNAL' ? error.userMessage : PASSWORD_UPDATE_FAILED,
      });
      return;
    }
    toast.success({
      title: 'Password Updated',
      message: 'Your password has been changed. Any other devices have been signed out.',
    });
    setOpen(false);
  });

  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary">
          <KeyRound aria-hidden="true" />
          Change Password
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change Password</DialogTitle>
          <DialogDescription>Enter your current password, then choose a new one.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <PasswordField
            label="Current Password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <PasswordField
            label="New Password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            describedBy={renderPasswordStrength ? checklistId : undefined}
            {...register('newPassword')}
          >
            {renderPasswordStrength?.(newPassword, checklistId)}
          </PasswordField>
          <PasswordField
            label="Confirm New Password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <FieldError role="alert" className="rounded-lg bg-bust-100 px-3.5 py-3">
            {errors.root?.message}
          </FieldError>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" isLoading={changePassword.isPending}>
              {changePassword.isPending ? 'Updating...' : 'Update Password'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
