import { AppError, type Profile, profileSchema } from '@hit21/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { takeVisitorHint } from '../session-hint.ts';

/**
 * The signed-in user's profile, or null when nobody is signed in. A visitor's first page does
 * not ask: the server said the request came without a session, and a 401 would only be noise
 * in the browser's console.
 */
export async function getProfile({ signal }: { signal?: AbortSignal } = {}): Promise<Profile | null> {
  if (takeVisitorHint()) return null;
  try {
    return await api.get('/api/profile', { schema: profileSchema, signal });
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAUTHENTICATED') return null;
    throw error;
  }
}

export function getProfileQueryOptions() {
  return queryOptions({ queryKey: ['profile'], queryFn: ({ signal }) => getProfile({ signal }) });
}

export function useProfile() {
  return useQuery(getProfileQueryOptions());
}
