import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';

/**
 * The channel of migration 0029's triggers: the league (its id is the payload) lost an approved
 * member, its approved members or their last change moved, or it was deleted.
 */
export const LEAGUE_CHANGES_CHANNEL = 'league_changes';
/** How long a membership is trusted without news of a change (the bound should one be lost). */
const MEMBERSHIP_TTL_MS = 30_000;
const MEMBERSHIP_CACHE_MAX = 100_000;

/** What a league's standings need of an approved member's membership (`findLeagueMembership`). */
export interface KeptMembership {
  seasonId: string;
  /** The league's last change of approved members (`markLeagueMembersChanged`), as microseconds. */
  membersChangedAt: string;
  /** The league's approved members now. */
  approvedMembers: number;
  /** An approved member of the league (the admin is one): may see its standings. */
  isApproved: boolean;
}

export interface LeagueMembershipCacheOptions {
  /** The longest an entry is trusted without a change being heard. */
  ttlMs?: number;
  /** Entries kept at most (the least recently used go first). */
  max?: number;
}

/**
 * Approved members' memberships of one instance (decision 016), so that a league's standings
 * page, itself kept in the board cache, needs no read of the database: a member's, kept for
 * `ttlMs` at most, until their league changes (`forgetLeague`, on this instance's own change
 * before it answers and on every instance through migration 0029's NOTIFY). Anyone else (not
 * approved, or not a member) is read every time: nothing of theirs can go stale. A look-up that
 * was reading when its league was forgotten does not keep its answer.
 */
export function createLeagueMembershipCache(options: LeagueMembershipCacheOptions = {}) {
  const ttlMs = options.ttlMs ?? MEMBERSHIP_TTL_MS;
  const max = options.max ?? MEMBERSHIP_CACHE_MAX;
  /** The keys of each league's entries, so that forgetting a league reads only its own. */
  const keysOfLeague = new Map<string, Set<string>>();
  const entries = new LRUCache<string, { leagueId: string; membership: KeptMembership }>({
    max,
    ttl: ttlMs,
    dispose: (entry, key) => {
      const keys = keysOfLeague.get(entry.leagueId);
      keys?.delete(key);
      if (keys?.size === 0) keysOfLeague.delete(entry.leagueId);
    },
  });
  /** When each league's entries were last dropped, for look-ups that started before it. */
  const forgottenAt = new LRUCache<string, number>({ max, ttl: 2 * ttlMs });
  let clearedAt = 0;

  return {
    /**
     * The viewer's membership of the league: from memory, or `load`, whose answer is kept when
     * it is an approved member's and the league was not forgotten while it ran.
     */
    async lookup(
      leagueId: string,
      viewerId: string,
      load: () => Promise<KeptMembership | undefined>,
    ): Promise<KeptMembership | undefined> {
      const key = `${leagueId}|${viewerId}`;
      const kept = entries.get(key);
      if (kept) return kept.membership;
      const startedAt = performance.now();
      const found = await load();
      const isForgotten = (forgottenAt.get(leagueId) ?? 0) >= startedAt || clearedAt >= startedAt;
      if (found?.isApproved && !isForgotten) {
        entries.set(key, { leagueId, membership: found });
        keysOfLeague.set(leagueId, (keysOfLeague.get(leagueId) ?? new Set()).add(key));
      }
      return found;
    },
    /** Drops every membership of the league kept here. */
    forgetLeague(leagueId: string): void {
      forgottenAt.set(leagueId, performance.now());
      for (const key of [...(keysOfLeague.get(leagueId) ?? [])]) entries.delete(key);
    },
    /** Drops everything (an account deleted, or the change messages were interrupted). */
    clear(): void {
      clearedAt = performance.now();
      entries.clear();
    },
    get size(): number {
      return entries.size;
    },
  };
}

export type LeagueMembershipCache = ReturnType<typeof createLeagueMembershipCache>;

declare module 'fastify' {
  interface FastifyInstance {
    leagueMemberships: LeagueMembershipCache;
  }
}

/**
 * `fastify.leagueMemberships`: told of every league's change through the database (migration
 * 0029's triggers) and of every deleted account (`fastify.accountChanges`), whose memberships
 * go with it.
 */
export const leagueMembershipCachePlugin = fp<LeagueMembershipCacheOptions>(
  async (fastify, options) => {
    const cache = createLeagueMembershipCache(options);
    fastify.decorate('leagueMemberships', cache);
    fastify.accountChanges.subscribe(({ isDeleted }) => {
      if (isDeleted) cache.clear();
    });
    const unlisten = await fastify.database.listen(
      LEAGUE_CHANGES_CHANNEL,
      (leagueId) => {
        if (leagueId) cache.forgetLeague(leagueId);
      },
      // Changes may have been missed while the connection was down.
      { onReconnect: () => cache.clear() },
    );
    fastify.addHook('onClose', async () => {
      // The database may be gone already (an outage, or closed first): nothing left to stop then.
      await unlisten().catch((error: unknown) =>
        fastify.log.debug({ err: error }, 'Could not stop listening for league changes'),
      );
    });
  },
  { name: 'league-memberships', dependencies: ['db', 'auth'] },
);
