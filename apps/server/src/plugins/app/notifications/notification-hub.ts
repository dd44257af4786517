import fastifySse from '@fastify/sse';
import {
  type AppNotification,
  isSeasonOver,
  NOTIFICATION_LIMITS,
  type NotificationStreamEvent,
} from '@hit21/core';
import fp from 'fastify-plugin';
import { readOpenFileLimit } from '../../../config/open-file-limit.ts';
import { toAppNotification } from './list-notifications.ts';
import {
  NOTIFICATIONS_CHANNEL,
  type NotificationEvent,
  parseNotificationEvent,
} from './notification-events.ts';
import {
  findLiveSessionIds,
  findStreamNotificationRows,
  type StreamRowsQuery,
} from './notification-stream-repository.ts';
import type { NotificationRow } from './notifications-repository.ts';
import { type Admission, createStreamAdmission, defaultStreamCap } from './stream-admission.ts';

/** One open stream, as the route hands it to the hub. */
export interface HubStream {
  readonly userId: string;
  /** The session it was opened with: when that session ends, the stream closes. */
  readonly sessionId: string;
  send(event: NotificationStreamEvent): void;
  /** A comment line that keeps proxies from closing an idle stream. */
  ping(): void;
  /** Ends the response; the route then calls the remover `add` answered. */
  close(): void;
}

export interface NotificationHub {
  /** A slot for a new stream from `clientAddress`, or the refusal past a cap (stream-admission.ts). */
  admit(clientAddress: string): Admission;
  /**
   * Holds `stream` until the remover it answers is called (when the response closes), and
   * closes it at the end of its lifetime: the page reconnects (its `retry`) and reloads.
   */
  add(stream: HubStream): () => void;
  /** Closes every stream whose session was signed out, revoked or has expired: one query. */
  revalidateSessions(): Promise<void>;
  /** Pings every stream. */
  pingAll(): void;
  /** Open streams here, and the players they belong to. */
  counts(): { streams: number; players: number };
  /** Resolves when every event received so far has been handled (tests, benchmark). */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    notificationHub: NotificationHub;
  }
}

export const STREAM_PING_MS = 25_000;
export const SESSION_CHECK_MS = 30_000;
/**
 * A stream is ended after between (1 - this) and all of NOTIFICATION_STREAM_LIFETIME_SECONDS,
 * so that streams opened together do not all reconnect together.
 */
const LIFETIME_JITTER = 0.25;
/** Ids remembered per stream so that no notification is pushed to it twice. */
const RECENT_IDS_PER_STREAM = 256;

interface Entry {
  stream: HubStream;
  /** Insertion-ordered: the oldest is dropped first. */
  recent: Set<string>;
}

/**
 * The live side of notifications on one server instance: one LISTEN on the notifications
 * channel, and the streams open here by player. A `created` event reads the named rows of a
 * player connected here; `created-range` reads, in one query, the rows in the range that
 * belong to any player connected here; `sync` tells the player's pages to reload. A message
 * is only a hint: a page reloads from the store whenever it (re)connects.
 */
