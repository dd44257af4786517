import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LeaderboardPage } from '@hit21/core';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { selectRows } from '../src/db/database.ts';
import { prepareDatabase } from '../src/db/prepare-database.ts';
import { findActiveSeason } from '../src/plugins/app/season/season-repository.ts';
import { recomputeStandings } from '../src/plugins/app/standings/rebuilding/recompute-standings.ts';
import { requestBoardRebuild } from '../src/plugins/app/standings/standings-inputs-repository.ts';
import { benchConfig, benchPlayers, openScratchDatabase } from './bench-population.ts';
import { addPopulation } from './standings-population.ts';

/** Before the pick deadline, so any valid squad can be saved (placing it is the same work after it). */
const BEFORE_DEADLINE = '2025-08-10T12:00:00Z';
const POLL_MS = 250;

const databaseUrl = process.env.DATABASE_URL || undefined;
const players = benchPlayers(databaseUrl);
const newcomers = Number(process.env.BENCH_NEWCOMERS ?? 3);
const dataDir = await mkdtemp(path.join(tmpdir(), 'hit21-new-squad-bench-'));
const scratch = await openScratchDatabase(databaseUrl, dataDir);
const { database } = scratch;
const config = benchConfig({ dataDir, databaseUrl: scratch.url, clockNow: BEFORE_DEADLINE });

try {
  console.log(
    `\nNew-team benchmark: ${database.engine}, ${players.toLocaleString('en-GB')} players; load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')} on ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`,
  );
  await prepareDatabase(database);
  const season = await findActiveSeason(database.db);
  let started = performance.now();
  await addPopulation(database.db, { seasonId: season.id, size: players });
  console.log(`Population built in ${secondsSince(started)} s`);
  started = performance.now();
  const first = await recomputeStandings({ database, season, now: new Date(BEFORE_DEADLINE) });
  console.log(`First board: ${first.status} in ${secondsSince(started)} s`);
  const squad = await selectRows<{ id: number }>(
    database.db,
    sql`select player_id as id from picks where user_id = 'bench-1' order by slot`,
  );

  const app = await buildApp({ config, database });
  await app.ready();
  const send = async (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) => {
    const response = await app.inject({
      method,
      url,
      headers: { origin: config.PUBLIC_URL, ...(cookie ? { cookie } : {}) },
      payload,
    });
    if (response.statusCode !== 200)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response;
  };

  // From the end of the onboarding (the moment the newcomer is a member of the boards, the squad
  // saved right after it) to the first answer of the global board that holds their row.
  // Then until no change of theirs waits to be placed: their squad is on the board too.
  let joinedSoFar = 0;
  async function newcomersJoin(label: string) {
    console.log(`\n${label}\n`);
    console.log('| newcomer | told "within" s | on the board after s | team placed after s | polls |');
    console.log('|---|---:|---:|---:|---:|');
    for (let count = 1; count <= newcomers; count += 1) {
      joinedSoFar += 1;
      const index = joinedSoFar;
      const signUp = await send('POST', '/api/auth/sign-up/email', '', {
        email: `newcomer-${index}@example.com`,
        password: 'Kickoff#2025x',
        name: '',
      });
      const cookie = signUp.cookies.map((item) => `${item.name}=${item.value}`).join('; ');
      const joined = performance.now();
      await send('PUT', '/api/profile/onboarding', cookie, {
        fullName: `New Comer ${index}`,
        dob: '1990-01-01',
        country: 'Ireland',
        favouriteClub: 'Arsenal',
        howDidYouHear: 'friend',
      });
      await send('PUT', '/api/squad', cookie, { playerIds: squad.map((pick) => pick.id) });
      let told: number | undefined;
      let polls = 0;
      for (;;) {
        polls += 1;
        const page: LeaderboardPage = (await send('GET', '/api/leaderboard/global?me=true', cookie)).json();
        if (page.rows.length > 0) break;
        told ??= page.viewerPending?.withinSeconds;
        await sleep(POLL_MS);
      }
      const onBoard = secondsSince(joined);
      const userId = (await send('GET', '/api/profile', cookie)).json().id as string;
      while (
        (
          await selectRows<{ waiting: boolean }>(
            database.db,
            sql`select exists (select 1 from standings_member_changes where user_id = ${userId} and not applied) as waiting`,
          )
        )[0]?.waiting
      ) {
        await sleep(POLL_MS);
      }
      console.log(`| ${index} | ${told ?? '-'} | ${onBoard} | ${secondsSince(joined)} | ${polls} |`);
    }
  }

  await newcomersJoin('The board at rest:');
  if (database.engine === 'postgres') await newcomersDuringRebuild();
  await app.close();

  /** A whole rebuild asked for, as after goals: newcomers join while it runs (on PostgreSQL, beside it). */
  async function newcomersDuringRebuild() {
    await requestBoardRebuild(database.db);
    app.standings.requestRefresh();
    const rebuildStarted = performance.now();
    while (!(await rebuildRunning())) await sleep(POLL_MS);
    await newcomersJoin('While a whole rebuild runs (the standings check started it):');
    const rebuildRunningStill = await rebuildRunning();
    while (await rebuildRunning()) await sleep(1_000);
    console.log(
      `\nThe rebuild ${rebuildRunningStill ? 'was still running after the last newcomer' : 'had ended before the last newcomer'}; it ended ${secondsSince(rebuildStarted)} s after it was asked for.`,
    );
  }
} finally {
  await scratch.close();
  await rm(dataDir, { recursive: true, force: true });
}

/** A statement of a whole rebuild is running: it ranks into, counts or indexes `standings_next`. */
async function rebuildRunning(): Promise<boolean> {
  const [row] = await selectRows<{ running: boolean }>(
    database.db,
    sql`select exists (select 1 from pg_stat_activity where state = 'active' and pid <> pg_backend_pid()
      and query ilike '%standings_next%') as running`,
  );
  return row?.running === true;
}

function secondsSince(started: number): string {
  return ((performance.now() - started) / 1000).toFixed(1);
}
