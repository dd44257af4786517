import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addPopulation } from '../../../../bench/standings-population.ts';
import { standingsStaleReason } from '../../../../src/plugins/app/standings/freshness/standings-freshness.ts';
import { markMemberChanged } from '../../../../src/plugins/app/standings/placing/member-changes-repository.ts';
import { placeMemberChanges } from '../../../../src/plugins/app/standings/placing/place-member-changes.ts';
import { takeMemberOffBoards } from '../../../../src/plugins/app/standings/placing/take-member-off-boards.ts';
import { readLeaderboardPage } from '../../../../src/plugins/app/standings/reading/leaderboard-repository.ts';
import { recomputeStandings } from '../../../../src/plugins/app/standings/rebuilding/recompute-standings.ts';
import { insertMemberships } from '../../../support/league-standings.ts';
import { engines } from '../../../support/test-database.ts';
import { AFTER_GAMEWEEK_20, PLAYERS, useMemberChangesBoard } from './member-changes-fixture.ts';

const ENGINES = engines('both', 'standings SQL');

/*
 * Member changes placed on a stored board (place-member-changes.ts) against the brute-force
 * ranking of the rules text: new members with and without squads, changed squads, names,
 * countries and clubs, deleted accounts, league joins and leaves, and changes made while a
 * rebuild runs. Each member changed is taken off every board and put back with their new `ord`.
 */

describe.each(ENGINES)('member changes placed on the stored board on %s', (engine) => {
  const board = useMemberChangesBoard(engine);

  it('places new members, changed teams, names, countries and clubs, leavers and league changes as a rebuild ranks them', async () => {
    const { database, season, userIds, league } = board;
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
      await board.saveSquad(userId, index);
      await markMemberChanged(database.db, userId);
    }
    await board.saveSquad(userIds[22] ?? '', 7);
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
    expect(placed).toMatchObject({ status: 'placed' });
    if (placed.status !== 'placed') return;
    // Those with a row already were taken off and put back; the deleted stay off.
    expect(placed.placed).toBe(150 + 60 + 1 + 30 + 25);
    expect(placed.removed).toBe(60 + 1 + 30 + 12 + 25);
    expect(await standingsStaleReason(database.db, season, AFTER_GAMEWEEK_20)).toBeUndefined();
    expect(await placeMemberChanges({ database, season })).toEqual({ status: 'unchanged' });

    const expected = await board.expectBoardsToMatchTheRules();
    expect(expected).toHaveLength(PLAYERS + 150 - 13);
    // A rebuild of the same board ranks everyone the same.
    await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_20 });
    await board.expectBoardsToMatchTheRules();
  });

  it('places a member changed again after a placement, and one changed while a rebuild runs', async () => {
    const { database, season, userIds } = board;
    const member = userIds[2_222] ?? '';
    await board.saveSquad(member, 3);
    await markMemberChanged(database.db, member);
    expect(await placeMemberChanges({ database, season })).toMatchObject({ status: 'placed', placed: 1 });
    await board.saveSquad(member, 4);
    await markMemberChanged(database.db, member);
    expect(await placeMemberChanges({ database, season })).toMatchObject({ status: 'placed', placed: 1 });
    await board.expectBoardsToMatchTheRules();

    // A change logged while the rebuild ranks: on its board, or placed on it afterwards.
    const rebuild = recomputeStandings({ database, season, now: AFTER_GAMEWEEK_20 });
    const changed = userIds[2_300] ?? '';
    await board.saveSquad(changed, 9);
    await markMemberChanged(database.db, changed);
    expect((await rebuild).status).toBe('recomputed');
    await placeMemberChanges({ database, season });
    expect(await standingsStaleReason(database.db, season, AFTER_GAMEWEEK_20)).toBeUndefined();
    await board.expectBoardsToMatchTheRules();
  });

  it('places a change while a rebuild runs (PostgreSQL), and again on the rebuilt board', async () => {
    const { database, season, userIds } = board;
    const rebuild = recomputeStandings({ database, season, now: AFTER_GAMEWEEK_20 });
    const member = userIds[2_400] ?? '';
    await board.saveSquad(member, 12);
    await markMemberChanged(database.db, member);
    const placed = await placeMemberChanges({ database, season });
    // The embedded database has one session, which the rebuild holds.
    if (engine === 'pglite') expect(placed).toEqual({ status: 'busy' });
    else expect(placed).toMatchObject({ status: 'placed', placed: 1, removed: 1 });
    expect((await rebuild).status).toBe('recomputed');
    // The new board may have been ranked before the change: it is placed on it again, or was read.
    await placeMemberChanges({ database, season });
    expect(await standingsStaleReason(database.db, season, AFTER_GAMEWEEK_20)).toBeUndefined();
    await board.expectBoardsToMatchTheRules();
  });

  it('finds a new name after a rebuild that it reaches, read or placed beside it', async () => {
    const { database, season, userIds } = board;
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
    await board.expectBoardsToMatchTheRules();
  });
});