export const notificationHubPlugin = fp(
  async (fastify) => {
    // The stream route's SSE support (Accept negotiation off: the route always streams).
    await fastify.register(fastifySse, { heartbeatInterval: 0 });
    const byPlayer = new Map<string, Set<Entry>>();
    const { config } = fastify;
    const openFileLimit = readOpenFileLimit();
    const caps = {
      perClient: config.NOTIFICATION_STREAMS_PER_CLIENT,
      perInstance: config.NOTIFICATION_STREAMS_MAX ?? defaultStreamCap(openFileLimit),
      lifetimeSeconds: config.NOTIFICATION_STREAM_LIFETIME_SECONDS,
    };
    const admission = createStreamAdmission(caps, fastify.log);
    fastify.log.info(
      { ...caps, openFileLimit },
      `Live notification streams: at most ${caps.perInstance} on this instance, ${caps.perClient} per client address`,
    );
    let pending = new Set<Promise<void>>();

    const entriesOf = (userIds: readonly string[]) =>
      userIds.flatMap((userId) => [...(byPlayer.get(userId) ?? [])]);

    function deliver(rows: NotificationRow[]) {
      for (const row of rows) {
        const entries = byPlayer.get(row.userId);
        if (!entries) continue;
        let notification: AppNotification | undefined;
        for (const entry of entries) {
          const id = String(row.id);
          if (entry.recent.has(id)) continue;
          entry.recent.add(id);
          if (entry.recent.size > RECENT_IDS_PER_STREAM) {
            const oldest = entry.recent.values().next().value;
            if (oldest !== undefined) entry.recent.delete(oldest);
          }
          notification ??= toAppNotification(row);
          entry.stream.send({ event: 'notification', data: notification });
        }
      }
    }

    async function readRows(query: Omit<StreamRowsQuery, 'activeSeasonId' | 'isSeasonRunning'>) {
      // As the dropdown shows them (notification-summary.ts notificationScope).
      const season = await fastify.activeSeason.get();
      return findStreamNotificationRows(fastify.db, {
        ...query,
        activeSeasonId: season.id,
        isSeasonRunning: !isSeasonOver(season.gameweeks, fastify.clock()),
      });
    }

    async function handle(event: NotificationEvent) {
      switch (event.kind) {
        case 'created': {
          if (!byPlayer.has(event.userId) || event.ids.length === 0) return;
          deliver(await readRows({ userIds: [event.userId], ids: event.ids }));
          return;
        }
        case 'created-range': {
          if (byPlayer.size === 0 || event.toId < event.fromId) return;
          const range = { fromId: event.fromId, toId: event.toId };
          deliver(await readRows({ userIds: [...byPlayer.keys()], range }));
          return;
        }
        case 'sync': {
          for (const entry of entriesOf(event.userIds)) entry.stream.send({ event: 'sync', data: {} });
          return;
        }
      }
    }

    const unlisten = await fastify.database.listen(
      NOTIFICATIONS_CHANNEL,
      (payload) => {
        const event = parseNotificationEvent(payload);
        if (!event) {
          fastify.log.warn({ payload: payload.slice(0, 200) }, 'Ignored a malformed notifications message');
          return;
        }
        const work = handle(event).catch((error: unknown) =>
          // The pages reload from the store when they reconnect; nothing is lost for good.
          fastify.log.error({ err: error, kind: event.kind }, 'Could not stream new notifications'),
        );
        pending.add(work);
        work.finally(() => pending.delete(work));
      },
      {
        // Messages sent while the listening connection was down are gone: every page reloads.
        onReconnect() {
          fastify.log.warn(
            { streams: hub.counts().streams },
            'Notifications: listening again after a lost connection; every open stream syncs',
          );
          for (const entries of byPlayer.values())
            for (const entry of entries) entry.stream.send({ event: 'sync', data: {} });
        },
      },
    );

    const hub: NotificationHub = {
      admit: (clientAddress) => admission.admit(clientAddress),
      add(stream) {
        const entry: Entry = { stream, recent: new Set() };
        const lifetimeMs = caps.lifetimeSeconds * 1_000 * (1 - LIFETIME_JITTER * Math.random());
        const lifetime = setTimeout(() => stream.close(), lifetimeMs).unref();
        let entries = byPlayer.get(stream.userId);
        if (!entries) {
          entries = new Set();
          byPlayer.set(stream.userId, entries);
        }
        entries.add(entry);
        // Past the cap the oldest stream of the player closes (its tab will reconnect and displace another).
        if (entries.size > NOTIFICATION_LIMITS.streamsPerPlayer)
          entries.values().next().value?.stream.close();
        return () => {
          clearTimeout(lifetime);
          const current = byPlayer.get(stream.userId);
          if (!current?.delete(entry)) return;
          if (current.size === 0) byPlayer.delete(stream.userId);
        };
      },
      async revalidateSessions() {
        const entries = [...byPlayer.values()].flatMap((set) => [...set]);
        if (entries.length === 0) return;
        const live = await findLiveSessionIds(fastify.db, [
          ...new Set(entries.map((entry) => entry.stream.sessionId)),
        ]);
        for (const entry of entries) if (!live.has(entry.stream.sessionId)) entry.stream.close();
      },
      pingAll() {
        for (const entries of byPlayer.values()) for (const entry of entries) entry.stream.ping();
      },
      counts() {
        let streams = 0;
        for (const entries of byPlayer.values()) streams += entries.size;
        return { streams, players: byPlayer.size };
      },
      async settled() {
        while (pending.size > 0) await Promise.all(pending);
      },
    };
    fastify.decorate('notificationHub', hub);

    const pinger = setInterval(() => hub.pingAll(), STREAM_PING_MS).unref();
    const checker = setInterval(() => {
      hub.revalidateSessions().catch((error: unknown) => {
        fastify.log.warn({ err: error }, 'Could not check the sessions of open notification streams');
      });
    }, SESSION_CHECK_MS).unref();

    // A stream ends only at its lifetime: end them all before the server waits for its connections.
    fastify.addHook('preClose', async () => {
      clearInterval(pinger);
      clearInterval(checker);
      for (const entries of [...byPlayer.values()]) for (const entry of [...entries]) entry.stream.close();
    });
    fastify.addHook('onClose', async () => {
      // The database may be gone already (an outage, or closed first): nothing left to stop then.
      await unlisten().catch((error: unknown) =>
        fastify.log.debug({ err: error }, 'Could not stop listening for notifications'),
      );
      await hub.settled();
      pending = new Set();
    });
  },
  { name: 'notification-hub', dependencies: ['config', 'db', 'active-season'] },
);
