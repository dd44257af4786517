import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The body of a password change, as `changePasswordInputSchema` of @hit21/core checks it. */
export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Checks the current password and sets the new one; other sessions are signed out. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await api.post('/api/accounts/change-password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
