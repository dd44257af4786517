import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { useEndSession } from '../hooks/use-end-session.ts';
import { unwrapAuthResult } from '../utils/auth-client-error.ts';

/**
 * The session client is fetched when a player signs out: the signed-in shell, which offers Sign
 * Out on every page, is part of the app's first code, and a visitor's page never needs it.
 */
export async function signOut(): Promise<void> {
  const { authClient } = await import('../../../lib/auth-client.ts');
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
