/**
 * The population the leaderboard and league benchmarks measure: BENCH_PLAYERS players with
 * random valid squads in a scratch database, plus a viewer signed up through the API (a real
 * session), built once and shared by both benchmarks when `npm run bench` runs them together.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SeasonConfig } from '@hit21/core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { type Config, parseConfig } from '../src/config/env.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/database.ts';
import { prepareDatabase } from '../src/db/prepare-database.ts';
import { findActiveSeason } from '../src/plugins/app/season/season-repository.ts';
import type { StaleReason } from '../src/plugins/app/standings/model.ts';
import { placeMemberChanges } from '../src/plugins/app/standings/placing/place-member-changes.ts';
import {
  type RecomputePhase,
  recomputeStandings,
} from '../src/plugins/app/standings/rebuilding/recompute-standings.ts';
import { requestBoardRebuild } from '../src/plugins/app/standings/standings-inputs-repository.ts';
import { findFreePort, launchServer } from '../test/support/server-processes.ts';
import { buildServerBundle } from './load-test/production-server.ts';
import { addPopulation } from './standings-population.ts';

/** The benchmarks' PUBLIC_URL, which production requires: the origin their own requests claim. */
export const BENCH_PUBLIC_URL = 'http://localhost:3000';
/** After gameweek 38 (every goal of the season), before the season is final: the benchmarks' clock. */
export const AFTER_GAMEWEEK_38 = '2026-05-24T23:00:00Z';
/** The viewer's country and club: the United Kingdom's board is the largest. */
export const VIEWER = { country: 'United Kingdom', club: 'Arsenal' };

export interface BenchPopulation {
  database: DatabaseHandle;
  /** The scratch database's URL (PostgreSQL only). */
  url?: string;
  config: Config;
  season: SeasonConfig;
  players: number;
  /** The viewer's session cookie and id. */
  cookie: string;
  viewerId: string;
  close(): Promise<void>;
}

