import type { SeasonConfig } from '@hit21/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPopulation } from '../../../../bench/standings-population.ts';
import { type DatabaseHandle, selectRows } from '../../../../src/db/database.ts';
import { findActiveSeason } from '../../../../src/plugins/app/season/season-repository.ts';
import { markMemberChanged } from '../../../../src/plugins/app/standings/placing/member-changes-repository.ts';
import { placeMemberChanges } from '../../../../src/plugins/app/standings/placing/place-member-changes.ts';
import { readLeagueStandingsPage } from '../../../../src/plugins/app/standings/reading/league-standings-repository.ts';
import { recomputeStandings } from '../../../../src/plugins/app/standings/rebuilding/recompute-standings.ts';
import { insertLeague, insertMemberships, setMembership } from '../../../support/league-standings.ts';
import { nameMatches, searchKey } from '../../../support/search-key.ts';
import { createTestDatabase, engines } from '../../../support/test-database.ts';
import { readWholeLeague } from '../../../support/whole-board.ts';

const ENGINES = engines('both', 'standings SQL');

const AFTER_GAMEWEEK_20 = new Date('2026-01-05T12:00:00Z');
const AFTER_GAMEWEEK_30 = new Date('2026-03-20T12:00:00Z');
const PLAYERS = 240;
const OTHER_SEASON_LEAGUE = '00000000-0000-4000-8000-000000000001';

