import type { SeasonConfig } from '@hit21/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPopulation } from '../../../../bench/standings-population.ts';
import { type DatabaseHandle, selectRows } from '../../../../src/db/database.ts';
import { findActiveSeason } from '../../../../src/plugins/app/season/season-repository.ts';
import { recomputeStandings } from '../../../../src/plugins/app/standings/rebuilding/recompute-standings.ts';
import { bruteForceRanking } from '../../../support/brute-force-ranking.ts';
import { createTestDatabase, engines } from '../../../support/test-database.ts';
import { readWholeBoard } from '../../../support/whole-board.ts';

const ENGINES = engines('both', 'standings SQL');

/*
 * The rebuild's bulk path (rekeyed-board-repository.ts): the stored board copied with only the
 * changed scorers' pickers re-keyed gives the same board as scoring everyone, for goals added
 * late, goals taken away and a goal moved to another footballer.
 */

const BEFORE = new Date('2025-09-05T12:00:00Z');
const AFTER = new Date('2025-10-20T12:00:00Z');

/** The stored rows in board order, and every block's count against its members in its range. */
async function storedBoard(db: DatabaseHandle['db'], seasonId: string) {
  const rows = await selectRows<{ user_id: string; status: string; total_goals: number; ord: string }>(
    db,
    sql`select user_id, status, total_goals, encode(ord, 'hex') as ord from standings
      where season_id = ${seasonId} order by ord`,
  );
  const blocks = await selectRows<{ board: string; name: string; counted: number; members: number }>(
    db,
    sql`select block.board, block.name, block.members, (
        select count(*)::int from standings as row where row.season_id = ${seasonId}
          and (block.board = 'global' or (block.board = 'country' and row.country = block.name)
            or (block.board = 'club' and row.club = block.name))
          and row.ord >= block.start and (block.next is null or row.ord < block.next)) as counted
      from (select board, name, start, members,
          lead(start) over (partition by board, name order by start) as next
        from standings_rank_blocks where season_id = ${seasonId} and board <> 'league') as block`,
  );
  return { rows, blocks };
}

describe.each(ENGINES)('a rebuild for goals on %s', (engine) => {
  let database: DatabaseHandle;
  let season: SeasonConfig;

  beforeAll(async () => {
    database = await createTestDatabase(engine, { prepare: true });
    season = await findActiveSeason(database.db);
    await addPopulation(database.db, {
      seasonId: season.id,
      size: 2_000,
      idPrefix: 'fan',
      seed: 11,
      twinEvery: 9,
    });
  });
  afterAll(async () => {
    await database.close();
  });

  it("re-keys only the changed scorers' pickers and gives the board a whole rebuild gives", async () => {
    expect(await recomputeStandings({ database, season, now: BEFORE })).toMatchObject({ method: 'scored' });
    // Corrections to goals the board counted: one taken away, one moved to another footballer.
    const [taken, moved] = await selectRows<{ player_id: string; fixture_id: number }>(
      database.db,
      sql`select goals.player_id, goals.fixture_id from goals join players on players.id = goals.player_id
        where players.season_id = ${season.id} and goals.kickoff_at <= ${BEFORE.toISOString()}
        order by goals.goals desc, goals.player_id limit 2`,
    );
    if (!taken || !moved) throw new Error('No goals to correct');
    await database.db.execute(
      sql`update goals set goals = goals - 1 where player_id = ${taken.player_id} and fixture_id = ${taken.fixture_id}`,
    );
    await database.db.execute(sql`update goals set player_id = (select id from players
        where season_id = ${season.id} and id <> ${moved.player_id} and position <> 'goalkeeper' order by id limit 1)
      where player_id = ${moved.player_id} and fixture_id = ${moved.fixture_id}`);

    const rekeyed = await recomputeStandings({
      database,
      season,
      now: AFTER,
      reason: 'goals counted changed',
    });
    expect(rekeyed).toMatchObject({ status: 'recomputed', method: 'rekeyed', members: 2_000 });
    const afterRekey = await storedBoard(database.db, season.id);
    const expected = await bruteForceRanking(database.db, season, AFTER);
    expect(afterRekey.rows.map((row) => row.user_id)).toEqual(expected.map((entry) => entry.userId));
    expect(afterRekey.rows.map((row) => [row.status, row.total_goals])).toEqual(
      expected.map((entry) => [entry.status, entry.total]),
    );
    expect(afterRekey.blocks.length).toBeGreaterThan(20);
    for (const block of afterRekey.blocks)
      expect(block.members, `${block.board} ${block.name}`).toBe(block.counted);
    expect(
      await readWholeBoard(database.db, { seasonId: season.id, board: { kind: 'global' }, pageSize: 41 }),
    ).toEqual(expected.map((entry, index) => ({ rank: index + 1, userId: entry.userId })));

    expect(await recomputeStandings({ database, season, now: AFTER })).toMatchObject({ method: 'scored' });
    expect((await storedBoard(database.db, season.id)).rows).toEqual(afterRekey.rows);
  });
});
