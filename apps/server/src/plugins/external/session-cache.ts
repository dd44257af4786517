import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** What a session look-up answers that the routes use: the session's user, and when it ends. */
export interface CachedSession<User> {
  user: User;
  userId: string;
  expiresAt: Date;
}

export interface SessionCacheOptions {
  /** The longest an entry is trusted without a change being heard (the bound if a message is lost). */
  ttlMs: number;
  /** Entries kept at most (the least recently used go first). */
  max: number;
}

/**
 * Session look-ups of one instance (decision 016), keyed by a SHA-256 digest of the request's
 * whole Cookie header (never the token itself): the same header gives better-auth the same
 * signed token, so the same answer while the session stands. Only sessions found are kept,
 * for `ttlMs` at most and never past the session's own end. `forgetUser` drops every entry of
 * a user at once (sign-out, revocation, password reset, deletion, a changed user row); a
 * look-up that was already reading when that happened does not keep its answer.
 */
export function createSessionCache<User>(options: SessionCacheOptions) {
  /** The keys of each user's entries, so that forgetting a user reads only theirs. */
  const keysOfUser = new Map<string, Set<string>>();
  const entries = new LRUCache<string, CachedSession<User>>({
    max: options.max,
    ttl: options.ttlMs,
    dispose: (entry, key) => {
      const keys = keysOfUser.get(entry.userId);
      keys?.delete(key);
      if (keys?.size === 0) keysOfUser.delete(entry.userId);
    },
  });
  /** When each user's entries were last dropped, for look-ups that started before it. */
  const forgottenAt = new LRUCache<string, number>({ max: options.max, ttl: 60_000 });
  let clearedAt = 0;

  function forget(userId: string): void {
    forgottenAt.set(userId, performance.now());
    for (const key of [...(keysOfUser.get(userId) ?? [])]) entries.delete(key);
  }

  return {
    /**
     * The session of `cookieHeader`: from memory, or `load` (better-auth's look-up), whose
     * answer is kept unless the user was forgotten while it ran.
     */
    async lookup(
      cookieHeader: string | undefined,
      load: () => Promise<CachedSession<User> | null>,
    ): Promise<CachedSession<User> | null> {
      if (!cookieHeader) return load();
      const key = createHash('sha256').update(cookieHeader).digest('base64url');
      const cached = entries.get(key);
      if (cached && cached.expiresAt.getTime() > Date.now()) return cached;
      const startedAt = performance.now();
      const found = await load();
      if (!found) return null;
      const lifeMs = Math.min(options.ttlMs, found.expiresAt.getTime() - Date.now());
      const isForgotten = (forgottenAt.get(found.userId) ?? 0) >= startedAt || clearedAt >= startedAt;
      if (lifeMs > 0 && !isForgotten) {
        entries.set(key, found, { ttl: lifeMs });
        keysOfUser.set(found.userId, (keysOfUser.get(found.userId) ?? new Set()).add(key));
      }
      return found;
    },
    forgetUser: forget,
    /** Drops everything (the change messages were interrupted: some may be lost). */
    clear(): void {
      clearedAt = performance.now();
      entries.clear();
    },
    get size(): number {
      return entries.size;
    },
  };
}

export type SessionCache<User> = ReturnType<typeof createSessionCache<User>>;
