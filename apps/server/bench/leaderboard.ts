/**
 * The leaderboard benchmark: builds BENCH_PLAYERS players with random valid teams (1,000,000
 * on PostgreSQL, 20,000 on the embedded database by default) in a database of its own (a new
 * database on the server of DATABASE_URL, dropped at the end, or a temporary PGlite folder),
 * times two full recomputes (the first board, then the re-rank after a gameweek's goals), then
 * measures each kind of leaderboard request under concurrent load. `npm run bench` runs it
 * after the other endpoints; `node --import tsx apps/server/bench/leaderboard.ts` runs it alone.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { parseConfig } from '../src/config/env.ts';
import { type DatabaseHandle, openDatabase, selectRows } from '../src/db/database.ts';
import { prepareDatabase } from '../src/db/prepare-database.ts';
import { findActiveSeason } from '../src/plugins/app/season/season-repository.ts';
import { recomputeStandings } from '../src/plugins/app/standings/recompute-standings.ts';
import { markStandingsStale } from '../src/plugins/app/standings/standings-inputs-repository.ts';
import { addPopulation } from './standings-population.ts';

/** After gameweek 37, then after gameweek 38 (every goal of the season), before the season is final. */
const AFTER_GAMEWEEK_37 = '2026-05-18T12:00:00Z';
const AFTER_GAMEWEEK_38 = '2026-05-24T23:00:00Z';
const VIEWER = { country: 'United Kingdom', club: 'Arsenal' };
/** The benchmarks' PUBLIC_URL, which production requires: the origin their own requests claim. */
export const BENCH_PUBLIC_URL = 'http://localhost:3000';

export interface LeaderboardBenchOptions {
  /** A PostgreSQL server to create the benchmark database on; the embedded database without it. */
  databaseUrl?: string;
  players: number;
  seconds: number;
  connections: number;
}

