import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { prepareDatabase } from '../src/db/prepare-database.ts';
import { benchConfig, benchPlayers, openBenchPopulation } from './bench-population.ts';
import { runLeaderboardBench } from './leaderboard.ts';
import { runLeagueBench } from './leagues.ts';
import { runNotificationBench } from './notifications.ts';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ENDPOINTS = ['/api/health', '/api/season', '/api/clubs'];
/** The player list as the picking screens ask for it: first page, a search, filters, a deep page. */
const PLAYER_LIST_QUERIES = [
  '/api/players?page=1&pageSize=20',
  '/api/players?search=son&sort=total_goals&order=desc&pageSize=20',
  '/api/players?club=MCI&position=forward&minGoals=1&maxGoals=10&pageSize=20',
  '/api/players?sort=team&order=desc&page=30&pageSize=20',
];

const benchStarted = performance.now();
const dataDir = await mkdtemp(path.join(tmpdir(), 'hit21-bench-'));
// Late in the season: every player's goals so far are summed from the most rows.
const config = benchConfig({ dataDir, clockNow: process.env.CLOCK_NOW ?? '2026-05-20T12:00:00Z' });
const database = await openDatabase(
  config.DATABASE_URL
    ? { engine: 'postgres', url: config.DATABASE_URL }
    : { engine: 'pglite', dataDir: path.join(dataDir, 'pglite') },
);
await prepareDatabase(database);
const app = await buildApp({ config, database });
const url = await app.listen({ host: '127.0.0.1', port: 0 });

console.log(
  `Hit21 API benchmark: ${database.engine}, ${CONNECTIONS} connections, ${DURATION_SECONDS} s per endpoint`,
);
console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}\n`);
console.log('| endpoint | median ms | p99 ms | requests/s | errors |');
console.log('|---|---:|---:|---:|---:|');
// The player list is for signed-in players: sign one up and send the session cookie.
const signUp = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-up/email',
  headers: { origin: config.PUBLIC_URL },
  payload: { email: 'bench@example.com', password: 'Kickoff#2025x', name: '' },
});
const cookie = signUp.cookies.map((item) => `${item.name}=${item.value}`).join('; ');
if (signUp.statusCode !== 200 || !cookie) throw new Error(`Sign-up failed: ${signUp.body}`);

for (const endpoint of [...ENDPOINTS, ...PLAYER_LIST_QUERIES]) {
  const result = await autocannon({
    url: `${url}${endpoint}`,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    headers: endpoint.startsWith('/api/players') ? { cookie } : {},
  });
  const errors = result.errors + result.non2xx;
  console.log(
    `| GET ${endpoint} | ${result.latency.p50} | ${result.latency.p99} | ${Math.round(result.requests.average)} | ${errors} |`,
  );
}

await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });

// One population for the boards and the leagues: at ten million players building it takes minutes.
const benchOptions = {
  databaseUrl: config.DATABASE_URL,
  players: benchPlayers(config.DATABASE_URL),
  // Each board and league request runs twice (alone, then under load): half the time each.
  seconds: Math.ceil(DURATION_SECONDS / 2),
  connections: CONNECTIONS,
};
const population = await openBenchPopulation(benchOptions);
try {
  await runLeaderboardBench(benchOptions, population);
  await runLeagueBench(benchOptions, population);
} finally {
  await population.close();
}

// Live notifications need PostgreSQL's NOTIFY between processes: PostgreSQL only.
if (config.DATABASE_URL) {
  await runNotificationBench({
    databaseUrl: config.DATABASE_URL,
    streams: Number(process.env.BENCH_STREAMS ?? 10_000),
    samples: Number(process.env.BENCH_SAMPLES ?? 200),
    fanOut: Number(process.env.BENCH_FANOUT ?? 100_000),
    fanOutRuns: Number(process.env.BENCH_FANOUT_RUNS ?? 3),
  });
}

console.log(
  `\nnpm run bench finished in ${((performance.now() - benchStarted) / 60_000).toFixed(1)} minutes`,
);
