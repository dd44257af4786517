import { rm } from 'node:fs/promises';
import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Executor, selectRows } from '../../src/db/database.ts';
import { likePattern } from '../../src/db/name-folding.ts';
import { latestMigrationTag, readSchemaVersion } from '../../src/db/schema-version.ts';
import { migrateTo, migrationsUpTo } from '../support/migrations.ts';
import { createTestDatabase, engines } from '../support/test-database.ts';

const ENGINES = engines('both', 'migrations of the stored boards');

/**
 * The migrations of the stored boards before they were keyed by `ord` (0036, which empties them
 * for a rebuild: stable-key-migration.test.ts). Each test reads what its migration made at 0035,
 * as the server of then read it, then migrates to the end and checks what is kept.
 */
const LAST_PLACED_BOARD = '0035_standings_partitioned_by_season';

/** Until 0036: 2^28 between two places of a rebuilt board (0024), a rank block 1,000 places. */
const POSITION_STRIDE = 2 ** 28;
const BLOCK_SPAN = 1000 * POSITION_STRIDE;
const rebuiltPosition = (rank: number) => rank * POSITION_STRIDE - POSITION_STRIDE / 2;

type PlacedBoard = { kind: 'global' } | { kind: 'country' | 'club' | 'league'; name: string };

/**
 * A board's ranks as the server read them until 0036, from the places and the rank blocks: the
 * members of the board's earlier blocks, then those of its own block up to the member.
 */
async function placedRanks(db: Executor, board: PlacedBoard): Promise<[string, number][]> {
  const name = board.kind === 'global' ? '' : board.name;
  const filters: Record<PlacedBoard['kind'], SQL> = {
    global: sql`true`,
    country: sql`country = ${name}`,
    club: sql`club = ${name}`,
    league: sql`league_id = ${name}::uuid`,
  };
  const table = board.kind === 'league' ? sql`league_standings` : sql`standings`;
  const rows = await selectRows<{ user_id: string; rank: number }>(
    db,
    sql`with member as (select user_id, position, (position - 1) / ${BLOCK_SPAN}::bigint as block
        from ${table} where season_id = '2025-26' and ${filters[board.kind]})
      select m.user_id, (coalesce((select sum(b.members) from standings_rank_blocks b
          where b.season_id = '2025-26' and b.board = ${board.kind} and b.name = ${name} and b.block < m.block), 0)
        + (select count(*) from member o where o.block = m.block and o.position <= m.position))::int as rank
      from member m order by m.position`,
  );
  return rows.map((row) => [row.user_id, row.rank]);
}

/** The members whose name contains `text`, as the name search read them: the names table, then the rows. */
async function nameSearch(db: Executor, text: string): Promise<string[]> {
  const rows = await selectRows<{ user_id: string }>(
    db,
    sql`select user_id from standings where search_name in
        (select search_name from standings_names where search_name like lower(${likePattern(text)}))
      order by position`,
  );
  return rows.map((row) => row.user_id);
}