describe.each(ENGINES)('league standings rebuilt with the board on %s', (engine) => {
  let database: DatabaseHandle;
  let season: SeasonConfig;
  let userIds: string[];
  const leagues = { mixed: '', small: '' };
  const mixed = { approved: [] as string[], others: [] as string[] };

  beforeAll(async () => {
    database = await createTestDatabase(engine, { prepare: true });
    season = await findActiveSeason(database.db);
    // Teamless members and twins (equal squads, a coin toss) too, so ties are ranked as the board ranks them.
    ({ userIds } = await addPopulation(database.db, {
      seasonId: season.id,
      size: PLAYERS,
      idPrefix: 'fan',
      noSquadEvery: 7,
      twinEvery: 5,
    }));
    const admin = userIds[0] ?? '';
    leagues.mixed = await insertLeague(database.db, { seasonId: season.id, adminId: admin });
    mixed.approved = [admin, ...userIds.filter((_, index) => index > 0 && index % 3 === 0)];
    const pending = userIds.filter((_, index) => index % 3 === 1 && index % 2 === 0);
    const rejected = userIds.filter((_, index) => index % 3 === 1 && index % 2 === 1);
    const kicked = userIds.filter((_, index) => index % 3 === 2 && index % 4 === 0);
    mixed.others = [...pending, ...rejected, ...kicked];
    await insertMemberships(database.db, leagues.mixed, mixed.approved.slice(1), 'approved');
    await insertMemberships(database.db, leagues.mixed, pending, 'pending');
    await insertMemberships(database.db, leagues.mixed, rejected, 'rejected');
    await insertMemberships(database.db, leagues.mixed, kicked, 'kicked');
    leagues.small = await insertLeague(database.db, { seasonId: season.id, adminId: userIds[5] ?? '' });
    await insertMemberships(database.db, leagues.small, userIds.slice(200, 204), 'approved');
    // Another season's stored rows (no foreign keys): a recompute of this season keeps them.
    await database.db.execute(sql`insert into league_standings (season_id, league_id, user_id, ord, search_name)
      values ('2024-25', ${OTHER_SEASON_LEAGUE}, 'fan-1', '\\x01'::bytea, 'old name'),
        ('2024-25', ${OTHER_SEASON_LEAGUE}, 'fan-2', '\\x02'::bytea, 'old name')`);
    expect((await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_20 })).status).toBe(
      'recomputed',
    );
  });
  afterAll(async () => {
    await database.close();
  });

  /** The league's approved members in the board's global order, ranked 1, 2, 3, ... */
  async function expectedRanks(leagueId: string) {
    const rows = await selectRows<{ user_id: string }>(
      database.db,
      sql`select standings.user_id from standings
        join league_members on league_members.user_id = standings.user_id and league_members.league_id = ${leagueId}
          and league_members.status = 'approved'
        where standings.season_id = ${season.id} order by standings.ord`,
    );
    return rows.map((row, index) => ({ userId: row.user_id, rank: index + 1 }));
  }
  /** The league as the API reads it, in pages of 7. */
  function wholeLeague(leagueId: string) {
    return readWholeLeague(database.db, {
      seasonId: season.id,
      leagueId,
      viewerId: mixed.approved[0] ?? '',
      leagueSize: mixed.approved.length,
      pageSize: 7,
    });
  }

  /** The league's stored rows in their order, numbered 1, 2, 3, ... */
  async function storedRanks(leagueId: string) {
    const rows = await selectRows<{ user_id: string; season_id: string }>(
      database.db,
      sql`select user_id, season_id from league_standings where league_id = ${leagueId} order by ord`,
    );
    for (const row of rows)
      expect(row.season_id).toBe(leagueId === OTHER_SEASON_LEAGUE ? '2024-25' : season.id);
    return rows.map((row, index) => ({ userId: row.user_id, rank: index + 1 }));
  }
  async function globalOrder() {
    return (
      await selectRows<{ user_id: string }>(
        database.db,
        sql`select user_id from standings where season_id = ${season.id} order by ord`,
      )
    ).map((row) => row.user_id);
  }

  it("ranks each league's approved members in the global order, 1, 2, 3, ..., and nobody else", async () => {
    const board = await globalOrder();
    expect(board).toHaveLength(PLAYERS);
    const approved = new Set(mixed.approved);
    const stored = await storedRanks(leagues.mixed);
    // The global order restricted to the approved members, worked out here from the board alone.
    expect(stored).toEqual(
      board.filter((userId) => approved.has(userId)).map((userId, index) => ({ userId, rank: index + 1 })),
    );
    expect(stored).toHaveLength(mixed.approved.length);
    const storedIds = new Set(stored.map((row) => row.userId));
    expect(mixed.others.length).toBeGreaterThan(30);
    expect(mixed.others.filter((userId) => storedIds.has(userId))).toEqual([]);
    expect(await storedRanks(leagues.small)).toEqual(await expectedRanks(leagues.small));
    expect(await storedRanks(leagues.small)).toHaveLength(5);
    // Their ranks as the API reads them, from the leagues' rank blocks.
    expect(await wholeLeague(leagues.mixed)).toEqual(stored);
    expect(await wholeLeague(leagues.small)).toEqual(await expectedRanks(leagues.small));
  });

  it("keeps other seasons' rows across recomputes", async () => {
    await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_30 });
    expect(await storedRanks(OTHER_SEASON_LEAGUE)).toEqual([
      { userId: 'fan-1', rank: 1 },
      { userId: 'fan-2', rank: 2 },
    ]);
  });

  it('follows the goals and the membership at the next recompute', async () => {
    const before = await storedRanks(leagues.mixed);
    const approvedNow = mixed.others[0] ?? '';
    const kickedNow = mixed.approved[10] ?? '';
    await setMembership(database.db, leagues.mixed, approvedNow, 'approved');
    await setMembership(database.db, leagues.mixed, kickedNow, 'kicked');
    // Stored standings change only with a recompute.
    expect(await storedRanks(leagues.mixed)).toEqual(before);
    await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_20 });
    const after = await storedRanks(leagues.mixed);
    expect(after).toEqual(await expectedRanks(leagues.mixed));
    expect(after.map((row) => row.userId)).toContain(approvedNow);
    expect(after.map((row) => row.userId)).not.toContain(kickedNow);
    expect(after).toHaveLength(before.length);
  });

  it("stores each member's name as the board holds it, folded for the search, beside the league rank", async () => {
    const rows = await selectRows<{ stored: string; board: string; full_name: string }>(
      database.db,
      sql`select league_standings.search_name as stored, standings.search_name as board, standings.full_name
        from league_standings join standings
          on standings.season_id = league_standings.season_id and standings.user_id = league_standings.user_id
        where league_standings.league_id = ${leagues.mixed}`,
    );
    expect(rows).toHaveLength(mixed.approved.length);
    for (const row of rows) {
      expect(row.stored).toBe(row.board);
      expect(row.stored).toBe(searchKey(row.full_name));
    }
  });

  it('finds the same members by name whether the search reads the league or its trigram index', async () => {
    const expected = await expectedRanks(leagues.mixed);
    const names = new Map(
      (
        await selectRows<{ user_id: string; search_name: string }>(
          database.db,
          sql`select user_id, search_name from standings where season_id = ${season.id}`,
        )
      ).map((row) => [row.user_id, row.search_name]),
    );
    const surname = (names.get(expected[4]?.userId ?? '') ?? '').split(' ')[1] ?? '';
    const fullName = names.get(expected[7]?.userId ?? '') ?? '';
    expect(surname.length).toBeGreaterThan(2);
    // Upper case matches; punctuation, LIKE's % and _ among it, is ignored.
    const searches = [
      surname,
      surname.slice(0, 3),
      surname.slice(0, 2),
      fullName.toUpperCase(),
      'zzz',
      '%',
      'n_',
    ];
    for (const search of searches) {
      const matches = expected.filter((row) => nameMatches(names.get(row.userId) ?? '', search));
      for (const page of [1, 2]) {
        const wanted = matches.slice((page - 1) * 5, page * 5);
        // A league this size reads its rows; told it is big, the trigram index (three letters or more).
        for (const leagueSize of [mixed.approved.length, 1_000_000]) {
          const found = await readLeagueStandingsPage(database.db, {
            seasonId: season.id,
            leagueId: leagues.mixed,
            viewerId: mixed.approved[0] ?? '',
            page,
            pageSize: 5,
            search,
            isMeOnly: false,
            leagueSize,
          });
          expect(found.total, `${search} ${leagueSize}`).toBe(matches.length);
          expect(found.rows.map((row) => ({ userId: row.userId, rank: row.rank }))).toEqual(wanted);
        }
      }
    }
  });

  it('keeps the indexes of the stored league standings, under their own names', async () => {
    const indexNames = async (table: string) =>
      (
        await selectRows<{ indexname: string }>(
          database.db,
          sql`select indexname from pg_indexes where schemaname = current_schema() and tablename = ${table} order by indexname`,
        )
      ).map((row) => row.indexname);
    expect(await indexNames('league_standings')).toEqual([
      'league_standings_name_search_index',
      'league_standings_order_index',
      'league_standings_season_index',
      'league_standings_user_index',
    ]);
    expect(await indexNames('league_standings_next')).toEqual([]);
  });

  it('clears away a half-built league_standings_next left by a recompute that was cut off', async () => {
    await database.db.execute(sql`drop table if exists league_standings_next`);
    await database.db.execute(sql`create table league_standings_next (leftover int)`);
    await database.db.execute(sql`insert into league_standings_next values (1)`);
    const result = await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_30 });
    expect(result.status).toBe('recomputed');
    expect(await storedRanks(leagues.mixed)).toEqual(await expectedRanks(leagues.mixed));
    const [leftover] = await selectRows<{ name: string | null }>(
      database.db,
      sql`select to_regclass('league_standings_next')::text as name`,
    );
    expect(leftover?.name).toBeNull();
  });

  it("takes a deleted member's rows out of every league's stored standings, and closes the gap", async () => {
    const member = (await storedRanks(leagues.small))[2]?.userId ?? '';
    expect(member).not.toBe('');
    await database.db.execute(sql`delete from users where id = ${member}`);
    await markMemberChanged(database.db, member);
    expect(await placeMemberChanges({ database, season })).toMatchObject({ status: 'placed', removed: 1 });
    expect((await storedRanks(leagues.small)).map((row) => row.userId)).not.toContain(member);
    expect(await wholeLeague(leagues.small)).toEqual(await expectedRanks(leagues.small));
    const [left] = await selectRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from league_standings where user_id = ${member}`,
    );
    expect(left?.count).toBe(0);
  });
});
