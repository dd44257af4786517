import type { SeasonConfig } from '@hit21/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPopulation } from '../../../../bench/standings-population.ts';
import { ADVISORY_LOCK_KEYS } from '../../../../src/db/advisory-locks.ts';
import { type DatabaseHandle, selectRows } from '../../../../src/db/database.ts';
import { findActiveSeason } from '../../../../src/plugins/app/season/season-repository.ts';
import { recomputeStandings } from '../../../../src/plugins/app/standings/rebuilding/recompute-standings.ts';
import { connectOtherInstance, createTestDatabase, engines } from '../../../support/test-database.ts';
import { GLOBAL_SCOPE, readWholeBoard } from '../../../support/whole-board.ts';

const ENGINES = engines('both', 'standings SQL');

const AFTER_GAMEWEEK_3 = new Date('2025-09-05T12:00:00Z');
const AFTER_GAMEWEEK_10 = new Date('2025-11-05T12:00:00Z');
/** Texts that CSV must quote: commas, quotes, a line break, and an apostrophe for good measure. */
const AWKWARD = {
  fullName: 'Zoë "The Wall" O\'Neil, Jr.\nSecond line',
  country: 'Korea, Republic of',
};

describe.each(ENGINES)('recomputing the stored board on %s', (engine) => {
  let database: DatabaseHandle;
  let season: SeasonConfig;
  let awkwardUserId: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine, { prepare: true });
    season = await findActiveSeason(database.db);
    const { userIds } = await addPopulation(database.db, { seasonId: season.id, size: 200 });
    awkwardUserId = userIds[7] ?? '';
    await database.db.execute(
      sql`update profiles set full_name = ${AWKWARD.fullName}, country = ${AWKWARD.country} where id = ${awkwardUserId}`,
    );
  });
  afterAll(async () => {
    await database.close();
  });

  /** The stored board in its order: each row's rank in it and its ranking key (hex). */
  async function storedBoard() {
    return selectRows<{
      user_id: string;
      global_rank: number;
      ord: string;
      full_name: string;
      country: string;
    }>(
      database.db,
      sql`select user_id, row_number() over (order by ord)::int as global_rank, encode(ord, 'hex') as ord,
          full_name, country
        from standings where season_id = ${season.id} order by ord`,
    );
  }

  it('stores names and countries with commas, quotes and line breaks exactly', async () => {
    const result = await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_3 });
    expect(result.status).toBe('recomputed');
    const board = await storedBoard();
    expect(board).toHaveLength(200);
    expect(new Set(board.map((row) => row.ord)).size).toBe(200);
    // The pages rank it as stored: its rank blocks count every member once, in `ord` order.
    const pages = await readWholeBoard(database.db, {
      seasonId: season.id,
      board: GLOBAL_SCOPE.board,
      pageSize: 37,
    });
    expect(pages).toEqual(board.map((row) => ({ rank: row.global_rank, userId: row.user_id })));
    const awkward = board.find((row) => row.user_id === awkwardUserId);
    expect(awkward).toMatchObject({ full_name: AWKWARD.fullName, country: AWKWARD.country });
    const [state] = await selectRows<{ countries: string[] }>(
      database.db,
      sql`select countries from standings_state where season_id = ${season.id}`,
    );
    expect(state?.countries).toContain(AWKWARD.country);
  });

  it('keeps every index of the stored table, under its own name, across recomputes', async () => {
    const indexNames = async (table: string) =>
      (
        await selectRows<{ indexname: string }>(
          database.db,
          sql`select indexname from pg_indexes where schemaname = current_schema() and tablename = ${table} order by indexname`,
        )
      ).map((row) => row.indexname);
    const before = await indexNames('standings');
    expect(before).toEqual([
      'standings_club_order_index',
      'standings_country_order_index',
      'standings_name_index',
      'standings_order_index',
      'standings_user_index',
    ]);
    await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_10 });
    expect(await indexNames('standings')).toEqual(before);
    expect(await indexNames('standings_next')).toEqual([]);
  });

  it("gives the rebuilt table the stored table's columns: names, types, collations and NOT NULL", async () => {
    const columns = () =>
      selectRows<{ column_name: string }>(
        database.db,
        sql`select column_name, data_type, collation_name, is_nullable, column_default from information_schema.columns
          where table_schema = current_schema() and table_name = 'standings' order by ordinal_position`,
      );
    const migrated = await columns();
    expect(migrated.find((column) => column.column_name === 'user_id')).toMatchObject({
      collation_name: 'C',
      is_nullable: 'NO',
    });
    await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_10 });
    expect(await columns()).toEqual(migrated);
  });

  it('stops before the swap, the stored board as it was, when the stored table has a column the rebuild leaves out', async () => {
    await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_3 });
    const before = await storedBoard();
    await database.db.execute(sql`alter table standings add column added_later integer`);
    try {
      await expect(recomputeStandings({ database, season, now: AFTER_GAMEWEEK_10 })).rejects.toThrow(
        /The rebuilt board's columns .* are not the stored board's .*added_later/,
      );
      expect(await storedBoard()).toEqual(before);
    } finally {
      await database.db.execute(sql`alter table standings drop column if exists added_later`);
    }
    expect((await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_10 })).status).toBe(
      'recomputed',
    );
  });

  it('clears away the half-built table of a recompute that was cut off', async () => {
    await database.db.execute(sql`drop table if exists standings_next`);
    await database.db.execute(sql`create table standings_next (leftover int)`);
    await database.db.execute(sql`insert into standings_next values (1)`);
    const result = await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_3 });
    expect(result.status).toBe('recomputed');
    expect(await storedBoard()).toHaveLength(200);
    const [leftover] = await selectRows<{ name: string | null }>(
      database.db,
      sql`select to_regclass('standings_next')::text as name`,
    );
    expect(leftover?.name).toBeNull();
  });

  it('runs one recompute at a time in this process: a second call meanwhile is busy', async () => {
    const first = recomputeStandings({ database, season, now: AFTER_GAMEWEEK_10 });
    const second = await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_10 });
    expect(second).toEqual({ status: 'busy' });
    expect((await first).status).toBe('recomputed');
    // And the next one runs again once the first is done.
    expect((await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_10 })).status).toBe(
      'recomputed',
    );
  });

  it.runIf(engine === 'postgres')(
    'is busy while another instance holds the lock, and leaves its board alone',
    async () => {
      const before = await storedBoard();
      const otherInstance = await connectOtherInstance(database);
      try {
        await otherInstance.query('select pg_advisory_lock($1)', [ADVISORY_LOCK_KEYS.standingsRecompute]);
        expect(await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_3 })).toEqual({
          status: 'busy',
        });
        expect(await storedBoard()).toEqual(before);
        await otherInstance.query('select pg_advisory_unlock($1)', [ADVISORY_LOCK_KEYS.standingsRecompute]);
        expect((await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_3 })).status).toBe(
          'recomputed',
        );
      } finally {
        await otherInstance.end();
      }
    },
  );

  it.runIf(engine === 'postgres')(
    'waits for a placement in another instance to commit, then recomputes',
    async () => {
      const otherInstance = await connectOtherInstance(database);
      try {
        // A placement holds off rebuilds for its transaction (holdOffRebuilds).
        await otherInstance.query('begin');
        await otherInstance.query('select pg_advisory_xact_lock_shared($1)', [
          ADVISORY_LOCK_KEYS.standingsRecompute,
        ]);
        let settled = false;
        const recompute = recomputeStandings({ database, season, now: AFTER_GAMEWEEK_3 }).finally(() => {
          settled = true;
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(settled).toBe(false);
        await otherInstance.query('commit');
        expect((await recompute).status).toBe('recomputed');
      } finally {
        await otherInstance.end();
      }
    },
  );

  it('leaves the stored board as it was when an index cannot be built, and frees the lock', async () => {
    await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_10 });
    const laterBoard = await storedBoard();
    const later = new Map(laterBoard.map((row) => [row.user_id, row.global_rank]));
    const laterOrd = new Map(laterBoard.map((row) => [row.user_id, row.ord]));
    await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_3 });
    const before = await storedBoard();
    const moved = before.find((row) => laterOrd.get(row.user_id) !== row.ord);
    if (!moved) throw new Error('Nobody moved between the two moments');
    // An index the old board satisfies and the new one cannot: it divides by zero at the mover's new key.
    await database.db.execute(
      sql.raw(`create index standings_test_breaker on standings ((1 / (ord <> '\\x${laterOrd.get(moved.user_id)}'::bytea)::int))
        where user_id = '${moved.user_id}'`),
    );
    try {
      await expect(recomputeStandings({ database, season, now: AFTER_GAMEWEEK_10 })).rejects.toThrow(
        /CREATE INDEX standings_test_breaker_next/,
      );
      expect(await storedBoard()).toEqual(before);
      await database.db.execute(sql`drop index standings_test_breaker`);
      expect((await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_10 })).status).toBe(
        'recomputed',
      );
      expect(new Map((await storedBoard()).map((row) => [row.user_id, row.global_rank]))).toEqual(later);
    } finally {
      await database.db.execute(sql`drop index if exists standings_test_breaker`);
    }
  });
});
