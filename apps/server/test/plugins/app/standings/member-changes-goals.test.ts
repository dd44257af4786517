import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../../../../src/db/database.ts';
import { standingsStaleReason } from '../../../../src/plugins/app/standings/freshness/standings-freshness.ts';
import { markMemberChanged } from '../../../../src/plugins/app/standings/placing/member-changes-repository.ts';
import { placeMemberChanges } from '../../../../src/plugins/app/standings/placing/place-member-changes.ts';
import { recomputeStandings } from '../../../../src/plugins/app/standings/rebuilding/recompute-standings.ts';
import { engines } from '../../../support/test-database.ts';
import { AFTER_GAMEWEEK_20, useMemberChangesBoard } from './member-changes-fixture.ts';

const ENGINES = engines('both', 'standings SQL');

/*
 * Goals placed on a stored board (place-member-changes.ts with `goalsAt`): the pickers of every
 * footballer whose goals changed are taken off and put back with their new `ord`, everyone else
 * keeps theirs byte for byte, and the boards equal the brute-force ranking of the rules text.
 */

const minuteAfter = (at: Date) => new Date(at.getTime() + 60_000);

describe.each(ENGINES)('goals placed on the stored board on %s', (engine) => {
  const board = useMemberChangesBoard(engine);

  /** The first `count` kick-offs after gameweek 20 that hold goals, with their scorers. */
  async function kickoffsAfterGameweek20(count: number) {
    const rows = await selectRows<{ at: Date | string; scorers: string[] }>(
      board.database.db,
      sql`select goals.kickoff_at as at, array_agg(distinct goals.player_id::text order by goals.player_id::text) as scorers
        from goals join players on players.id = goals.player_id
        where players.season_id = ${board.season.id} and goals.kickoff_at > ${AFTER_GAMEWEEK_20.toISOString()}
        group by goals.kickoff_at order by goals.kickoff_at limit ${count}`,
    );
    expect(rows).toHaveLength(count);
    return rows.map((row) => ({ at: new Date(row.at), scorers: row.scorers }));
  }

  async function pickersOf(playerIds: readonly string[]) {
    const rows = await selectRows<{ user_id: string }>(
      board.database.db,
      sql`select distinct user_id from picks where player_id::text = any(${`{${playerIds.join(',')}}`}::text[])`,
    );
    return new Set(rows.map((row) => row.user_id));
  }

  it('places the pickers of footballers whose goals changed, as a rebuild ranks them, and no one else', async () => {
    const { database, season, userIds } = board;
    await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_20 });
    const before = await board.boardOrds();
    // The clock passes the first kick-off after gameweek 20 that holds goals, as on a Saturday.
    const [kickoff] = await kickoffsAfterGameweek20(1);
    if (!kickoff) throw new Error('expected goals after gameweek 20');
    const live = minuteAfter(kickoff.at);
    // A member's own change waits at the same time.
    const changed = userIds[2_500] ?? '';
    await board.saveSquad(changed, 21);
    await markMemberChanged(database.db, changed);
    const pickers = await pickersOf(kickoff.scorers);
    expect(pickers.size).toBeGreaterThan(30);
    const placedUsers = new Set([...pickers, changed]);
    expect(await standingsStaleReason(database.db, season, live)).toBe('goals counted changed');

    const placed = await placeMemberChanges({ database, season, goalsAt: live });
    expect(placed).toMatchObject({
      status: 'placed',
      scorersChanged: kickoff.scorers.length,
      moved: pickers.size,
      // The pickers are re-keyed where they stand; the member's own change is taken off and placed again.
      placed: 1,
      removed: 1,
    });
    expect(await standingsStaleReason(database.db, season, live)).toBeUndefined();
    await board.expectBoardsToMatchTheRules(live);
    // Every picker's key changed with their goals; everyone else kept theirs, byte for byte.
    const after = await board.boardOrds();
    const moved = [...before].filter(([userId, ord]) => after.get(userId) !== ord).map(([userId]) => userId);
    expect(moved.sort()).toEqual([...placedUsers].sort());

    // One of those goals no longer counts (a sync moves it to a fixture not played yet): its
    // scorer's pickers move back, and it counts again when the sync moves it back.
    const goal = sql`player_id::text = ${kickoff.scorers[0] ?? ''} and kickoff_at = ${kickoff.at.toISOString()}`;
    await database.db.execute(
      sql`update goals set kickoff_at = kickoff_at + interval '100 days' where ${goal}`,
    );
    expect(await standingsStaleReason(database.db, season, live)).toBe('goals counted changed');
    const movedBack = await placeMemberChanges({ database, season, goalsAt: live });
    expect(movedBack).toMatchObject({ status: 'placed', scorersChanged: 1 });
    expect(movedBack).toMatchObject({ moved: (await pickersOf(kickoff.scorers.slice(0, 1))).size });
    await board.expectBoardsToMatchTheRules(live);
    await database.db.execute(sql`update goals set kickoff_at = kickoff_at - interval '100 days'
      where player_id::text = ${kickoff.scorers[0] ?? ''}
        and kickoff_at = ${new Date(kickoff.at.getTime() + 100 * 86_400_000).toISOString()}`);
    expect(await placeMemberChanges({ database, season, goalsAt: live })).toMatchObject({
      status: 'placed',
      scorersChanged: 1,
    });
    await board.expectBoardsToMatchTheRules(live);
    // The same ords as the first placement: a member's key depends on their own entry alone.
    expect(await board.boardOrds()).toEqual(after);

    // The season's end turns going bust into bust for everyone: a rebuild ranks it.
    const afterTheSeason = new Date('2026-06-01T12:00:00Z');
    expect(await placeMemberChanges({ database, season, goalsAt: afterTheSeason })).toEqual({
      status: 'needs rebuild',
      reason: 'the season ended',
    });
    await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_20 });
    await board.expectBoardsToMatchTheRules();
  });

  it('places the goals of several kick-offs at once, and goals taken away, as a rebuild ranks them', async () => {
    const { database, season, userIds } = board;
    await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_20 });
    const kickoffs = await kickoffsAfterGameweek20(4);
    const [first, , , last] = kickoffs;
    if (!first || !last) throw new Error('expected goals after gameweek 20');
    const scorers = new Set(kickoffs.flatMap((kickoff) => kickoff.scorers));
    // A long outage: four kick-offs' goals placed in one go, with a member's change.
    const changed = userIds[1_700] ?? '';
    await board.saveSquad(changed, 33);
    await markMemberChanged(database.db, changed);
    const caughtUp = await placeMemberChanges({ database, season, goalsAt: minuteAfter(last.at) });
    expect(caughtUp).toMatchObject({
      status: 'placed',
      scorersChanged: scorers.size,
      moved: (await pickersOf([...scorers])).size,
    });
    await board.expectBoardsToMatchTheRules(minuteAfter(last.at));
    const rebuiltOrds = async (now: Date) => {
      await recomputeStandings({ database, season, now });
      return board.boardOrds();
    };
    const placedOrds = await board.boardOrds();
    // A rebuild at the same moment stores the same keys.
    expect(await rebuiltOrds(minuteAfter(last.at))).toEqual(placedOrds);

    // The clock back (the demo clock): the later kick-offs' goals no longer count.
    const clockBack = await placeMemberChanges({ database, season, goalsAt: minuteAfter(first.at) });
    const laterScorers = new Set(kickoffs.slice(1).flatMap((kickoff) => kickoff.scorers));
    expect(clockBack).toMatchObject({ status: 'placed', scorersChanged: laterScorers.size });
    await board.expectBoardsToMatchTheRules(minuteAfter(first.at));
    const backOrds = await board.boardOrds();
    expect(await rebuiltOrds(minuteAfter(first.at))).toEqual(backOrds);

    // A board a crash of the database emptied (unlogged tables) holds nobody to place on.
    for (const table of ['standings', 'standings_rank_blocks', 'league_standings']) {
      await database.db.execute(sql`delete from ${sql.raw(table)} where season_id = ${season.id}`);
    }
    expect(await standingsStaleReason(database.db, season, minuteAfter(first.at))).toBe('board lost');
    expect(await placeMemberChanges({ database, season, goalsAt: minuteAfter(last.at) })).toEqual({
      status: 'needs rebuild',
      reason: 'the stored board was lost in a crash of the database',
    });
    await recomputeStandings({ database, season, now: minuteAfter(last.at) });
    expect(await board.boardOrds()).toEqual(placedOrds);
    await board.expectBoardsToMatchTheRules(minuteAfter(last.at));
  });
});
