import type { SeasonConfig } from '@hit21/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPopulation } from '../../../../bench/standings-population.ts';
import { type DatabaseHandle, selectRows } from '../../../../src/db/database.ts';
import { BLOCK_SPAN, POSITION_STRIDE } from '../../../../src/db/schema/index.ts';
import { findActiveSeason } from '../../../../src/plugins/app/season/season-repository.ts';
import {
  MAX_UNEVEN_BLOCK_MEMBERS,
  standingsStaleReason,
} from '../../../../src/plugins/app/standings/freshness/standings-freshness.ts';
import { MAX_BLOCK_MEMBERS } from '../../../../src/plugins/app/standings/model.ts';
import { SPREAD_SPACING } from '../../../../src/plugins/app/standings/placing/block-positions.ts';
import { markMemberChanged } from '../../../../src/plugins/app/standings/placing/member-changes-repository.ts';
import { placeMemberChanges } from '../../../../src/plugins/app/standings/placing/place-member-changes.ts';
import { takeMemberOffBoards } from '../../../../src/plugins/app/standings/placing/take-member-off-boards.ts';
import {
  type Board,
  readLeaderboardPage,
} from '../../../../src/plugins/app/standings/reading/leaderboard-repository.ts';
import { recomputeStandings } from '../../../../src/plugins/app/standings/rebuilding/recompute-standings.ts';
import { bruteForceRanking, type Expected, restrictedRanks } from '../../../support/brute-force-ranking.ts';
import { insertLeague, insertMemberships } from '../../../support/league-standings.ts';
import { createTestDatabase, engines } from '../../../support/test-database.ts';
import { readWholeBoard, readWholeLeague } from '../../../support/whole-board.ts';

const ENGINES = engines('both', 'standings SQL');

/*
 * Member changes placed on a stored board (place-member-changes.ts) against the brute-force
 * ranking of the rules text: new members with and without squads, changed squads, names,
 * countries and clubs, deleted accounts, league joins and leaves. Every board is read page by
 * page as the API reads it, across its rank blocks' edges (3,000 members: three blocks).
 */

const PLAYERS = 3_000;
const AFTER_GAMEWEEK_20 = new Date('2026-01-05T12:00:00Z');

