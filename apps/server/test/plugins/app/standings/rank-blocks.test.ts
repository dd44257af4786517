import type { SeasonConfig } from '@hit21/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPopulation } from '../../../../bench/standings-population.ts';
import { type DatabaseHandle, selectRows } from '../../../../src/db/database.ts';
import { RANK_BLOCK_SIZE } from '../../../../src/db/schema/index.ts';
import { findActiveSeason } from '../../../../src/plugins/app/season/season-repository.ts';
import { standingsStaleReason } from '../../../../src/plugins/app/standings/freshness/standings-freshness.ts';
import { MAX_BLOCK_MEMBERS } from '../../../../src/plugins/app/standings/model.ts';
import { placeMemberChanges } from '../../../../src/plugins/app/standings/placing/place-member-changes.ts';
import { takeMemberOffBoards } from '../../../../src/plugins/app/standings/placing/take-member-off-boards.ts';
import {
  type Board,
  readLeaderboardPage,
} from '../../../../src/plugins/app/standings/reading/leaderboard-repository.ts';
import { recomputeStandings } from '../../../../src/plugins/app/standings/rebuilding/recompute-standings.ts';
import { bruteForceRanking, restrictedRanks } from '../../../support/brute-force-ranking.ts';
import { insertLeague, insertMemberships } from '../../../support/league-standings.ts';
import { createTestDatabase, engines } from '../../../support/test-database.ts';
import { readWholeBoard, readWholeLeague } from '../../../support/whole-board.ts';

const ENGINES = engines('both', 'standings SQL');

/*
 * The rank blocks (standings_rank_blocks) as a rebuild counts them and as placements move and cut
 * them: every block counts its board's members whose `ord` lies from its start to the next
 * block's, each board's first block starts at the empty bytea, and the ranks read through the
 * blocks (pages and a member's own row) are the brute-force ranking of the rules text. A
 * placement grows the global board's one block past MAX_BLOCK_MEMBERS, so it is cut.
 */

const AFTER_GAMEWEEK_20 = new Date('2026-01-05T12:00:00Z');
const FIRST = 1_500;
/** A third of the first members are in the league. */
const FIRST_IN_LEAGUE = FIRST / 3;
/**
 * Newcomers placed at once, all joining the league: enough to grow the league's single block, and
 * the global board's, past MAX_BLOCK_MEMBERS.
 */
const WAVE = MAX_BLOCK_MEMBERS - FIRST_IN_LEAGUE + 300;

/** The block sizes of a board of `total` members cut from one block: RANK_BLOCK_SIZE each, the last the rest. */
const cutSizes = (total: number) =>
  Array.from({ length: Math.ceil(total / RANK_BLOCK_SIZE) }, (_, index) =>
    Math.min(RANK_BLOCK_SIZE, total - index * RANK_BLOCK_SIZE),
  );