export async function runLeaderboardBench(options: LeaderboardBenchOptions): Promise<void> {
  const { players, seconds, connections } = options;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hit21-leaderboard-bench-'));
  const scratch = await openScratchDatabase(options.databaseUrl, dataDir);
  const config = parseConfig({
    ...process.env,
    DATABASE_URL: scratch.url,
    NODE_ENV: 'production',
    PUBLIC_URL: BENCH_PUBLIC_URL,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET ?? randomBytes(32).toString('hex'),
    ACCOUNT_RATE_LIMIT_PER_CLIENT: '100000',
    CLOCK_NOW: AFTER_GAMEWEEK_38,
  });
  const { database } = scratch;
  try {
    console.log(
      `\nLeaderboard benchmark: ${database.engine}, ${players.toLocaleString('en-GB')} players, ` +
        `${connections} connections, ${seconds} s per request; load average ${loadavg()
          .map((load) => load.toFixed(1))
          .join(' ')} on ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`,
    );
    await prepareDatabase(database);
    const season = await findActiveSeason(database.db);

    // The viewer signs up through the API (for a real session); nothing else runs meanwhile.
    const setup = await buildApp({ config, database });
    const signUp = await setup.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: config.PUBLIC_URL },
      payload: { email: 'leaderboard-bench@example.com', password: 'Kickoff#2025x', name: '' },
    });
    const cookie = signUp.cookies.map((item) => `${item.name}=${item.value}`).join('; ');
    const viewerId: string = signUp.json().user?.id;
    if (signUp.statusCode !== 200 || !viewerId) throw new Error(`Sign-up failed: ${signUp.body}`);
    await setup.close();

    let started = performance.now();
    await addPopulation(database.db, { seasonId: season.id, size: players });
    await database.db.execute(sql`
      update profiles set full_name = 'Bench Viewer', country = ${VIEWER.country}, favourite_team = ${VIEWER.club},
        onboarding_complete = true where id = ${viewerId}`);
    await database.db.execute(sql`
      insert into picks (user_id, season_id, player_id, slot)
      select ${viewerId}, season_id, player_id, slot from picks where user_id = 'bench-1'`);
    await markStandingsStale(database.db);
    console.log(`Population built in ${seconds1(started)} s`);

    for (const [label, at] of [
      ['first board, after gameweek 37', AFTER_GAMEWEEK_37],
      ['re-rank after the gameweek 38 goals', AFTER_GAMEWEEK_38],
    ] as const) {
      const phases: string[] = [];
      // The process's resident memory, sampled through the recompute: it must not grow with the players.
      const residentBefore = process.memoryUsage().rss;
      let peakResident = residentBefore;
      const sampler = setInterval(() => {
        peakResident = Math.max(peakResident, process.memoryUsage().rss);
      }, 100);
      started = performance.now();
      const result = await recomputeStandings({
        database,
        season,
        now: new Date(at),
        onPhase: (phase, elapsedMs) => phases.push(`${phase} ${(elapsedMs / 1000).toFixed(1)}`),
      }).finally(() => clearInterval(sampler));
      if (result.status !== 'recomputed') throw new Error(`Recompute was ${result.status}`);
      console.log(
        `Recompute (${label}): ${seconds1(started)} s for ${result.members} players [${phases.join(', ')}], ` +
          `resident memory ${Math.round(residentBefore / 1024 ** 2)} MiB before, ${Math.round(peakResident / 1024 ** 2)} MiB at most`,
      );
    }

    const [counts] = await selectRows<{ country: number; search: number; united: number }>(
      database.db,
      sql`select (select count(*)::int from standings where country = ${VIEWER.country}) as country,
        (select count(*)::int from standings where search_name like '%smith%') as search,
        (select count(*)::int from standings where search_name like '%united%' or country like '%United%'
          or club like '%United%') as united`,
    );
    const total = players + 1;
    const pages = (count: number, size: number) => Math.max(1, Math.ceil(count / size));
    const requests: [string, string][] = [
      ['global, page 1', '/api/leaderboard/global?page=1&pageSize=25'],
      ['global, middle page', `/api/leaderboard/global?page=${Math.ceil(pages(total, 25) / 2)}&pageSize=25`],
      ['global, last page', `/api/leaderboard/global?page=${pages(total, 25)}&pageSize=25`],
      ['country (United Kingdom), page 1', '/api/leaderboard/country?page=1&pageSize=25'],
      ['country, last page', `/api/leaderboard/country?page=${pages(counts?.country ?? 1, 50)}&pageSize=50`],
      ['team (Arsenal), page 1', '/api/leaderboard/team?page=1&pageSize=50'],
      ['Show Me Only', '/api/leaderboard/global?me=true'],
      [
        `search a surname ("smith", ${counts?.search ?? '?'} matches)`,
        '/api/leaderboard/global?search=smith',
      ],
      ['search a club ("arsenal")', '/api/leaderboard/global?search=arsenal'],
      ['search countries and clubs ("united")', '/api/leaderboard/global?search=united'],
      [
        'search "united", last page',
        `/api/leaderboard/global?search=united&page=${pages(counts?.united ?? 1, 25)}`,
      ],
      ['search two letters ("an")', '/api/leaderboard/global?search=an'],
    ];

    const app = await buildApp({ config, database });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    // Latency alone (one request at a time), then under load (BENCH_CONNECTIONS at once).
    for (const concurrency of [1, connections]) {
      console.log(`\n${concurrency} connection${concurrency === 1 ? '' : 's'}, ${seconds} s each:\n`);
      console.log('| request | median ms | p95 ms | p99 ms | requests/s | errors |');
      console.log('|---|---:|---:|---:|---:|---:|');
      for (const [label, request] of [
        ['signed-in baseline: GET /api/profile', '/api/profile'],
        ...requests,
      ]) {
        const run = await measure(`${url}${request}`, { connections: concurrency, seconds, cookie });
        console.log(
          `| ${label} | ${run.median.toFixed(1)} | ${run.p95.toFixed(1)} | ${run.p99.toFixed(1)} | ${run.perSecond} | ${run.errors} |`,
        );
      }
    }
    // A browser that holds a page asks again with its ETag (decision 016): a 304 without a body.
    console.log(`\n${connections} connections with If-None-Match (304 expected), ${seconds} s each:\n`);
    console.log('| request | median ms | p95 ms | p99 ms | requests/s | errors |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const [label, request] of requests) {
      const first = await fetch(`${url}${request}`, { headers: { cookie } });
      const etag = first.headers.get('etag');
      if (!etag) throw new Error(`${request} answered without an ETag`);
      const run = await measure(`${url}${request}`, {
        connections,
        seconds,
        cookie,
        headers: { 'if-none-match': etag },
        expectedStatus: 304,
      });
      console.log(
        `| ${label} | ${run.median.toFixed(1)} | ${run.p95.toFixed(1)} | ${run.p99.toFixed(1)} | ${run.perSecond} | ${run.errors} |`,
      );
    }
    // autocannon stops by dropping its sockets: let the last requests finish before closing.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await app.close();
  } finally {
    await scratch.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** autocannon's own percentiles skip p95: every response time is kept instead. */
export async function measure(
  url: string,
  options: {
    connections: number;
    seconds: number;
    cookie: string;
    headers?: Record<string, string>;
    /** Any other answer counts as an error (autocannon's own count is of non-2xx). */
    expectedStatus?: number;
  },
) {
  const latencies: number[] = [];
  let unexpected = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: options.connections,
        duration: options.seconds,
        headers: { cookie: options.cookie, ...options.headers },
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (options.expectedStatus !== undefined && status !== options.expectedStatus) unexpected++;
    });
  });
  latencies.sort((a, b) => a - b);
  const percentile = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0;
  return {
    median: percentile(0.5),
    p95: percentile(0.95),
    p99: percentile(0.99),
    perSecond: Math.round(result.requests.average),
    errors:
      result.errors + (options.expectedStatus === undefined ? result.non2xx : unexpected),
  };
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  await runLeaderboardBench({
    databaseUrl,
    players: benchPlayers(databaseUrl),
    seconds: Number(process.env.BENCH_SECONDS ?? 5),
    connections: Number(process.env.BENCH_CONNECTIONS ?? 20),
  });
}
