import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../src/app.ts';
import type { Database, DatabaseHandle } from '../../../src/db/database.ts';
import * as schema from '../../../src/db/schema/index.ts';
import { send, signUpOnboarded } from '../../support/accounts.ts';
import { buildTestApp, clockAt } from '../../support/build-test-app.ts';
import { createTestDatabase } from '../../support/test-database.ts';

const BEFORE_DEADLINE = '2025-08-10T12:00:00Z';

/** Reads of the season row: what `findActiveSeason` issues once per look-up. */
const SEASON_READ = /from "seasons"/;

/**
 * The app on an embedded database whose every statement is recorded: the same connection,
 * seen through a Drizzle instance with a query logger.
 */
async function recordingDatabase(): Promise<{ handle: DatabaseHandle; statements: string[] }> {
  const handle = await createTestDatabase('pglite', { prepare: true });
  const statements: string[] = [];
  const client = (handle.db as unknown as { $client: Parameters<typeof drizzlePglite>[0] }).$client;
  const db = drizzlePglite({
    client: client as never,
    schema,
    logger: { logQuery: (query) => statements.push(query) },
  }) as unknown as Database;
  return { handle: { ...handle, db }, statements };
}

describe('the active season', () => {
  let app: App;
  let handle: DatabaseHandle;
  let statements: string[];
  const seasonReads = () => statements.filter((statement) => SEASON_READ.test(statement)).length;

  beforeAll(async () => {
    ({ handle, statements } = await recordingDatabase());
    app = await buildTestApp(handle, { clock: clockAt(BEFORE_DEADLINE) });
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  it('is read from the database once for many requests, not once per step of each', async () => {
    const { cookie } = await signUpOnboarded(app);
    const players = (await send(app, 'GET', '/api/players', { cookie })).json().players as {
      id: string;
      position: string;
    }[];
    const four = players.filter((player) => player.position !== 'goalkeeper').slice(0, 4);
    app.activeSeason.forget();
    statements.length = 0;

    const responses = [
      await send(app, 'GET', '/api/season'),
      await send(app, 'GET', '/api/clubs'),
      await send(app, 'GET', '/api/players', { cookie }),
      await send(app, 'PUT', '/api/squad', { cookie, body: { playerIds: four.map((player) => player.id) } }),
      await send(app, 'GET', '/api/squad', { cookie }),
      await send(app, 'GET', '/api/squad/goals', { cookie }),
      await send(app, 'GET', '/api/leaderboard/global', { cookie }),
    ];
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    expect(seasonReads()).toBe(1);
  });

  it('is read again once forgotten (after season data is loaded)', async () => {
    statements.length = 0;
    await send(app, 'GET', '/api/season');
    expect(seasonReads()).toBe(0);
    app.activeSeason.forget();
    await send(app, 'GET', '/api/season');
    await send(app, 'GET', '/api/season');
    expect(seasonReads()).toBe(1);
  });
});