describe.each(ENGINES)('rank blocks kept by rebuilds and placements on %s', (engine) => {
  let database: DatabaseHandle;
  let season: SeasonConfig;
  let userIds: string[];
  let league: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine, { prepare: true });
    season = await findActiveSeason(database.db);
    ({ userIds } = await addPopulation(database.db, {
      seasonId: season.id,
      size: FIRST,
      idPrefix: 'fan',
      seed: 5,
      noSquadEvery: 17,
      twinEvery: 7,
    }));
    league = await insertLeague(database.db, { seasonId: season.id, adminId: userIds[0] ?? '' });
    await insertMemberships(
      database.db,
      league,
      userIds.filter((_, index) => index > 0 && index % 3 === 0),
      'approved',
    );
    expect((await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_20 })).status).toBe(
      'recomputed',
    );
  });
  afterAll(async () => {
    await database.close();
  });

  /** Marks members changed in one statement, as `markMemberChanged` marks each. */
  async function markChanged(members: readonly string[]) {
    await database.db.execute(sql`insert into standings_member_changes (user_id)
      select unnest(${`{${members.join(',')}}`}::text[])
      on conflict (user_id) do update set seq = excluded.seq, applied = false`);
  }

  /** Each board's blocks (start as hex, members), in order of start. */
  async function readBlocks() {
    const rows = await selectRows<{ board: string; name: string; start: string; members: number }>(
      database.db,
      sql`select board, name, encode(start, 'hex') as start, members from standings_rank_blocks
        where season_id = ${season.id} order by board, name, start`,
    );
    const boards = new Map<string, { start: string; members: number }[]>();
    for (const row of rows) {
      const key = `${row.board}:${row.name}`;
      boards.set(key, [...(boards.get(key) ?? []), { start: row.start, members: row.members }]);
    }
    return boards;
  }

  /** Each board's members' `ord`s as hex (whose text order is bytea's), sorted. */
  async function readMemberOrds() {
    const rows = await selectRows<{ board: string; ord: string }>(
      database.db,
      sql`select 'global:' as board, encode(ord, 'hex') as ord from standings where season_id = ${season.id}
        union all select 'country:' || country, encode(ord, 'hex') from standings where season_id = ${season.id}
        union all select 'club:' || club, encode(ord, 'hex') from standings where season_id = ${season.id}
        union all select 'league:' || league_id::text, encode(ord, 'hex') from league_standings
          where season_id = ${season.id}`,
    );
    const boards = new Map<string, string[]>();
    for (const row of rows) boards.set(row.board, [...(boards.get(row.board) ?? []), row.ord]);
    for (const ords of boards.values()) ords.sort();
    return boards;
  }

  /** Every block counts its board's members from its start to the next block's; the first starts at ''. */
  async function expectBlocksToCountTheBoards() {
    const blocks = await readBlocks();
    const members = await readMemberOrds();
    for (const [board, ords] of members) {
      const boardBlocks = blocks.get(board) ?? [];
      expect(boardBlocks[0]?.start, board).toBe('');
      const counted = boardBlocks.map((block, index) => {
        const next = boardBlocks[index + 1]?.start;
        return ords.filter((ord) => ord >= block.start && (next === undefined || ord < next)).length;
      });
      expect(
        boardBlocks.map((block) => block.members),
        board,
      ).toEqual(counted);
    }
    // A board without members keeps only empty blocks.
    for (const [board, boardBlocks] of blocks) {
      if (!members.has(board))
        expect(
          boardBlocks.map((block) => block.members),
          board,
        ).toEqual(boardBlocks.map(() => 0));
      for (const block of boardBlocks) expect(block.members, board).toBeLessThanOrEqual(MAX_BLOCK_MEMBERS);
    }
    return blocks;
  }

  /** Every board read page by page, and sampled members' own rows, equal the brute-force ranking. */
  async function expectRanksToMatchTheRules(now = AFTER_GAMEWEEK_20) {
    const expected = await bruteForceRanking(database.db, season, now);
    const boards: [Board, string[]][] = [[{ kind: 'global' }, expected.map((entry) => entry.userId)]];
    for (const key of ['country', 'club'] as const) {
      for (const name of new Set(expected.map((entry) => entry[key]))) {
        const board: Board =
          key === 'country' ? { kind: 'country', country: name } : { kind: 'club', club: name };
        boards.push([board, expected.filter((entry) => entry[key] === name).map((entry) => entry.userId)]);
      }
    }
    for (const [board, order] of boards) {
      const numbered = order.map((userId, index) => ({ rank: index + 1, userId }));
      expect(
        await readWholeBoard(database.db, { seasonId: season.id, board, pageSize: 331 }),
        JSON.stringify(board),
      ).toEqual(numbered);
    }
    const ranks = restrictedRanks(expected, (entry) => entry.country);
    for (const [index, entry] of expected.entries()) {
      if (index % 397 !== 0 && index !== expected.length - 1) continue;
      for (const [board, rank] of [
        [{ kind: 'global' }, index + 1],
        [{ kind: 'country', country: entry.country }, ranks.get(entry.userId)],
      ] as const) {
        const own = await readLeaderboardPage(database.db, {
          seasonId: season.id,
          board,
          page: 1,
          pageSize: 25,
          onlyUserId: entry.userId,
        });
        expect(own.rows.map((row) => [row.userId, row.rank])).toEqual([[entry.userId, rank]]);
      }
    }
    const approved = new Set(
      (
        await selectRows<{ user_id: string }>(
          database.db,
          sql`select user_id from league_members where league_id = ${league}::uuid and status = 'approved'`,
        )
      ).map((row) => row.user_id),
    );
    const leagueRows = await readWholeLeague(database.db, {
      seasonId: season.id,
      leagueId: league,
      viewerId: userIds[0] ?? '',
      leagueSize: approved.size,
      pageSize: 97,
    });
    expect(leagueRows).toEqual(
      expected
        .filter((entry) => approved.has(entry.userId))
        .map((entry, index) => ({ rank: index + 1, userId: entry.userId })),
    );
  }

  it('counts every board in blocks from the empty key after a rebuild', async () => {
    const blocks = await expectBlocksToCountTheBoards();
    expect(blocks.get('global:')).toEqual([{ start: '', members: FIRST }]);
    expect(blocks.get(`league:${league}`)).toEqual([{ start: '', members: FIRST_IN_LEAGUE }]);
    await expectRanksToMatchTheRules();
  });

  it('cuts a block a placement grows past MAX_BLOCK_MEMBERS, and keeps every count', async () => {
    const { userIds: wave } = await addPopulation(database.db, {
      seasonId: season.id,
      size: WAVE,
      idPrefix: 'wave',
      seed: 12,
      noSquadEvery: 19,
      twinEvery: 11,
    });
    await markChanged(wave);
    await insertMemberships(database.db, league, wave, 'approved');
    const placed = await placeMemberChanges({ database, season });
    expect(placed).toMatchObject({ status: 'placed', placed: WAVE, removed: 0 });
    expect(await standingsStaleReason(database.db, season, AFTER_GAMEWEEK_20)).toBeUndefined();
    const blocks = await expectBlocksToCountTheBoards();
    // Each cut into blocks of RANK_BLOCK_SIZE from its start, the last holding the rest.
    expect(blocks.get('global:')?.map((block) => block.members)).toEqual(cutSizes(FIRST + WAVE));
    expect(blocks.get(`league:${league}`)?.map((block) => block.members)).toEqual(
      cutSizes(FIRST_IN_LEAGUE + WAVE),
    );
    await expectRanksToMatchTheRules();
  });

  it('keeps every count while placed members move across the cut blocks, leave and join boards', async () => {
    // Changed squads, a new country (a new board), league leavers and deleted accounts.
    const movers = userIds.slice(0, 300);
    for (const [index, userId] of movers.entries()) {
      if (index % 3 === 0) {
        await database.db.execute(
          sql`delete from picks where user_id = ${userId} and season_id = ${season.id}`,
        );
      } else if (index % 3 === 1) {
        await database.db.execute(sql`update profiles set country = 'Iceland' where id = ${userId}`);
      }
    }
    await database.db.execute(sql`delete from league_members where league_id = ${league}::uuid
      and user_id = any(${`{${userIds.slice(300, 600).join(',')}}`}::text[]) and user_id <> ${userIds[0] ?? ''}`);
    const leaving = userIds.slice(600, 650);
    await database.db.execute(sql`delete from users where id = any(${`{${leaving.join(',')}}`}::text[])`);
    await markChanged([...movers, ...userIds.slice(300, 650)]);
    expect(await placeMemberChanges({ database, season })).toMatchObject({
      status: 'placed',
      placed: 600,
      removed: 650,
    });
    const blocks = await expectBlocksToCountTheBoards();
    expect(blocks.get('country:Iceland')?.[0]).toEqual({ start: '', members: 100 });
    await expectRanksToMatchTheRules();
    // Accounts deleted are taken off at once, in the deletion's transaction: one in each cut block.
    const deleted = await selectRows<{ user_id: string }>(
      database.db,
      sql`select user_id from (select user_id, row_number() over (order by ord) - 1 as place
          from standings where season_id = ${season.id}) as member
        where place % ${RANK_BLOCK_SIZE} = 17`,
    );
    expect(deleted.length).toBeGreaterThan(1);
    for (const { user_id: userId } of deleted) {
      await database.db.transaction(async (tx) => {
        await takeMemberOffBoards(tx, userId);
        await tx.execute(sql`delete from users where id = ${userId}`);
      });
    }
    await expectBlocksToCountTheBoards();
    await expectRanksToMatchTheRules();

    // Goals counted later: the pickers of every scorer move, within and across blocks.
    const live = new Date('2026-01-20T12:00:00Z');
    expect(await placeMemberChanges({ database, season, goalsAt: live })).toMatchObject({ status: 'placed' });
    await expectBlocksToCountTheBoards();
    await expectRanksToMatchTheRules(live);
    // A rebuild at the same moment counts the same ranks, in blocks of its own.
    await recomputeStandings({ database, season, now: live });
    const rebuilt = await expectBlocksToCountTheBoards();
    await expectRanksToMatchTheRules(live);
    // Each board's blocks merged to RANK_BLOCK_SIZE or more: a small board in one, whatever it spans.
    expect(rebuilt.get('global:')?.length).toBeGreaterThan(1);
    for (const [board, boardBlocks] of rebuilt) {
      const members = boardBlocks.reduce((sum, block) => sum + block.members, 0);
      expect(boardBlocks.length, board).toBeLessThanOrEqual(Math.floor(members / RANK_BLOCK_SIZE) + 1);
    }
    // Four brute-force rankings and a rebuild: more than the default allows on a busy machine.
  }, 150_000);
});
