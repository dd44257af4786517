import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPopulation } from '../../../../bench/standings-population.ts';
import { type DatabaseHandle, openDatabase } from '../../../../src/db/database.ts';
import { findActiveSeason } from '../../../../src/plugins/app/season/season-repository.ts';
import { recomputeStandings } from '../../../../src/plugins/app/standings/rebuilding/recompute-standings.ts';
import { connectLockHolder, type LockHolder } from '../../../faults/support/blocked-work.ts';
import { createScratchDatabase } from '../../../support/test-database.ts';

/**
 * A league's page reads `league_standings` and then `standings` in one statement, while a swap
 * takes them in the other order. Found by the load test: the two deadlocked, and PostgreSQL ended
 * one of them (a 500 for the reader, or a failed recompute). Here a reader holds the league
 * table, the swap waits for it, and the reader then asks for the board.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the swap of a new board against readers', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: DatabaseHandle;
  let reader: LockHolder;

  beforeAll(async () => {
    scratch = await createScratchDatabase('prepared');
    database = await openDatabase({ engine: 'postgres', url: scratch.url });
    const season = await findActiveSeason(database.db);
    await addPopulation(database.db, { seasonId: season.id, size: 300, idPrefix: 'fan' });
    await recomputeStandings({ database, season, now: new Date('2025-09-05T12:00:00Z') });
    reader = await connectLockHolder(scratch.url);
  });
  afterAll(async () => {
    await reader?.close();
    await database?.close();
    await scratch?.drop();
  });

  it('lets a reader holding the league table finish, then swaps: no deadlock, no failed read', async () => {
    const season = await findActiveSeason(database.db);
    await reader.hold('select count(*) from league_standings');
    const recompute = recomputeStandings({ database, season, now: new Date('2026-01-05T12:00:00Z') });
    // The swap has the board and waits for the league table the reader holds.
    await reader.waitForBlocked('%league_standings%');
    const read = await reader.client.query<{ count: string }>('select count(*) from standings');
    expect(Number(read.rows[0]?.count)).toBe(300);
    await reader.release();
    await expect(recompute).resolves.toMatchObject({ status: 'recomputed', members: 300 });
  });
});
