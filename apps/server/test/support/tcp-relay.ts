import { type AddressInfo, connect, createServer, type Socket } from 'node:net';

/**
 * A TCP relay on loopback in front of a PostgreSQL server: stopping it is the database going
 * away for whoever connects through it (every connection cut, new ones refused), while the
 * real server, which other tests use, keeps running.
 */
export interface TcpRelay {
  port: number;
  /** `databaseUrl` (a database on the target server) reached through the relay. */
  relayed(databaseUrl: string): string;
  /** Stops accepting and destroys every open connection, both ways. */
  stop(): Promise<void>;
  /** Accepts connections again, on the same port. */
  start(): Promise<void>;
}

export async function startTcpRelay(target: string): Promise<TcpRelay> {
  const { hostname, port: targetPort } = new URL(target);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(targetPort || 5432), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      // Either end failing ends both: the other side sees its connection drop.
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  const port = await listen(0);
  return {
    port,
    relayed(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    async stop() {
      if (!server.listening) return;
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async start() {
      if (!server.listening) await listen(port);
    },
  };
}