describe.each(ENGINES)('migrations of the placed boards on %s', (engine) => {
  /** Fills a database migrated to `fromTag`, checks it at 0035, then migrates it to the end and checks what is kept. */
  async function migrateBoard(
    fromTag: string,
    fill: (db: Executor) => Promise<void>,
    checks: { placed: (db: Executor) => Promise<void>; kept?: (db: Executor) => Promise<void> },
  ) {
    const database = await createTestDatabase(engine, { migrate: false });
    const [before, placed] = await Promise.all([migrationsUpTo(fromTag), migrationsUpTo(LAST_PLACED_BOARD)]);
    try {
      await migrateTo(database, before);
      await fill(database.db);
      await migrateTo(database, placed);
      await checks.placed(database.db);
      await database.migrate();
      expect(await readSchemaVersion(database.db)).toBe(await latestMigrationTag());
      await checks.kept?.(database.db);
    } finally {
      await database.close();
      await Promise.all([before, placed].map((folder) => rm(folder, { recursive: true, force: true })));
    }
  }

  it('upgrade a stored board to the stored search names, and mark it stale for a rebuild', async () => {
    const inputsVersion = async (db: Executor) =>
      (await selectRows<{ version: number }>(db, sql`select version::int from standings_inputs`))[0]?.version;
    await migrateBoard(
      '0004_standings',
      async (db) => {
        await db.execute(sql`insert into standings_inputs (id, version) values (1, 7)`);
        await db.execute(sql`insert into standings (season_id, user_id, status, total_goals, global_rank,
            country_rank, club_rank, full_name, country, club)
          values ('2025-26', 'u1', 'safe', 12, 1, 1, 1, 'Zoë McALLISTER', 'Ireland', 'Arsenal')`);
      },
      {
        placed: async (db) => {
          const rows = await selectRows<{ search_name: string }>(db, sql`select search_name from standings`);
          // 0031 folds the name's accents.
          expect(rows).toEqual([{ search_name: 'zoe mcallister' }]);
          // 0005 marks the board stale, 0007 (stored names cleaned) once more, and 0023 (a board
          // must list the scorers it was ranked with) again.
          expect(await inputsVersion(db)).toBe(10);
        },
        // 0036 leaves the version alone: its board, emptied, has no state, which asks for a rebuild.
        kept: async (db) => expect(await inputsVersion(db)).toBe(10),
      },
    );
  });

  it("upgrade stored league standings to carry the board's search names", async () => {
    await migrateBoard(
      '0010_league_members_page_keys',
      async (db) => {
        await db.execute(sql`insert into standings (season_id, user_id, status, total_goals, global_rank,
            country_rank, club_rank, full_name, search_name, country, club)
          values ('2025-26', 'u1', 'safe', 12, 1, 1, 1, 'Zoë McAllister', 'zoë mcallister', 'Ireland', 'Arsenal')`);
        await db.execute(sql`insert into league_standings (season_id, league_id, user_id, league_rank)
          values ('2025-26', '00000000-0000-4000-8000-000000000001', 'u1', 1),
            ('2025-26', '00000000-0000-4000-8000-000000000001', 'gone', 2)`);
      },
      {
        placed: async (db) => {
          // The row the board no longer held has no place on it: migration 0022 let it go. 0031
          // folds the name's accents.
          expect(
            await selectRows(db, sql`select user_id, search_name from league_standings order by position`),
          ).toEqual([{ user_id: 'u1', search_name: 'zoe mcallister' }]);
        },
      },
    );
  });

  it("number a stored board's countries and clubs from its global order, as a rebuild would", async () => {
    await migrateBoard(
      '0019_board_index_keys',
      async (db) => {
        await db.execute(sql`insert into standings (season_id, user_id, status, total_goals, global_rank,
            country_rank, club_rank, full_name, search_name, country, club)
          values ('2025-26', 'u1', 'safe', 12, 1, 1, 1, 'Ann', 'ann', 'Ireland', 'Arsenal'),
            ('2025-26', 'u2', 'safe', 11, 2, 1, 1, 'Bea', 'bea', 'France', 'Chelsea'),
            ('2025-26', 'u3', 'safe', 10, 3, 2, 2, 'Cai', 'cai', 'Ireland', 'Chelsea')`);
      },
      {
        placed: async (db) => {
          expect(await placedRanks(db, { kind: 'country', name: 'Ireland' })).toEqual([
            ['u1', 1],
            ['u3', 2],
          ]);
          expect(await placedRanks(db, { kind: 'club', name: 'Chelsea' })).toEqual([
            ['u2', 1],
            ['u3', 2],
          ]);
        },
      },
    );
  });

  it('upgrade a stored board and its leagues from ranks to places, numbered as a rebuild would', async () => {
    const league = '00000000-0000-4000-8000-000000000001';
    await migrateBoard(
      '0021_catalog_folded_names',
      async (db) => {
        // A board past one rank block (1,000 places), and a league of every third member.
        await db.execute(sql`insert into standings (season_id, user_id, status, total_goals, global_rank,
            full_name, search_name, country, club)
          select '2025-26', 'u' || n, 'safe', 12, n, 'Fan ' || n, 'fan ' || n,
            case when n % 2 = 0 then 'Ireland' else 'France' end, 'Arsenal'
          from generate_series(1, 1500) as n`);
        await db.execute(sql`insert into league_standings (season_id, league_id, user_id, league_rank, search_name)
          select '2025-26', ${league}::uuid, 'u' || (3 * n), n, 'fan ' || (3 * n) from generate_series(1, 500) as n`);
      },
      { placed: (db) => checkPlacedBoard(db, league) },
    );
  });

  it("give a stored board's names their own trigram index, the board a b-tree in byte order", async () => {
    const namesKept = async (db: Executor) =>
      (
        await selectRows<{ search_name: string }>(db, sql`select search_name from standings_names order by 1`)
      ).map((row) => row.search_name);
    const folded = ['sam smith 1', 'sam smith 3', 'sam smith 5', 'zoe mcallister'];
    await migrateBoard(
      '0029_league_changes',
      async (db) => {
        await db.execute(sql`insert into standings (season_id, user_id, status, total_goals, position,
            full_name, search_name, country, club)
          select '2025-26', 'u' || n, 'safe', 12, n, name, lower(name), 'Ireland', 'Arsenal'
          from generate_series(1, 6) as n,
            lateral (select case when n % 2 = 0 then 'Zoë McAllister' else 'Sam Smith ' || n end as name) as named`);
      },
      {
        placed: async (db) => {
          expect(await namesKept(db)).toEqual(folded);
          expect(await nameSearch(db, 'mcalli')).toEqual(['u2', 'u4', 'u6']);
          expect(await nameSearch(db, 'zoë')).toEqual(['u2', 'u4', 'u6']);
          expect(await nameSearch(db, 'smith 3')).toEqual(['u3']);
        },
        // The names outlive the emptied board until the next rebuild's tidy; the column's order too.
        kept: async (db) => {
          expect(await namesKept(db)).toEqual(folded);
          const [column] = await selectRows<{ collation_name: string }>(
            db,
            sql`select collation_name from information_schema.columns where table_name = 'standings' and column_name = 'search_name'`,
          );
          expect(column?.collation_name).toBe('C');
        },
      },
    );
  });

  it("move every stored season's rows to a partition of its own, the rest to the default one", async () => {
    await migrateBoard(
      '0034_search_totals_capped',
      async (db) => {
        for (const [seasonId, userId, position] of [
          ['2025-26', 'u1', 1],
          ['2025-26', 'u2', 2],
          ['2026-27', 'u1', 1],
          ['a season?', 'u3', 1],
        ] as const) {
          await db.execute(sql`insert into standings (season_id, user_id, status, total_goals, position,
              full_name, search_name, country, club)
            values (${seasonId}, ${userId}, 'safe', 3, ${position}, 'Ann', 'ann', 'Ireland', 'Arsenal')`);
        }
      },
      {
        placed: async (db) => {
          expect(
            await selectRows(
              db,
              sql`select tableoid::regclass::text as partition, season_id, user_id from standings order by 1, 3`,
            ),
          ).toEqual([
            { partition: 'standings_2025_26', season_id: '2025-26', user_id: 'u1' },
            { partition: 'standings_2025_26', season_id: '2025-26', user_id: 'u2' },
            { partition: 'standings_2026_27', season_id: '2026-27', user_id: 'u1' },
            { partition: 'standings_default', season_id: 'a season?', user_id: 'u3' },
          ]);
        },
        // Unlogged, as a rebuild makes them: a crash empties every board, and the check rebuilds it.
        kept: async (db) => {
          const persistence = await selectRows<{ relpersistence: string }>(
            db,
            sql`select distinct relpersistence from pg_class
              where relname in ('standings_2025_26', 'standings_2026_27', 'standings_default', 'league_standings_default')`,
          );
          expect(persistence).toEqual([{ relpersistence: 'u' }]);
        },
      },
    );
  });
});

