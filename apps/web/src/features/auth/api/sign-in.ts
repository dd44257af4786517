import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client.ts';
import { unwrapAuthResult } from '../utils/auth-client-error.ts';

export interface SignInRequest {
  email: string;
  password: string;
}

export async function signIn({ email, password }: SignInRequest): Promise<void> {
  unwrapAuthResult(await authClient.signIn.email({ email, password }));
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
