import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../../src/app.ts';
import type { DatabaseHandle } from '../../../src/db/database.ts';
import { testConfig } from '../../support/build-test-app.ts';
import { createTestDatabase } from '../../support/test-database.ts';

/** Sends `request` on a fresh connection and resets it as soon as the bytes are out. */
async function sendAndReset(port: number, request: string) {
  const socket: Socket = connect({ host: '127.0.0.1', port });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.write(request, () => resolve()));
  socket.resetAndDestroy();
}

describe('a client that resets its connection right after its request', () => {
  let database: DatabaseHandle;
  let app: App;
  const written: string[] = [];
  let port: number;
  beforeAll(async () => {
    database = await createTestDatabase('pglite', { prepare: true });
    app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      database,
      logDestination: { write: (line) => written.push(line) },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('logs no error, and the server answers the next client', async () => {
    const requests = [
      'GET /api/waitlist/count HTTP/1.1\r\nHost: localhost\r\n\r\n',
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n',
      'GET /login HTTP/1.1\r\nHost: localhost\r\n\r\n',
      'POST /api/analytics/events HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
    ];
    for (let round = 0; round < 25; round += 1)
      await Promise.all(requests.map((request) => sendAndReset(port, request)));
    await sleep(300);
    const lines = written.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    const answer = await fetch(`http://127.0.0.1:${port}/api/waitlist/count`);
    expect(answer.status).toBe(200);
  });
});