/** Builds `players` players and the viewer (on the viewer's board, with bench-1's squad). */
export async function openBenchPopulation(options: {
  databaseUrl?: string;
  players: number;
}): Promise<BenchPopulation> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hit21-population-bench-'));
  const scratch = await openScratchDatabase(options.databaseUrl, dataDir);
  const close = async () => {
    await scratch.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const config = benchConfig({ dataDir, databaseUrl: scratch.url, clockNow: AFTER_GAMEWEEK_38 });
    const { database } = scratch;
    await prepareDatabase(database);
    const season = await findActiveSeason(database.db);

    // The viewer signs up through the API (for a real session); nothing else runs meanwhile.
    const setup = await buildApp({ config, database });
    const signUp = await setup.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: config.PUBLIC_URL },
      payload: { email: 'population-bench@example.com', password: 'Kickoff#2025x', name: '' },
    });
    const cookie = signUp.cookies.map((item) => `${item.name}=${item.value}`).join('; ');
    const viewerId: string = signUp.json().user?.id;
    if (signUp.statusCode !== 200 || !viewerId) throw new Error(`Sign-up failed: ${signUp.body}`);
    await setup.close();

    const started = performance.now();
    await addPopulation(database.db, { seasonId: season.id, size: options.players });
    await database.db.execute(sql`
      update profiles set full_name = 'Bench Viewer', country = ${VIEWER.country}, favourite_club = ${VIEWER.club},
        onboarding_complete = true where id = ${viewerId}`);
    await database.db.execute(sql`
      insert into picks (user_id, season_id, player_id, slot)
      select ${viewerId}, season_id, player_id, slot from picks where user_id = 'bench-1'`);
    await requestBoardRebuild(database.db);
    console.log(`Population of ${options.players.toLocaleString('en-GB')} built in ${seconds1(started)} s`);
    return {
      database,
      url: scratch.url,
      config,
      season,
      players: options.players,
      cookie,
      viewerId,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Recomputes the population's boards as they stand at `at` and prints how long each phase took
 * and the resident memory of this process before and at most during it (it must not grow with
 * the players).
 */
export async function timeRecompute(
  population: BenchPopulation,
  label: string,
  at: string,
  reason?: StaleReason,
): Promise<void> {
  const phases: string[] = [];
  const started = performance.now();
  const { result, memory } = await sampleResidentMemory(() =>
    recomputeStandings({
      database: population.database,
      season: population.season,
      now: new Date(at),
      reason,
      onPhase: (phase: RecomputePhase, elapsedMs) => phases.push(`${phase} ${(elapsedMs / 1000).toFixed(1)}`),
    }),
  );
  if (result.status !== 'recomputed') throw new Error(`Recompute was ${result.status}`);
  console.log(
    `Recompute (${label}, ${result.method === 'rekeyed' ? "the changed scorers' pickers re-keyed" : 'everyone scored'}): ` +
      `${seconds1(started)} s for ${result.members.toLocaleString('en-GB')} players ` +
      `[${phases.join(', ')}], ${memory}`,
  );
}

/**
 * Places the goals that count at `at` on the population's stored board, as the standings check
 * does after a live sync (their scorers' pickers moved, nobody else), and prints how long it took,
 * how many members moved and the resident memory at most meanwhile.
 */
export async function timeGoalPlacement(
  population: BenchPopulation,
  label: string,
  at: string,
): Promise<void> {
  const started = performance.now();
  const { result, memory } = await sampleResidentMemory(() =>
    placeMemberChanges({ database: population.database, season: population.season, goalsAt: new Date(at) }),
  );
  if (result.status !== 'placed') throw new Error(`Goal placement was ${JSON.stringify(result)}`);
  const footballers = `${result.scorersChanged} footballer${result.scorersChanged === 1 ? '' : 's'}`;
  console.log(
    `Goals placed (${label}): ${seconds1(started)} s, ${result.moved.toLocaleString('en-GB')} players moved ` +
      `by the goals of ${footballers}, ${memory}`,
  );
}

/** Runs `work` and says this process's resident memory before it and at most during it (it must not grow with the players). */
async function sampleResidentMemory<T>(work: () => Promise<T>): Promise<{ result: T; memory: string }> {
  const residentBefore = process.memoryUsage().rss;
  let peakResident = residentBefore;
  const sampler = setInterval(() => {
    peakResident = Math.max(peakResident, process.memoryUsage().rss);
  }, 100);
  const result = await work().finally(() => clearInterval(sampler));
  const mebibytes = (bytes: number) => Math.round(bytes / 1024 ** 2);
  return {
    result,
    memory: `resident memory ${mebibytes(residentBefore)} MiB before, ${mebibytes(peakResident)} MiB at most`,
  };
}

/**
 * Serves the population's database over HTTP for the load generator. On PostgreSQL the server is
 * a process of its own running the production bundle (`npm run start:production`'s), as in production:
 * sharing this process's one thread with the load generator would halve what it can answer. The
 * embedded database admits one process, so there it is served from this one.
 */
export async function serveBenchPopulation(
  population: BenchPopulation,
): Promise<{ url: string; close(): Promise<void> }> {
  if (!population.url) {
    const app = await buildApp({ config: population.config, database: population.database });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    return { url, close: () => app.close() };
  }
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const { config } = population;
  const build = await buildServerBundle();
  const server = launchServer(
    url,
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: config.PUBLIC_URL,
      DATABASE_URL: population.url,
      DATA_DIR: config.DATA_DIR,
      BETTER_AUTH_SECRET: config.BETTER_AUTH_SECRET ?? '',
      RATE_LIMIT_MAX: String(config.RATE_LIMIT_MAX),
      ACCOUNT_RATE_LIMIT_PER_CLIENT: String(config.ACCOUNT_RATE_LIMIT_PER_CLIENT),
      CLOCK_NOW: AFTER_GAMEWEEK_38,
      // The population's board is computed already: the scheduled goals sync is not wanted here.
      STATS_SYNC_INTERVAL_MINUTES: '0',
    },
    { bundle: build.bundle },
  );
  const close = async () => {
    await server.stop();
    await build.remove();
  };
  await server.waitUntilHealthy(120_000).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  return { url, close };
}

export function seconds1(started: number): string {
  return ((performance.now() - started) / 1000).toFixed(1);
}

/** A throw-away database: never the one DATABASE_URL names, which may hold real players. */
export async function openScratchDatabase(
  serverUrl: string | undefined,
  dataDir: string,
): Promise<{ database: DatabaseHandle; url?: string; close(): Promise<void> }> {
  if (!serverUrl) {
    const database = await openDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    return { database, close: () => database.close() };
  }
  const name = `hit21_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ engine: 'postgres', url: url.toString() });
  return {
    database,
    url: url.toString(),
    async close() {
      await database.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** BENCH_PLAYERS, else a million on PostgreSQL and twenty thousand on the embedded database. */
export function benchPlayers(databaseUrl: string | undefined): number {
  return Number(process.env.BENCH_PLAYERS ?? (databaseUrl ? 1_000_000 : 20_000));
}

/**
 * The server settings every benchmark runs with: production, limits out of the load
 * generator's way, `clockNow` pinned, and `databaseUrl` (the embedded database in `dataDir`
 * without it). Anything else comes from the environment.
 */
export function benchConfig(options: { dataDir: string; databaseUrl?: string; clockNow: string }): Config {
  return parseConfig({
    ...process.env,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    NODE_ENV: 'production',
    PUBLIC_URL: BENCH_PUBLIC_URL,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    DATA_DIR: options.dataDir,
    BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET ?? randomBytes(32).toString('hex'),
    ACCOUNT_RATE_LIMIT_PER_CLIENT: '100000',
    CLOCK_NOW: options.clockNow,
  });
}
