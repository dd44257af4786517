import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Sends a reset link; 404 "Account doesn't exist. Create a new account." for an unknown e-mail. */
export async function requestPasswordReset({ email }: { email: string }): Promise<void> {
  await api.post('/api/accounts/forgot-password', { email });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
