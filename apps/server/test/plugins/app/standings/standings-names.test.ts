import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../../../src/db/database.ts';
import { betweenPlacements, lockBoardsForPlacing } from '../../../../src/plugins/app/standings/locks.ts';
import { forgetUnheldNames } from '../../../../src/plugins/app/standings/names-repository.ts';
import {
  addUsersToPlace,
  createPlacingTables,
  insertMembers,
} from '../../../../src/plugins/app/standings/placing/board-rows-repository.ts';
import { readPlacingState } from '../../../../src/plugins/app/standings/placing/member-changes-repository.ts';
import { readLeaderboardPage } from '../../../../src/plugins/app/standings/reading/leaderboard-repository.ts';
import { requestBoardRebuild } from '../../../../src/plugins/app/standings/standings-inputs-repository.ts';
import { completeOnboarding, send, signUp } from '../../../support/accounts.ts';
import { setUpTestApp } from '../../../support/build-test-app.ts';
import { addPopulationBeside } from '../../../support/population.ts';
import { holdOffStandingsJobs } from '../../../support/scheduled-jobs.ts';
import { engines } from '../../../support/test-database.ts';

const ENGINES = engines('both', 'standings SQL and name folding');

const AFTER_GAMEWEEK_3 = '2025-09-05T12:00:00Z';

/**
 * The board's names under their own trigram index (`standings_names`, migration 0030): every name a
 * stored board holds is there, whichever way it arrived (a rebuild, a placement), and nothing else
 * stays once a rebuild or an account's deletion leaves no board holding it.
 */
