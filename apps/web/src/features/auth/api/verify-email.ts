import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client.ts';
import { unwrapAuthResult } from '../utils/auth-client-error.ts';

export async function verifyEmail(token: string): Promise<void> {
  unwrapAuthResult(await authClient.verifyEmail({ query: { token } }));
}

/**
 * Verifying is a one-time action that runs as soon as the page opens. As a query keyed by
 * the token it runs once per link, even when React mounts the page twice in development,
 * and never again on focus or retry.
 */
export function getVerifyEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['verify-email', token],
    queryFn: async () => {
      await verifyEmail(token);
      return true;
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useVerifyEmail(token: string | null) {
  return useQuery({ ...getVerifyEmailQueryOptions(token ?? ''), enabled: token !== null && token !== '' });
}

export async function resendVerificationEmail({ email }: { email: string }): Promise<void> {
  unwrapAuthResult(await authClient.sendVerificationEmail({ email }));
}

export function useResendVerificationEmail() {
  return useMutation({ mutationFn: resendVerificationEmail });
}
