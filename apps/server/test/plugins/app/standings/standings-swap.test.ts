import type { SeasonConfig } from '@hit21/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPopulation } from '../../../../bench/standings-population.ts';
import { type DatabaseHandle, selectRows } from '../../../../src/db/database.ts';
import { findActiveSeason } from '../../../../src/plugins/app/season/season-repository.ts';
import { readLeaderboardPage } from '../../../../src/plugins/app/standings/reading/leaderboard-repository.ts';
import { recomputeStandings } from '../../../../src/plugins/app/standings/rebuilding/recompute-standings.ts';
import { createTestDatabase, engines } from '../../../support/test-database.ts';

const ENGINES = engines('both', 'standings SQL and table swaps');

const OLD_BOARD = { at: '2025-09-05T12:00:00.000Z', players: 12_000 };
const NEW_BOARD = { at: '2026-01-05T12:00:00.000Z', players: 12_500 };

describe.each(ENGINES)('replacing the stored board on %s', (engine) => {
  let database: DatabaseHandle;
  let season: SeasonConfig;

  beforeAll(async () => {
    database = await createTestDatabase(engine, { prepare: true });
    season = await findActiveSeason(database.db);
    await addPopulation(database.db, { seasonId: season.id, size: OLD_BOARD.players, idPrefix: 'old' });
    await recomputeStandings({ database, season, now: new Date(OLD_BOARD.at) });
    await addPopulation(database.db, {
      seasonId: season.id,
      size: NEW_BOARD.players - OLD_BOARD.players,
      idPrefix: 'new',
    });
  });
  afterAll(async () => {
    await database.close();
  });

  it('shows readers the old board or the new one, never a mix, while it recomputes', async () => {
    const seen: { players: number; inBlocks: number; distinctKeys: number; members: number; at: string }[] =
      [];
    const pages: { total: number; at: string | undefined; lastRank: number | undefined }[] = [];
    let isDone = false;
    const recompute = recomputeStandings({ database, season, now: new Date(NEW_BOARD.at) }).finally(() => {
      isDone = true;
    });
    async function read() {
      const [board] = await selectRows<{
        players: number;
        in_blocks: number;
        distinct_keys: number;
        members: number;
        at: Date | string;
      }>(
        database.db,
        sql`select (select count(*)::int from standings where season_id = ${season.id}) as players,
            (select sum(members)::int from standings_rank_blocks
              where season_id = ${season.id} and board = 'global' and name = '') as in_blocks,
            (select count(distinct ord)::int from standings where season_id = ${season.id}) as distinct_keys,
            members, computed_for as at
          from standings_state where season_id = ${season.id}`,
      );
      if (board) {
        seen.push({
          players: board.players,
          inBlocks: board.in_blocks,
          distinctKeys: board.distinct_keys,
          members: board.members,
          at: new Date(board.at).toISOString(),
        });
      }
      const last = await readLeaderboardPage(database.db, {
        seasonId: season.id,
        board: { kind: 'global' },
        page: Math.ceil(OLD_BOARD.players / 50),
        pageSize: 50,
      });
      pages.push({
        total: last.total,
        at: last.computedFor?.toISOString(),
        lastRank: last.rows.at(-1)?.rank,
      });
    }
    let readsWhileRunning = 0;
    while (!isDone) {
      await read();
      if (!isDone) readsWhileRunning += 1;
    }
    await recompute;
    await read();

    for (const board of seen) {
      const expected = board.at === OLD_BOARD.at ? OLD_BOARD : NEW_BOARD;
      expect(board.at).toBe(expected.at);
      expect([board.players, board.inBlocks, board.distinctKeys, board.members]).toEqual(
        Array(4).fill(expected.players),
      );
    }
    for (const page of pages) {
      expect(page).toEqual(
        page.at === OLD_BOARD.at
          ? { total: OLD_BOARD.players, at: OLD_BOARD.at, lastRank: OLD_BOARD.players }
          : { total: NEW_BOARD.players, at: NEW_BOARD.at, lastRank: OLD_BOARD.players },
      );
    }
    // PostgreSQL serves readers from other connections meanwhile; PGlite queues them behind the recompute.
    if (engine === 'postgres') {
      expect(readsWhileRunning).toBeGreaterThan(0);
      expect(seen.some((board) => board.at === OLD_BOARD.at)).toBe(true);
    }
    expect(seen.at(-1)?.at).toBe(NEW_BOARD.at);
  });
});