describe.each(ENGINES)("the stored boards' names on %s", (engine) => {
  const context = setUpTestApp(engine, { prepare: true, clock: () => new Date(AFTER_GAMEWEEK_3) });

  beforeAll(async () => {
    await context.app.ready();
    // Each test asserts what its own check did: no background turn may do it first.
    await holdOffStandingsJobs(context.database.db);
    await addPopulationBeside(context.database.db, { seasonId: '2025-26', size: 40, idPrefix: 'named' });
    await requestBoardRebuild(context.database.db);
    expect(await context.app.standings.refresh()).toMatchObject({ status: 'recomputed' });
  });

  const namesKept = async () =>
    (
      await selectRows<{ search_name: string }>(
        context.database.db,
        sql`select search_name from standings_names order by search_name`,
      )
    ).map((row) => row.search_name);
  const namesOnBoards = async () =>
    (
      await selectRows<{ search_name: string }>(
        context.database.db,
        sql`select distinct search_name from standings order by search_name`,
      )
    ).map((row) => row.search_name);
  const searchTotal = async (search: string) =>
    (
      await readLeaderboardPage(context.database.db, {
        seasonId: '2025-26',
        board: { kind: 'global' },
        page: 1,
        pageSize: 25,
        search,
      })
    ).total;

  async function onboardedFan(fullName: string) {
    const fan = await signUp(context.app);
    await completeOnboarding(context.app, fan.cookie, fullName);
    return fan;
  }

  it('holds exactly the names of a rebuilt board, and the board no trigram index of its own', async () => {
    const board = await namesOnBoards();
    expect(board.length).toBeGreaterThan(5);
    expect(await namesKept()).toEqual(board);
    const [indexes] = await selectRows<{ on_board: number; on_names: number }>(
      context.database.db,
      sql`select count(*) filter (where tablename = 'standings')::int as on_board,
          count(*) filter (where tablename = 'standings_names')::int as on_names
        from pg_indexes where indexdef like '%gin_trgm_ops%'`,
    );
    expect(indexes).toEqual({ on_board: 0, on_names: 1 });
  });

  it('finds a newcomer placed under a new name, and forgets an old name a rename leaves behind', async () => {
    const fan = await onboardedFan('Quillon Zanthe');
    expect(await searchTotal('zanthe')).toBe(0);
    expect(await context.app.standings.refresh()).toMatchObject({ status: 'placed' });
    expect(await namesKept()).toContain('quillon zanthe');
    expect(await searchTotal('zanthe')).toBe(1);
    expect(await searchTotal('quillon zan')).toBe(1);

    const renamed = await send(context.app, 'PATCH', '/api/profile', {
      cookie: fan.cookie,
      body: { fullName: 'Quillon Yarrow', dob: '1990-05-01' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await context.app.standings.refresh()).toMatchObject({ status: 'placed' });
    expect(await searchTotal('yarrow')).toBe(1);
    expect(await searchTotal('zanthe')).toBe(0);
    // The old name waits for the next rebuild, which keeps only the names its board holds.
    await requestBoardRebuild(context.database.db);
    expect(await context.app.standings.refresh()).toMatchObject({ status: 'recomputed' });
    expect(await namesKept()).not.toContain('quillon zanthe');
    expect(await namesKept()).toEqual(await namesOnBoards());
    expect(await searchTotal('yarrow')).toBe(1);
  });

  it("forgets a deleted account's name at once, unless another member holds the same name", async () => {
    const alone = await onboardedFan('Ottoline Vexley');
    const twin = await onboardedFan('Marlo Twinning');
    await onboardedFan('Marlo Twinning');
    expect(await context.app.standings.refresh()).toMatchObject({ status: 'placed' });
    expect(await namesKept()).toEqual(expect.arrayContaining(['ottoline vexley', 'marlo twinning']));

    for (const fan of [alone, twin]) {
      const deleted = await send(context.app, 'POST', '/api/deleteAccount', { cookie: fan.cookie });
      expect(deleted.statusCode, deleted.body).toBe(200);
    }
    expect(await namesKept()).not.toContain('ottoline vexley');
    expect(await namesKept()).toContain('marlo twinning');
    expect(await searchTotal('twinning')).toBe(1);
    expect(await namesKept()).toEqual(await namesOnBoards());
  });
});

/**
 * Placements go on while a rebuild runs, so the rebuild's tidy after its swap may meet one under
 * way: two connections, so PostgreSQL only.
 */
describe.runIf(process.env.TEST_DATABASE_URL)("the stored boards' names beside a placement under way", () => {
  const context = setUpTestApp('postgres', { prepare: true, clock: () => new Date(AFTER_GAMEWEEK_3) });

  beforeAll(async () => {
    await context.app.ready();
    await holdOffStandingsJobs(context.database.db);
    await addPopulationBeside(context.database.db, { seasonId: '2025-26', size: 12, idPrefix: 'tidied' });
    await requestBoardRebuild(context.database.db);
    expect(await context.app.standings.refresh()).toMatchObject({ status: 'recomputed' });
  });

  it('waits for the placement, then keeps the name its row holds though no committed row held it', async () => {
    const { db } = context.database;
    // A name no row holds: one a rename left behind until this tidy.
    await db.execute(sql`insert into standings_names (search_name) values ('orrin tidwell')`);
    let rowWritten!: () => void;
    const written = new Promise<void>((resolve) => {
      rowWritten = resolve;
    });
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => {
      commit = resolve;
    });
    const newcomer = await signUp(context.app);
    const { id: newcomerId } = await completeOnboarding(context.app, newcomer.cookie, 'Orrin Tidwell');
    const placement = context.database.withConnection((connection) =>
      connection.db.transaction(async (tx) => {
        expect(await lockBoardsForPlacing(tx)).toBe(true);
        const state = await readPlacingState(tx, '2025-26');
        if (!state) throw new Error('No stored board to place on');
        await createPlacingTables(tx);
        await addUsersToPlace(tx, [newcomerId]);
        expect(await insertMembers(tx, { seasonId: '2025-26', rankedWith: state.rankedWith })).toMatchObject({
          placed: 1,
        });
        rowWritten();
        await committing;
      }),
    );
    await written;
    let tidied = false;
    const tidy = betweenPlacements(db, (tx) => forgetUnheldNames(tx)).then(() => {
      tidied = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tidied).toBe(false);
    commit();
    await placement;
    await tidy;
    const [kept] = await selectRows<{ names: number; rows: number }>(
      db,
      sql`select (select count(*) from standings_names where search_name = 'orrin tidwell')::int as names,
          (select count(*) from standings where search_name = 'orrin tidwell')::int as rows`,
    );
    expect(kept).toEqual({ names: 1, rows: 1 });
    const found = await readLeaderboardPage(db, {
      seasonId: '2025-26',
      board: { kind: 'global' },
      page: 1,
      pageSize: 25,
      search: 'tidwell',
    });
    expect(found.total).toBe(1);
  });
});
