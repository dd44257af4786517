import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface ResetPasswordRequest {
  token: string;
  password: string;
  confirmPassword: string;
}

/**
 * Sets a new password from a reset link. The server revokes every session of the user; a
 * bad, used or expired token answers 400 "Invalid or expired reset link. Please request a new one."
 */
export async function resetPassword(input: ResetPasswordRequest): Promise<void> {
  await api.post('/api/accounts/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
