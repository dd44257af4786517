import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { testConfig } from '../support/build-test-app.ts';
import { createTestDatabase } from '../support/test-database.ts';

describe('closing the server', () => {
  it('lets a request in flight finish, refuses new connections, then the database closes', async () => {
    const database = await createTestDatabase('pglite');
    const app = await buildApp({ config: testConfig(), database, logger: false });
    // Closing starts only once the request is inside its handler: a request still on its way
    // when the server starts closing is answered 503, as it should be.
    let reachedHandler!: () => void;
    const handlerReached = new Promise<void>((resolve) => {
      reachedHandler = resolve;
    });
    app.get('/api/test/slow', async () => {
      reachedHandler();
      await sleep(500);
      const [row] = await database.db
        .execute('select 1 as one')
        .then((result) => (result as unknown as { rows: { one: number }[] }).rows);
      return { one: row?.one };
    });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });

    const inFlight = fetch(`${url}/api/test/slow`);
    await handlerReached;
    const closing = app.close().then(() => database.close());

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ one: 1 });
    await closing;
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  });
});
