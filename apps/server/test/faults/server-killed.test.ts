import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase } from '../../src/db/database.ts';
import {
  type Answers,
  recordedAnswers,
  startFplApiServer,
} from '../plugins/app/stats-sync/fpl-api-server.ts';
import { CODES, committedGoals, storedGoals } from '../plugins/app/stats-sync/sync-test-database.ts';
import {
  type ProcessAccount,
  request,
  type ServerProcess,
  type ServerProcesses,
  signUpOnServer,
  startServerProcesses,
  withClient,
} from '../support/server-processes.ts';
import { connectLockHolder, type LockHolder, until } from './support/blocked-work.ts';

/** 47 hours before the 2025/26 pick deadline: squads may be saved and changed. */
const BEFORE_DEADLINE = '2025-08-13T18:30:00Z';
/** After gameweek 3, as the recorded FPL API answers are. */
const AFTER_GAMEWEEK_3 = '2025-09-05T12:00:00Z';

/**
 * The server killed with SIGKILL (no shutdown of any kind) in the middle of work that writes
 * several rows. A lock held by the test stops the work at a known statement, inside its
 * transaction, with the rows before it written; the server is killed there, and started again.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the server killed in the middle of its work', () => {
  let processes: ServerProcesses | undefined;
  let holder: LockHolder | undefined;
  let closeApi: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await holder?.release().catch(() => {});
    await holder?.close();
    await processes?.stop();
    await closeApi?.();
    holder = undefined;
    processes = undefined;
    closeApi = undefined;
  });

  async function startOneServer(options: Parameters<typeof startServerProcesses>[0]) {
    processes = await startServerProcesses(options);
    holder = await connectLockHolder(processes.databaseUrl);
    return { server: processes.servers[0] as ServerProcess, holder, databaseUrl: processes.databaseUrl };
  }

  async function query<T>(databaseUrl: string, text: string, values?: unknown[]): Promise<T[]> {
    return withClient(databaseUrl, async (client) => (await client.query(text, values)).rows as T[]);
  }

  it('while saving a team: the old team is whole after the restart, and saving works again', async () => {
    const { server, holder, databaseUrl } = await startOneServer({
      count: 1,
      env: { CLOCK_NOW: BEFORE_DEADLINE },
    });
    const fan = await signUpOnServer(server);
    const outfield = await query<{ id: string }>(
      databaseUrl,
      `select id from players where position <> 'goalkeeper' order by fpl_code limit 8`,
    );
    const oldSquad = outfield.slice(0, 4).map((player) => player.id);
    const newSquad = outfield.slice(4, 8).map((player) => player.id);
    expect((await saveSquad(server, fan, oldSquad)).status).toBe(200);

    // The save's last statement logs the member's change for the boards; a row of ours for the
    // same member, not yet committed, stops it there, after the old picks were deleted and the
    // new ones inserted, in its uncommitted transaction. (The first save's change placed first.)
    await until(
      async () =>
        (await query(databaseUrl, 'select 1 from standings_member_changes where user_id = $1', [fan.id]))
          .length === 0,
      "the first team's change is placed",
    );
    await holder.hold('insert into standings_member_changes (user_id) values ($1)', [fan.id]);
    const save = saveSquad(server, fan, newSquad).then(
      (response) => response.status,
      () => 'no answer',
    );
    const blocked = await holder.waitForBlocked('%standings_member_changes%');
    expect(await holder.tablesLockedBy(blocked)).toContainEqual({ table: 'picks', mode: 'RowExclusiveLock' });

    await server.kill('SIGKILL');
    expect(await save).toBe('no answer');
    await holder.release();

    expect(await squadInDatabase(databaseUrl, fan.id)).toEqual(oldSquad);
    await server.restart();
    const squad = await request(server, 'GET', '/api/squad', { cookie: fan.cookie });
    expect(
      ((await squad.json()) as { picks: { playerId: string }[] }).picks.map((pick) => pick.playerId),
    ).toEqual(oldSquad);
    expect((await saveSquad(server, fan, newSquad)).status).toBe(200);
    expect(await squadInDatabase(databaseUrl, fan.id)).toEqual(newSquad);
  });

  it('during a goals sync: nothing of it is kept, and the next run after the restart counts each goal once', async () => {
    let answers: Answers = await recordedAnswers('after-gw3');
    // Slow answers: time for the test to take hold of the run's row before the run writes.
    for (const [key, answer] of answers) answers.set(key, { ...answer, delayMs: 300 });
    const api = await startFplApiServer(() => answers);
    closeApi = api.close;
    const { server, holder, databaseUrl } = await startOneServer({
      count: 1,
      env: { CLOCK_NOW: AFTER_GAMEWEEK_3, STATS_SYNC_SOURCE: api.baseUrl, STATS_SYNC_INTERVAL_MINUTES: '15' },
      // The first three gameweeks' goals are for the sync to bring in.
      beforeStart: (url) => query(url, 'delete from goals where gameweek <= 3').then(() => undefined),
    });

    // The run's row is written first; held, it stops the run's last statement (recording it
    // ok), after every goal was written in the run's transaction.
    await until(
      async () =>
        (await query(databaseUrl, `select 1 from stats_sync_runs where status = 'running'`)).length > 0,
      'the goals sync starts',
    );
    await holder.hold(`select id from stats_sync_runs where status = 'running' for update`);
    const blocked = await holder.waitForBlocked('%stats_sync_runs%');
    expect(await holder.tablesLockedBy(blocked)).toContainEqual({ table: 'goals', mode: 'RowExclusiveLock' });

    await server.kill('SIGKILL');
    await holder.release();
    expect(await query(databaseUrl, 'select 1 from goals where gameweek <= 3')).toEqual([]);

    // Back at full speed: the restarted server's first turn runs the sync again at once.
    answers = await recordedAnswers('after-gw3');
    await server.restart();
    await until(
      async () => (await query(databaseUrl, `select 1 from stats_sync_runs where status = 'ok'`)).length > 0,
      'the goals sync runs again',
    );
    const runs = await query<{ status: string; error: string | null }>(
      databaseUrl,
      'select status, error from stats_sync_runs order by id',
    );
    expect(runs).toEqual([
      { status: 'failed', error: 'did not finish: its instance stopped' },
      { status: 'ok', error: null },
    ]);
    const handle = await openDatabase({ engine: 'postgres', url: databaseUrl });
    try {
      const synced = (await storedGoals(handle.db)).filter((goal) => goal.gameweek <= 3);
      expect(synced).toEqual(await committedGoals(Object.values(CODES), 3));
    } finally {
      await handle.close();
    }
  });

  it('during a recompute: readers keep the old board, and the restarted server rebuilds it', async () => {
    const { server, holder, databaseUrl } = await startOneServer({
      count: 1,
      env: { CLOCK_NOW: BEFORE_DEADLINE },
    });
    const outfield = await query<{ id: string }>(
      databaseUrl,
      `select id from players where position <> 'goalkeeper' order by fpl_code limit 4`,
    );
    const squad = outfield.map((player) => player.id);
    const fan = await signUpOnServer(server, { fullName: 'First Fan' });
    await saveSquad(server, fan, squad);
    const storedGoals = async () =>
      (
        await query<{ total_goals: number }>(
          databaseUrl,
          'select total_goals from standings where user_id = $1',
          [fan.id],
        )
      ).map((row) => row.total_goals);
    await until(async () => (await storedGoals()).length === 1, 'the fan is on the board');
    expect(await storedGoals()).toEqual([0]);

    // A reader in the middle of reading the board: the swap waits for it, at the very end of
    // the recompute, with the new board built beside the old one. A goal that counts now (before
    // the clock), with a whole rebuild asked for (as after members loaded in bulk): a goal alone
    // would be placed.
    await holder.hold('select count(*) from standings');
    await query(
      databaseUrl,
      `insert into standings_inputs (id, version) values (1, 1)
        on conflict (id) do update set version = standings_inputs.version + 1`,
    );
    await query(
      databaseUrl,
      `insert into goals (player_id, fixture_id, gameweek, kickoff_at, goals, club_code)
        values ($1, 999001, 1, '2025-08-01T12:00:00Z', 2, 'ARS')`,
      [squad[0]],
    );
    await holder.waitForBlocked('%standings%');
    expect(await tableExists(databaseUrl, 'standings_next')).toBe(true);

    await server.kill('SIGKILL');
    await holder.release();
    expect(await storedGoals()).toEqual([0]);

    await server.restart();
    await until(async () => (await storedGoals())[0] === 2, "the restarted server counts the fan's goals");
    expect(await tableExists(databaseUrl, 'standings_next')).toBe(false);
    const board = await request(server, 'GET', '/api/leaderboard/global', { cookie: fan.cookie });
    expect(board.status).toBe(200);
    expect(((await board.json()) as { rows: { totalGoals: number }[] }).rows[0]?.totalGoals).toBe(2);
  });

  it('during its migrations: none is half applied, and the restarted server completes them', async () => {
    const journal = JSON.parse(
      await readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };
    let held: LockHolder | undefined;
    const { server, databaseUrl } = await startOneServer({
      count: 1,
      // An empty database: the server migrates it as it starts. Each migration is recorded in
      // the migrations table as it is applied, in the one transaction of them all; holding that
      // table stops the first record, after the first migration's tables were created.
      prepare: false,
      beforeStart: async (url) => {
        held = await connectLockHolder(url);
        await held.client.query(`create schema drizzle`);
        await held.client.query(
          `create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
        );
        await held.hold('lock table drizzle.__drizzle_migrations in share mode');
      },
    });
    if (!held) throw new Error('The lock was not taken');
    const migrationsHolder = held;
    try {
      const blocked = await migrationsHolder.waitForBlocked('%__drizzle_migrations%');
      // Its tables, sequences and indexes exist in its transaction only.
      expect(await migrationsHolder.countUncommittedRelationsOf(blocked)).toBeGreaterThan(10);
      expect(await tableExists(databaseUrl, 'profiles')).toBe(false);

      await server.kill('SIGKILL');
      await migrationsHolder.release();
    } finally {
      await migrationsHolder.close();
    }
    expect(await tableExists(databaseUrl, 'profiles')).toBe(false);
    expect(await query(databaseUrl, 'select 1 from drizzle.__drizzle_migrations')).toEqual([]);

    await server.restart();
    const applied = await query(databaseUrl, 'select 1 from drizzle.__drizzle_migrations');
    expect(applied).toHaveLength(journal.entries.length);
    const [season] = await query<{ players: number }>(
      databaseUrl,
      'select count(*)::int as players from players',
    );
    expect(season?.players).toBeGreaterThan(500);
    const health = await request(server, 'GET', '/api/health');
    expect(health.status).toBe(200);
  });
});

function saveSquad(server: ServerProcess, fan: ProcessAccount, playerIds: string[]): Promise<Response> {
  return request(server, 'PUT', '/api/squad', { cookie: fan.cookie, body: { playerIds } });
}

async function squadInDatabase(databaseUrl: string, userId: string): Promise<string[]> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ player_id: string }>(
      'select player_id from picks where user_id = $1 order by slot',
      [userId],
    );
    return rows.map((row) => row.player_id);
  });
}

async function tableExists(databaseUrl: string, table: string): Promise<boolean> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ found: string | null }>('select to_regclass($1)::text as found', [
      table,
    ]);
    return rows[0]?.found !== null;
  });
}
