import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client.ts';
import { unwrapAuthResult } from '../utils/auth-client-error.ts';
import { subscribeToMarketing } from './subscribe-to-marketing.ts';

export interface SignUpRequest {
  email: string;
  password: string;
  marketingOptIn: boolean;
}

/**
 * Creates the account (better-auth signs the new user in and sends the verification
 * e-mail), then subscribes the user to marketing e-mails when they opted in. A failed
 * subscription does not fail the sign-up: it is only logged.
 */
export async function signUp({ email, password, marketingOptIn }: SignUpRequest): Promise<void> {
  // The contract also sends marketingOptIn to better-auth; the typed client does not know the
  // extra field, so it travels in a plain object rather than an object literal.
  const body = { email, password, name: '', marketingOptIn };
  unwrapAuthResult(await authClient.signUp.email(body));
  if (!marketingOptIn) return;
  try {
    await subscribeToMarketing({ email, name: email.split('@')[0] ?? email });
  } catch (error) {
    console.warn('Marketing subscription failed after sign-up', error);
  }
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