describe.each(ENGINES)('member changes placed on the stored board on %s', (engine) => {
  let database: DatabaseHandle;
  let season: SeasonConfig;
  let userIds: string[];
  let league: string;
  let outfield: string[];

  beforeAll(async () => {
    database = await createTestDatabase(engine, { prepare: true });
    season = await findActiveSeason(database.db);
    ({ userIds } = await addPopulation(database.db, {
      seasonId: season.id,
      size: PLAYERS,
      idPrefix: 'fan',
      seed: 8,
      noSquadEvery: 23,
      twinEvery: 9,
    }));
    league = await insertLeague(database.db, { seasonId: season.id, adminId: userIds[0] ?? '' });
    await insertMemberships(
      database.db,
      league,
      userIds.filter((_, index) => index > 0 && index % 4 === 0),
      'approved',
    );
    outfield = (
      await selectRows<{ id: string }>(
        database.db,
        sql`select id from players where season_id = ${season.id} and position <> 'goalkeeper'
          and first_gameweek = 1 order by fpl_code`,
      )
    ).map((row) => row.id);
    expect((await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_20 })).status).toBe(
      'recomputed',
    );
  });
  afterAll(async () => {
    await database.close();
  });

  /** A squad of four distinct outfield players picked by `seed`, written as a squad save writes it. */
  async function saveSquad(userId: string, seed: number) {
    const picks = [0, 1, 2, 3].map((slot) => outfield[(seed * 37 + slot * 101) % outfield.length] ?? '');
    await database.db.execute(sql`delete from picks where user_id = ${userId} and season_id = ${season.id}`);
    await database.db.execute(sql`insert into picks (user_id, season_id, player_id, slot)
      select ${userId}, ${season.id}, player_id::uuid, slot
      from unnest(${`{${picks.join(',')}}`}::text[]) with ordinality as pick (player_id, slot)`);
  }

  /** Each member's position on the stored board. */
  async function boardPositions() {
    return new Map(
      (
        await selectRows<{ user_id: string; position: string }>(
          database.db,
          sql`select user_id, position::text from standings where season_id = ${season.id}`,
        )
      ).map((row) => [row.user_id, BigInt(row.position)]),
    );
  }

  /**
   * Squeezes every rank block: its members one position apart from the block's start, in the same
   * order and block, on the board and in the league (through negative positions, as the unique
   * indexes are checked row by row).
   */
  async function squeezeBlocks() {
    const span = sql.raw(String(BLOCK_SPAN));
    const squeeze = (table: 'standings' | 'league_standings') =>
      database.db.execute(sql`update ${sql.raw(table)} as target set position = -numbered.place
        from (select user_id, ((position - 1) / ${span}) * ${span}
            + row_number() over (partition by (position - 1) / ${span} order by position) as place
          from standings where season_id = ${season.id}) as numbered
        where target.season_id = ${season.id} and target.user_id = numbered.user_id`);
    await squeeze('league_standings');
    await squeeze('standings');
    for (const table of ['league_standings', 'standings']) {
      await database.db.execute(
        sql`update ${sql.raw(table)} set position = -position where season_id = ${season.id}`,
      );
    }
  }

  async function expectBoardsToMatchTheRules(now = AFTER_GAMEWEEK_20) {
    const expected = await bruteForceRanking(database.db, season, now);
    expect(
      await readWholeBoard(database.db, { seasonId: season.id, board: { kind: 'global' }, pageSize: 97 }),
    ).toEqual(expected.map((entry, index) => ({ rank: index + 1, userId: entry.userId })));
    for (const key of ['country', 'club'] as const) {
      const ranks = restrictedRanks(expected, (entry) => entry[key]);
      for (const name of new Set(expected.map((entry) => entry[key]))) {
        const board: Board =
          key === 'country' ? { kind: 'country', country: name } : { kind: 'club', club: name };
        expect(
          await readWholeBoard(database.db, { seasonId: season.id, board, pageSize: 97 }),
          `${key} ${name}`,
        ).toEqual(
          expected
            .filter((entry) => entry[key] === name)
            .map((entry) => ({ rank: ranks.get(entry.userId), userId: entry.userId })),
        );
      }
    }
    // Sampled members' own rows ("Show Me Only") on the global board.
    for (const [index, entry] of expected.entries()) {
      if (index % 211 !== 0) continue;
      const own = await readLeaderboardPage(database.db, {
        seasonId: season.id,
        board: { kind: 'global' },
        page: 1,
        pageSize: 25,
        onlyUserId: entry.userId,
      });
      expect(own.rows.map((row) => [row.userId, row.rank])).toEqual([[entry.userId, index + 1]]);
    }
    expect(
      await readWholeLeague(database.db, {
        seasonId: season.id,
        leagueId: league,
        viewerId: userIds[0] ?? '',
        leagueSize: 1_000,
        pageSize: 41,
      }),
    ).toEqual(await expectedLeague(expected));
    return expected;
  }

  it('places new members, changed teams, names, countries and clubs, leavers and league changes as a rebuild ranks them', async () => {
    // New members: onboarded, most with a squad, some without, a few in the league.
    const { userIds: newcomers } = await addPopulation(database.db, {
      seasonId: season.id,
      size: 150,
      idPrefix: 'late',
      seed: 31,
      noSquadEvery: 5,
    });
    for (const userId of newcomers) await markMemberChanged(database.db, userId);
    await insertMemberships(database.db, league, newcomers.slice(0, 20), 'approved');
    // Changed squads, including a member without one picking a first squad.
    for (const [index, userId] of userIds.slice(100, 160).entries()) {
      await saveSquad(userId, index);
      await markMemberChanged(database.db, userId);
    }
    await saveSquad(userIds[22] ?? '', 7);
    await markMemberChanged(database.db, userIds[22] ?? '');
    // A new name, country or club.
    for (const [index, userId] of userIds.slice(400, 430).entries()) {
      await database.db.execute(sql`update profiles set full_name = ${`Renamed ${index}`},
          country = case when ${index % 3 === 0} then 'Iceland' else country end,
          favourite_club = case when ${index % 3 === 1} then 'Fulham' else favourite_club end
        where id = ${userId}`);
      await markMemberChanged(database.db, userId);
    }
    // Deleted accounts, one taken off at once as the deletion does, and league leavers.
    for (const userId of userIds.slice(900, 912)) {
      await database.db.execute(sql`delete from users where id = ${userId}`);
      await markMemberChanged(database.db, userId);
    }
    await database.db.transaction(async (tx) => {
      await takeMemberOffBoards(tx, userIds[1_500] ?? '');
      await tx.execute(sql`delete from users where id = ${userIds[1_500]}`);
    });
    for (const userId of userIds.filter((_, index) => index % 4 === 0 && index > 2_000).slice(0, 25)) {
      await database.db.execute(
        sql`delete from league_members where league_id = ${league}::uuid and user_id = ${userId}`,
      );
      await markMemberChanged(database.db, userId);
    }
    expect(await standingsStaleReason(database.db, season, AFTER_GAMEWEEK_20)).toBe('members changed');

    const placed = await placeMemberChanges({ database, season });
    expect(placed).toMatchObject({ status: 'placed', needsRebuild: false });
    if (placed.status !== 'placed') return;
    // Those with a row already were taken off and put back; the deleted stay off.
    expect(placed.placed).toBe(150 + 60 + 1 + 30 + 25);
    expect(placed.removed).toBe(60 + 1 + 30 + 12 + 25);
    expect(await standingsStaleReason(database.db, season, AFTER_GAMEWEEK_20)).toBeUndefined();
    expect(await placeMemberChanges({ database, season })).toEqual({ status: 'unchanged' });

    const expected = await expectBoardsToMatchTheRules();
    expect(expected).toHaveLength(PLAYERS + 150 - 13);
    // A rebuild of the same board ranks everyone the same.
    await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_20 });
    await expectBoardsToMatchTheRules();
  });

  it('places a member changed again after a placement, and one changed while a rebuild runs', async () => {
    const member = userIds[2_222] ?? '';
    await saveSquad(member, 3);
    await markMemberChanged(database.db, member);
    expect(await placeMemberChanges({ database, season })).toMatchObject({ status: 'placed', placed: 1 });
    await saveSquad(member, 4);
    await markMemberChanged(database.db, member);
    expect(await placeMemberChanges({ database, season })).toMatchObject({ status: 'placed', placed: 1 });
    await expectBoardsToMatchTheRules();

    // A change logged while the rebuild ranks: on its board, or placed on it afterwards.
    const rebuild = recomputeStandings({ database, season, now: AFTER_GAMEWEEK_20 });
    const changed = userIds[2_300] ?? '';
    await saveSquad(changed, 9);
    await markMemberChanged(database.db, changed);
    expect((await rebuild).status).toBe('recomputed');
    await placeMemberChanges({ database, season });
    expect(await standingsStaleReason(database.db, season, AFTER_GAMEWEEK_20)).toBeUndefined();
    await expectBoardsToMatchTheRules();
  });

  it('places a change while a rebuild runs (PostgreSQL), and again on the rebuilt board', async () => {
    const rebuild = recomputeStandings({ database, season, now: AFTER_GAMEWEEK_20 });
    const member = userIds[2_400] ?? '';
    await saveSquad(member, 12);
    await markMemberChanged(database.db, member);
    const placed = await placeMemberChanges({ database, season });
    // The embedded database has one session, which the rebuild holds.
    if (engine === 'pglite') expect(placed).toEqual({ status: 'busy' });
    else expect(placed).toMatchObject({ status: 'placed', placed: 1, removed: 1 });
    expect((await rebuild).status).toBe('recomputed');
    // The new board may have been ranked before the change: it is placed on it again, or was read.
    await placeMemberChanges({ database, season });
    expect(await standingsStaleReason(database.db, season, AFTER_GAMEWEEK_20)).toBeUndefined();
    await expectBoardsToMatchTheRules();
  });

  it('finds a new name after a rebuild that it reaches, read or placed beside it', async () => {
    const readRacer = () =>
      readLeaderboardPage(database.db, {
        seasonId: season.id,
        board: { kind: 'global' },
        page: 1,
        pageSize: 25,
        search: 'racer',
      });
    const before = await readRacer();
    expect(before.total).toBe(0);
    const rebuild = recomputeStandings({ database, season, now: AFTER_GAMEWEEK_20 });
    const member = userIds[2_401] ?? '';
    await database.db.execute(sql`update profiles set full_name = 'Rebuild Racer' where id = ${member}`);
    await markMemberChanged(database.db, member);
    // Placed on the old board if the rebuild has not reached its swap (PostgreSQL), or busy.
    await placeMemberChanges({ database, season });
    expect((await rebuild).status).toBe('recomputed');
    await placeMemberChanges({ database, season });
    // Whether the rebuild read the new name or not, the search finds exactly the one match.
    const after = await readRacer();
    expect(after.total).toBe(1);
    expect(after.rows.map((row) => row.userId)).toEqual([member]);
    await expectBoardsToMatchTheRules();
  });

  it('spreads a rank block out when two members leave no position between them, and nothing else', async () => {
    // A newcomer with the squad of the member ranked 1,500th ranks beside them, in the second block.
    const [middle] = (
      await readLeaderboardPage(database.db, {
        seasonId: season.id,
        board: { kind: 'global' },
        page: 1_500,
        pageSize: 1,
      })
    ).rows;
    expect(middle?.rank).toBe(1_500);
    await squeezeBlocks();
    const squeezed = await boardPositions();
    const blockOf = (position: bigint) => (position - 1n) / BigInt(BLOCK_SPAN);
    const middleBlock = blockOf(squeezed.get(middle?.userId ?? '') ?? 0n);

    const {
      userIds: [newcomer = ''],
    } = await addPopulation(database.db, { seasonId: season.id, size: 1, idPrefix: 'squeezed', seed: 3 });
    await database.db.execute(sql`delete from picks where user_id = ${newcomer}`);
    await database.db.execute(sql`insert into picks (user_id, season_id, player_id, slot)
      select ${newcomer}, season_id, player_id, slot from picks where user_id = ${middle?.userId ?? ''}`);
    await markMemberChanged(database.db, newcomer);

    const placed = await placeMemberChanges({ database, season });
    expect(placed).toMatchObject({ status: 'placed', placed: 1, removed: 0, needsRebuild: false });
    expect(await standingsStaleReason(database.db, season, AFTER_GAMEWEEK_20)).toBeUndefined();
    await expectBoardsToMatchTheRules();

    // A stretch of the newcomer's block was spread out around them, and nothing else moved.
    const spreadOut = await boardPositions();
    const [blockBefore, blockAfter] = [squeezed, spreadOut].map((board) =>
      [...board.entries()].filter(([, position]) => blockOf(position) === middleBlock),
    );
    const spread = placed.status === 'placed' ? placed.spread : 0;
    expect(spread).toBeGreaterThan(0);
    expect(spread).toBeLessThan(blockBefore?.length ?? 0);
    expect(blockAfter?.length).toBe((blockBefore?.length ?? 0) + 1);
    const moved = [...squeezed].filter(([userId, position]) => spreadOut.get(userId) !== position);
    expect(moved).toHaveLength(spread);
    expect(moved.every(([, position]) => blockOf(position) === middleBlock)).toBe(true);
    const order = (blockAfter ?? []).map(([, position]) => position).sort((a, b) => (a < b ? -1 : 1));
    const at = order.indexOf(spreadOut.get(newcomer) ?? 0n);
    for (const neighbour of [order[at - 1], order[at + 1]]) {
      const apart = (spreadOut.get(newcomer) ?? 0n) - (neighbour ?? 0n);
      expect(apart < 0n ? -apart : apart).toBeGreaterThanOrEqual(BigInt(SPREAD_SPACING));
    }
    // Every league row follows its member's board row.
    expect(
      await selectRows(
        database.db,
        sql`select league.user_id from league_standings as league
          join standings as board on board.season_id = league.season_id and board.user_id = league.user_id collate "C"
          where league.season_id = ${season.id} and league.position <> board.position`,
      ),
    ).toEqual([]);
  });

  it('places the pickers of footballers whose goals changed, as a rebuild ranks them, and no one else', async () => {
    await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_20 });
    const positions = async () =>
      new Map(
        (
          await selectRows<{ user_id: string; position: string }>(
            database.db,
            sql`select user_id, position::text from standings where season_id = ${season.id}`,
          )
        ).map((row) => [row.user_id, row.position]),
      );
    const before = await positions();
    // The clock passes the first kick-off after gameweek 20 that holds goals, as on a Saturday.
    const [kickoff] = await selectRows<{ at: Date | string; scorers: string[] }>(
      database.db,
      sql`select goals.kickoff_at as at, array_agg(distinct goals.player_id::text) as scorers
        from goals join players on players.id = goals.player_id
        where players.season_id = ${season.id} and goals.kickoff_at > ${AFTER_GAMEWEEK_20.toISOString()}
        group by goals.kickoff_at order by goals.kickoff_at limit 1`,
    );
    const live = new Date(new Date(kickoff?.at ?? 0).getTime() + 60_000);
    const pickers = new Set(
      (
        await selectRows<{ user_id: string }>(
          database.db,
          sql`select distinct user_id from picks where player_id::text = any(${`{${kickoff?.scorers.join(',')}}`}::text[])`,
        )
      ).map((row) => row.user_id),
    );
    expect(pickers.size).toBeGreaterThan(0);
    // A member's own change waits at the same time.
    const changed = userIds[2_500] ?? '';
    await saveSquad(changed, 21);
    await markMemberChanged(database.db, changed);
    expect(await standingsStaleReason(database.db, season, live)).toBe('goals counted changed');

    // Placed in batches of 10, each among the members stored and the batches before it.
    expect(pickers.size).toBeGreaterThan(3 * 10);
    const placed = await placeMemberChanges({ database, season, goalsAt: live, placedAtOnce: 10 });
    expect(placed).toMatchObject({
      status: 'placed',
      scorersChanged: kickoff?.scorers.length,
      moved: pickers.size,
    });
    expect(await standingsStaleReason(database.db, season, live)).toBeUndefined();
    await expectBoardsToMatchTheRules(live);
    // Everyone else kept their row where it was.
    const after = await positions();
    const kept = [...before].filter(([userId]) => !pickers.has(userId) && userId !== changed);
    expect(kept.filter(([userId, position]) => after.get(userId) !== position)).toEqual([]);

    // One of those goals no longer counts (a sync moves it to a fixture not played yet): its
    // scorer's pickers move back.
    const goal = sql`player_id::text = ${kickoff?.scorers[0] ?? ''} and fixture_id in
      (select fixture_id from goals where kickoff_at = ${new Date(kickoff?.at ?? 0).toISOString()})`;
    await database.db.execute(
      sql`update goals set kickoff_at = kickoff_at + interval '100 days' where ${goal}`,
    );
    expect(await standingsStaleReason(database.db, season, live)).toBe('goals counted changed');
    expect(await placeMemberChanges({ database, season, goalsAt: live })).toMatchObject({
      status: 'placed',
      scorersChanged: 1,
    });
    await expectBoardsToMatchTheRules(live);
    await database.db.execute(
      sql`update goals set kickoff_at = kickoff_at - interval '100 days' where ${goal}`,
    );
    // It counts again on a board with no room left in any gap: its pickers' blocks are spread out.
    await squeezeBlocks();
    const counted = await placeMemberChanges({ database, season, goalsAt: live, placedAtOnce: 10 });
    expect(counted).toMatchObject({ status: 'placed', scorersChanged: 1 });
    expect(counted.status === 'placed' && counted.spread).toBeGreaterThan(0);
    await expectBoardsToMatchTheRules(live);

    // A board stored before the goal times were kept, or the season's end, is rebuilt instead.
    await database.db.execute(sql`update standings_state set ranked_with = jsonb_set(ranked_with, '{scorers}',
        (select coalesce(jsonb_agg(scorer - 3), '[]') from jsonb_array_elements(ranked_with -> 'scorers') as scorer))
      where season_id = ${season.id}`);
    expect(await placeMemberChanges({ database, season, goalsAt: live })).toEqual({
      status: 'needs rebuild',
      reason: "the stored board does not list its scorers' goal times",
    });
    const afterTheSeason = new Date('2026-06-01T12:00:00Z');
    await recomputeStandings({ database, season, now: live });
    expect(await placeMemberChanges({ database, season, goalsAt: afterTheSeason })).toEqual({
      status: 'needs rebuild',
      reason: 'the season ended',
    });
    await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_20 });
    await expectBoardsToMatchTheRules();
  });

  it("merges a gameweek's late goals into the stored order as a rebuild ranks them, and ranks whole otherwise", async () => {
    await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_20 });
    const kickoffs = (
      await selectRows<{ at: Date | string; scorers: string[] }>(
        database.db,
        sql`select goals.kickoff_at as at, array_agg(distinct goals.player_id::text order by goals.player_id::text) as scorers
          from goals join players on players.id = goals.player_id
          where players.season_id = ${season.id} and goals.kickoff_at > ${AFTER_GAMEWEEK_20.toISOString()}
          group by goals.kickoff_at order by goals.kickoff_at limit 4`,
      )
    ).map((row) => ({ at: new Date(row.at), scorers: row.scorers }));
    const [first, , , last] = kickoffs;
    if (!first || !last || first.scorers.length < 2) throw new Error('expected goals after gameweek 20');
    const minuteAfter = (at: Date) => new Date(at.getTime() + 60_000);
    const goalsReason = { reason: 'goals counted changed' } as const;

    // A live sync placed the first kick-off's goals but one scorer's, which arrive later with the
    // next kick-offs' goals: those members and the ones already placed share a kick-off.
    const heldBack = sql`player_id::text = ${first.scorers[0] ?? ''} and kickoff_at = ${first.at.toISOString()}`;
    await database.db.execute(
      sql`update goals set kickoff_at = kickoff_at + interval '300 days' where ${heldBack}`,
    );
    expect(await placeMemberChanges({ database, season, goalsAt: minuteAfter(first.at) })).toMatchObject({
      status: 'placed',
    });
    await database.db.execute(sql`update goals set kickoff_at = kickoff_at - interval '300 days'
      where player_id::text = ${first.scorers[0] ?? ''} and kickoff_at = ${new Date(first.at.getTime() + 300 * 86_400_000).toISOString()}`);
    // Another season's row, which the merge copies as it is.
    const lastSeason = sql`select user_id, status, total_goals, position::text, full_name, country, club, search_name
      from standings where season_id = '2024-25'`;
    await database.db.execute(sql`insert into standings
        (season_id, user_id, status, total_goals, position, full_name, country, club, search_name)
      values ('2024-25', ${userIds[0] ?? ''}, 'safe', 21, ${POSITION_STRIDE / 2}, 'Last Season', 'Spain', 'Arsenal', 'last season')`);
    const lastSeasonRows = await selectRows(database.db, lastSeason);
    expect(lastSeasonRows).toHaveLength(1);
    const before = await boardPositions();
    const merged = await recomputeStandings({ database, season, now: minuteAfter(last.at), ...goalsReason });
    expect(merged).toMatchObject({ status: 'recomputed', method: 'merged' });
    await expectBoardsToMatchTheRules(minuteAfter(last.at));
    // Members who picked none of the late scorers kept their order and their gaps.
    const late = new Set(kickoffs.flatMap((kickoff) => kickoff.scorers));
    const latePickers = new Set(
      (
        await selectRows<{ user_id: string }>(
          database.db,
          sql`select distinct user_id from picks where player_id::text = any(${`{${[...late].join(',')}}`}::text[])`,
        )
      ).map((row) => row.user_id),
    );
    const after = await boardPositions();
    const kept = [...before]
      .filter(([userId]) => !latePickers.has(userId))
      .sort((a, b) => (a[1] < b[1] ? -1 : 1));
    expect(kept.length).toBeGreaterThan(PLAYERS / 2);
    expect(kept.map(([userId]) => after.get(userId))).toEqual(
      kept.map(([userId]) => after.get(userId)).sort((a, b) => ((a ?? 0n) < (b ?? 0n) ? -1 : 1)),
    );
    expect(after).not.toEqual(before);
    expect(await selectRows(database.db, lastSeason)).toEqual(lastSeasonRows);
    await database.db.execute(sql`delete from standings where season_id = '2024-25'`);

    // Member changes waiting are placed on the merged board.
    const changed = userIds[1_700] ?? '';
    await saveSquad(changed, 33);
    await markMemberChanged(database.db, changed);
    const next = await selectRows<{ at: Date | string }>(
      database.db,
      sql`select kickoff_at as at from goals where kickoff_at > ${last.at.toISOString()} order by kickoff_at limit 1`,
    );
    const later = minuteAfter(new Date(next[0]?.at ?? 0));
    expect(await recomputeStandings({ database, season, now: later, ...goalsReason })).toMatchObject({
      method: 'merged',
    });
    expect(await standingsStaleReason(database.db, season, later)).toBe('members changed');
    expect(await placeMemberChanges({ database, season })).toMatchObject({ status: 'placed' });
    await expectBoardsToMatchTheRules(later);

    // Goals taken away (the clock back), another reason, or no change at all: ranked whole.
    expect(
      await recomputeStandings({ database, season, now: minuteAfter(last.at), ...goalsReason }),
    ).toMatchObject({
      method: 'ranked',
    });
    await expectBoardsToMatchTheRules(minuteAfter(last.at));
    expect(await recomputeStandings({ database, season, now: later })).toMatchObject({ method: 'ranked' });
    expect(await recomputeStandings({ database, season, now: later, ...goalsReason })).toMatchObject({
      method: 'ranked',
    });
    await expectBoardsToMatchTheRules(later);

    // A board a crash of the database emptied (unlogged tables) holds nobody to keep: ranked whole.
    await recomputeStandings({ database, season, now: minuteAfter(last.at) });
    for (const table of ['standings', 'standings_rank_blocks', 'standings_rank_chunks', 'league_standings']) {
      await database.db.execute(sql`delete from ${sql.raw(table)} where season_id = ${season.id}`);
    }
    expect(await recomputeStandings({ database, season, now: later, ...goalsReason })).toMatchObject({
      method: 'ranked',
    });
    await expectBoardsToMatchTheRules(later);
  });

  it('evens out a grown block with a rebuild once goals are quiet, and a very large one at once', async () => {
    await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_20 });
    const growBlock = (members: number) =>
      database.db.execute(sql`update standings_rank_blocks set members = ${members}
        where season_id = ${season.id} and board = 'global' and name = '' and block = 1`);
    const minutesLater = (minutes: number) => new Date(AFTER_GAMEWEEK_20.getTime() + minutes * 60_000);
    await growBlock(MAX_BLOCK_MEMBERS);
    expect(await standingsStaleReason(database.db, season, minutesLater(60))).toBeUndefined();
    await growBlock(MAX_BLOCK_MEMBERS + 1);
    // Goals were placed (the board's moment) a minute ago: more may follow, so not yet.
    expect(await standingsStaleReason(database.db, season, minutesLater(1))).toBeUndefined();
    expect(await standingsStaleReason(database.db, season, minutesLater(10))).toBe('blocks uneven');
    await growBlock(MAX_UNEVEN_BLOCK_MEMBERS + 1);
    expect(await standingsStaleReason(database.db, season, minutesLater(1))).toBe('blocks uneven');
    await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_20 });
    expect(await standingsStaleReason(database.db, season, minutesLater(60))).toBeUndefined();
    await expectBoardsToMatchTheRules();
  });

  /** The league's approved members in the brute-force order, 1, 2, 3, ... */
  async function expectedLeague(expected: Expected[]) {
    const approved = new Set(
      (
        await selectRows<{ user_id: string }>(
          database.db,
          sql`select user_id from league_members where league_id = ${league}::uuid and status = 'approved'`,
        )
      ).map((row) => row.user_id),
    );
    return expected
      .filter((entry) => approved.has(entry.userId))
      .map((entry, index) => ({ rank: index + 1, userId: entry.userId }));
  }
});
