import pg from 'pg';

export type NotificationHandler = (payload: string) => void;

export interface ListenOptions {
  /**
   * Called once the channel is listened to again after the connection was lost: messages sent
   * in between were missed, so the listener looks again at what it keeps up to date.
   */
  onReconnect?: () => void;
}

interface Listener {
  onMessage: NotificationHandler;
  onReconnect?: () => void;
  /** The connection dropped since it last listened: tell it once the channel is back. */
  hasMissed: boolean;
}

/** Channel names go into LISTEN unquoted (PGlite quotes nothing either): plain lower-case identifiers only. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertChannelName(channel: string): void {
  if (!CHANNEL_NAME.test(channel)) {
    throw new Error(`"${channel}" is not a notification channel name (lower-case letters, digits and _)`);
  }
}

/**
 * Delays between attempts to reconnect a lost listening connection: never more than 2 s apart,
 * so the server hears changes again within about 2 s of its database's return.
 */
const RECONNECT_DELAYS_MS = [100, 500, 1_000, 2_000];

export interface PostgresListener {
  listen(
    channel: string,
    onMessage: NotificationHandler,
    options?: ListenOptions,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * LISTEN on a PostgreSQL server through one dedicated connection (a pooled one would be handed
 * to other work and lose its LISTENs). The connection opens with the first listener; when it
 * drops, it is opened again and every channel is listened to again. A notification sent while
 * it was down is lost, so a listener treats a message as "look again", never as the only copy
 * of a change, and learns through `onReconnect` when it should look again by itself.
 */
export function createPostgresListener(
  connectionString: string,
  onError: (error: unknown) => void,
): PostgresListener {
  const handlers = new Map<string, Set<Listener>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let isClosed = false;

  async function connect(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString, application_name: 'hit21-listener' });
    next.on('notification', (message) => {
      for (const listener of handlers.get(message.channel) ?? []) {
        try {
          listener.onMessage(message.payload ?? '');
        } catch (error) {
          onError(error);
        }
      }
    });
    next.on('error', (error) => {
      onError(error);
      dropped(next);
    });
    next.on('end', () => dropped(next));
    try {
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`LISTEN ${channel}`);
    } catch (error) {
      // Connected but not listening (the server went away again): not left open.
      next.end().catch(() => {});
      throw error;
    }
    return next;
  }

  function dropped(lost: pg.Client, attempt = 0) {
    if (client !== lost || isClosed) return;
    client = undefined;
    for (const listeners of handlers.values()) for (const listener of listeners) listener.hasMissed = true;
    lost.end().catch(() => {});
    scheduleReconnect(attempt);
  }

  function scheduleReconnect(attempt: number) {
    if (isClosed || reconnectTimer) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      if (isClosed || handlers.size === 0) return;
      connection().catch((error: unknown) => {
        // The loss itself was reported: of the attempts while the database is away, only the first.
        if (attempt === 0) onError(error);
        scheduleReconnect(attempt + 1);
      });
    }, delay);
    reconnectTimer.unref();
  }

  /** Every listener that missed messages while the connection was down hears it is back. */
  function announceReconnect() {
    for (const listeners of handlers.values()) {
      for (const listener of listeners) {
        if (!listener.hasMissed) continue;
        listener.hasMissed = false;
        try {
          listener.onReconnect?.();
        } catch (error) {
          onError(error);
        }
      }
    }
  }

  function connection(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= connect()
      .then((connected) => {
        if (isClosed) {
          connected.end().catch(() => {});
          throw new Error('The database is closed');
        }
        client = connected;
        announceReconnect();
        return connected;
      })
      .finally(() => {
        connecting = undefined;
      });
    return connecting;
  }

  return {
    async listen(channel, onMessage, options = {}) {
      assertChannelName(channel);
      const isNewChannel = !handlers.has(channel);
      const channelHandlers = handlers.get(channel) ?? new Set();
      const listener: Listener = { onMessage, onReconnect: options.onReconnect, hasMissed: false };
      channelHandlers.add(listener);
      handlers.set(channel, channelHandlers);
      try {
        const listening = await connection();
        // A fresh connection has listened to every channel already.
        if (isNewChannel) await listening.query(`LISTEN ${channel}`);
      } catch (error) {
        channelHandlers.delete(listener);
        if (channelHandlers.size === 0) handlers.delete(channel);
        throw error;
      }
      return async () => {
        channelHandlers.delete(listener);
        if (channelHandlers.size > 0 || handlers.get(channel) !== channelHandlers) return;
        handlers.delete(channel);
        await client?.query(`UNLISTEN ${channel}`);
      };
    },
    async close() {
      isClosed = true;
      clearTimeout(reconnectTimer);
      handlers.clear();
      const open = client ?? (await connecting?.catch(() => undefined));
      client = undefined;
      await open?.end().catch(() => {});
    },
  };
}
