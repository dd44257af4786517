import { type UnsubscribeResult, unsubscribeResultSchema } from '@hit21/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Stops the deadline reminders of the player the e-mail link was signed for; no session needed. */
export function unsubscribe(token: string): Promise<UnsubscribeResult> {
  return api.post('/api/mail/unsubscribe', { token }, { schema: unsubscribeResultSchema });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
