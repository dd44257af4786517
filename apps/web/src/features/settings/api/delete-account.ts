import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Deletes the signed-in account and all its sessions. */
export async function deleteAccount(): Promise<void> {
  await api.post('/api/deleteAccount');
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