/** The board of 0022's test at 0035: its places, its global, country and league ranks, its league's blocks. */
async function checkPlacedBoard(db: Executor, league: string): Promise<void> {
  expect(await placedRanks(db, { kind: 'global' })).toEqual(
    Array.from({ length: 1500 }, (_, index) => [`u${index + 1}`, index + 1]),
  );
  // Numbered by 0022 at the old spacing, spread 256 times wider by 0024: as a rebuild placed them.
  expect(
    await selectRows(
      db,
      sql`select user_id, position::text from standings where user_id in ('u1', 'u1001', 'u1500') order by position`,
    ),
  ).toEqual(
    [1, 1001, 1500].map((rank) => ({ user_id: `u${rank}`, position: String(rebuiltPosition(rank)) })),
  );
  expect(await placedRanks(db, { kind: 'country', name: 'Ireland' })).toEqual(
    Array.from({ length: 750 }, (_, index) => [`u${2 * (index + 1)}`, index + 1]),
  );
  expect(await placedRanks(db, { kind: 'league', name: league })).toEqual(
    Array.from({ length: 500 }, (_, index) => [`u${3 * (index + 1)}`, index + 1]),
  );
  // Its ranks come from its blocks: 333 members in the first thousand places, 167 after, one chunk.
  expect(
    await selectRows(
      db,
      sql`select block, members from standings_rank_blocks where board = 'league' and name = ${league} order by block`,
    ),
  ).toEqual([
    { block: 0, members: 333 },
    { block: 1, members: 167 },
  ]);
  expect(
    await selectRows(
      db,
      sql`select chunk, members_before, members from standings_rank_chunks where board = 'league' and name = ${league}`,
    ),
  ).toEqual([{ chunk: 0, members_before: 0, members: 500 }]);
}
