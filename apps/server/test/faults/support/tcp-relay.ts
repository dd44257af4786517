import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { findFreePort } from '../../support/server-processes.ts';

/**
 * A TCP relay on loopback between the server and PostgreSQL: closing it is the database
 * vanishing for the server (every connection cut, new ones refused) while the real PostgreSQL,
 * which other tests use, keeps running.
 */
export interface TcpRelay {
  /** `databaseUrl` (on the relayed PostgreSQL server) with its host and port pointing at the relay. */
  relayed(databaseUrl: string): string;
  /** Stops accepting and destroys every open connection, both ways. */
  close(): Promise<void>;
  /** Accepts connections again, on the same port. */
  open(): Promise<void>;
}

export async function startTcpRelay(target: { host: string; port: number }): Promise<TcpRelay> {
  const port = await findFreePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;

  function accept(incoming: Socket) {
    const outgoing = tcpConnect(target.port, target.host);
    for (const socket of [incoming, outgoing]) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      // Either end failing ends both: the other side sees its connection drop, as in an outage.
      socket.on('error', () => {
        incoming.destroy();
        outgoing.destroy();
      });
    }
    incoming.pipe(outgoing);
    outgoing.pipe(incoming);
  }

  async function open() {
    if (server) return;
    const listening = createServer(accept);
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => resolve());
    });
    server = listening;
  }

  await open();
  return {
    relayed(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    async close() {
      const closing = server;
      server = undefined;
      const closed = new Promise<void>((resolve) => (closing ? closing.close(() => resolve()) : resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    open,
  };
}
