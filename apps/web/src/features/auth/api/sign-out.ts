import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useEndSession } from '../hooks/use-end-session.ts';
import { unwrapAuthResult } from '../utils/auth-client-error.ts';

export async function signOut(): Promise<void> {
  unwrapAuthResult(await authClient.signOut());
}

/** Signs out on the server, forgets the user here and goes to /login, with the specified toasts. */
export function useSignOut() {
  const endSession = useEndSession();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      await endSession();
      toast.success({ title: 'Signed Out', message: 'You have been successfully signed out.' });
    },
    onError: () => {
      toast.error({
        title: 'Sign Out Error',
        message: 'There was an error signing you out. Please try again.',
      });
    },
  });
}
