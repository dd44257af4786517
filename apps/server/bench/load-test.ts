/**
 * npm run bench:load (issue 14): LOAD_PLAYERS simulated players (1,000), all of them for LOAD_SECONDS (600)
 * against the production build on PostgreSQL. Builds the checkout (web app and server bundle,
 * into folders of its own), makes a scratch database on the server of DATABASE_URL (dropped at
 * the end), pins the server clock a day before the pick deadline (CLOCK_NOW) so squads may be
 * saved, and starts LOAD_SERVERS (2) instances of `node server.js` on it with NODE_ENV=production
 * and the default rate limits, each player staying with one.
 * Each player connects from its own loopback address (127.0.x.y), so each is its own client
 * to the limits. Players arrive over LOAD_RAMP_SECONDS (300) before that, sign up, onboard, pick
 * and save a squad, then visit the dashboard, the boards and leagues, create and join leagues
 * and now and then change their squad (load-test/simulated-player.ts), thinking
 * LOAD_THINK_SECONDS ("5-15") between pages, seeded by LOAD_SEED. LOAD_NODE_ARGS passes Node's
 * flags to the servers (`--cpu-prof --cpu-prof-dir=DIR` profiles them).
 *
 * Prints per request kind the count, rate, median, p95, p99 and errors as a Markdown table,
 * the machine and its load, and exits 1 when any request failed.
 */
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../src/db/database.ts';
import { prepareDatabase } from '../src/db/prepare-database.ts';
import { officialCountryName } from '../src/plugins/app/accounts/countries.ts';
import { findFreePort } from '../test/support/server-processes.ts';
import { openScratchDatabase } from './bench-population.ts';
import {
  formatSummaryTable,
  LatencyRecorder,
  type RequestKindSummary,
} from './load-test/latency-recorder.ts';
import { LeagueRegistry } from './load-test/league-registry.ts';
import { LoadSampler } from './load-test/load-sampler.ts';
import { buildForProduction, startProductionServer } from './load-test/production-server.ts';
import { LOAD_TEST_COUNTRIES, SimulatedPlayer } from './load-test/simulated-player.ts';

/** A day before the 2025/26 pick deadline (2025-08-15T17:30Z): every squad save is allowed. */
export const LOAD_TEST_CLOCK = '2025-08-14T17:30:00Z';
/** Players per third octet of their address: 127.0.1.1 to 127.0.1.250, then 127.0.2.1… */
const ADDRESSES_PER_BLOCK = 250;

export interface LoadTestOptions {
  /** The PostgreSQL server the scratch database is made on. */
  databaseUrl: string;
  players: number;
  /** How long every player plays once all have arrived. */
  seconds: number;
  /** How long the players take to arrive, one after another. */
  rampSeconds: number;
  /** Server instances on the one database (each player uses one). */
  servers: number;
  thinkSeconds: readonly [number, number];
  seed: number;
  /** Node's flags for the server processes (LOAD_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). */
  serverNodeArgs?: readonly string[];
  /** Progress lines (the build, the start, every minute); silent without. */
  log?: (line: string) => void;
}

export interface LoadTestResult {
  rows: RequestKindSummary[];
  totalRequests: number;
  totalErrors: number;
  /** Players who signed up, onboarded and saved a squad. */
  playersWithSquads: number;
  /** The whole report: settings, machine, load, the table and the errors. */
  report: string;
}

/** The loopback address player `index` connects from; never 127.0.0.1, which others use. */
export function playerAddress(index: number): string {
  const block = 1 + Math.floor(index / ADDRESSES_PER_BLOCK);
  if (block > 255)
    throw new Error(`At most ${255 * ADDRESSES_PER_BLOCK} players have an address of their own`);
  return `127.0.${block}.${1 + (index % ADDRESSES_PER_BLOCK)}`;
}

export async function runLoadTest(options: LoadTestOptions): Promise<LoadTestResult> {
  const log = options.log ?? (() => undefined);
  const unlisted = LOAD_TEST_COUNTRIES.filter((country) => officialCountryName(country) !== country);
  if (unlisted.length > 0) throw new Error(`Not as the country list names them: ${unlisted.join(', ')}`);
  const workDir = await mkdtemp(path.join(tmpdir(), 'hit21-load-test-'));
  const runId = randomBytes(4).toString('hex');
  log(`Building the web app and the server bundle into ${workDir}…`);
  const build = await buildForProduction(workDir);
  const scratch = await openScratchDatabase(options.databaseUrl, workDir);
  try {
    await prepareDatabase(scratch.database);
    const [{ version } = { version: '?' }] = await selectRows<{ version: string }>(
      scratch.database.db,
      sql`select current_setting('server_version') as version`,
    );
    // Several instances on the one database, as in production; each player stays with one (as
    // a proxy that hashes the client address would send it), and a session is valid on all.
    const ports = await Promise.all(Array.from({ length: options.servers }, () => findFreePort()));
    const urls = ports.map((port) => `http://127.0.0.1:${port}`);
    const secret = randomBytes(32).toString('hex');
    const logFiles = urls.map((_, index) => path.join(workDir, `server-${index + 1}.log`));
    const servers = await Promise.all(
      urls.map(async (url, index) => {
        const dataDir = path.join(workDir, `data-${index + 1}`);
        await mkdir(dataDir);
        return startProductionServer({
          bundle: build.bundle,
          url,
          logFile: logFiles[index] as string,
          env: {
            HOST: '127.0.0.1',
            PORT: String(ports[index]),
            PUBLIC_URL: url,
            TRUSTED_ORIGINS: urls.join(','),
            BETTER_AUTH_SECRET: secret,
            DATABASE_URL: scratch.url ?? '',
            DATA_DIR: dataDir,
            WEB_DIST_DIR: build.webDistDir,
            CLOCK_NOW: LOAD_TEST_CLOCK,
          },
          nodeArgs: options.serverNodeArgs,
        });
      }),
    );
    log(
      `${servers.length} server${servers.length === 1 ? '' : 's'} (production bundle, pids ${servers.map((server) => server.pid).join(', ')}) ` +
        `at ${urls.join(', ')}; PostgreSQL ${version}`,
    );

    const recorder = new LatencyRecorder();
    const leagues = new LeagueRegistry();
    const load = new LoadSampler(servers.map((server) => server.pid));
    const started = performance.now();
    // Everyone has arrived at the end of the ramp; then all of them play for `seconds`.
    const endsAt = started + (options.rampSeconds + options.seconds) * 1000;
    const progress = setInterval(
      () =>
        log(
          `${Math.round((performance.now() - started) / 1000)} s: ${recorder.totalRequests.toLocaleString('en-GB')} requests, ` +
            `${recorder.totalErrors} errors, load average ${loadavg()[0]?.toFixed(2)}`,
        ),
      60_000,
    );
    const outcomes = await Promise.all(
      Array.from({ length: options.players }, async (_, index) => {
        const arrival = (options.rampSeconds * 1000 * index) / options.players;
        await new Promise((resolve) => setTimeout(resolve, arrival));
        return new SimulatedPlayer({
          index,
          runId,
          origin: new URL(urls[index % urls.length] as string),
          localAddress: playerAddress(index),
          recorder,
          leagues,
          seed: options.seed + index,
          thinkSeconds: options.thinkSeconds,
          endsAt,
        }).play();
      }),
    );
    clearInterval(progress);
    const seconds = (performance.now() - started) / 1000;
    const machine = load.stop();
    const playersWithSquads = outcomes.filter(Boolean).length;
    await checkStoredData(scratch.database.db, recorder, { playersWithSquads, leagues });
    for (const [index, exitCode] of (await Promise.all(servers.map((server) => server.stop()))).entries()) {
      if (exitCode !== 0) recorder.addError('server shutdown', `server ${index + 1} exited with ${exitCode}`);
    }
    const serverLog = await summariseServerLogs(logFiles);
    if (serverLog.errors.length > 0)
      recorder.addError('server log', `${serverLog.errors.length} error lines, e.g. ${serverLog.errors[0]}`);

    const rows = recorder.summarise(seconds);
    const report = [
      `## Load test: ${options.players.toLocaleString('en-GB')} players, all of them for ${options.seconds} s, on PostgreSQL ${version}`,
      '',
      `Production bundle (NODE_ENV=production, default rate limits), clock ${LOAD_TEST_CLOCK}; players arrive over ` +
        `${options.rampSeconds} s, think ${options.thinkSeconds.join('-')} s, seed ${options.seed}; ` +
        `${seconds.toFixed(0)} s from the first arrival to the last player leaving.`,
      `Players with a saved team: ${playersWithSquads.toLocaleString('en-GB')} of ${options.players.toLocaleString('en-GB')}; ` +
        `leagues created ${leagues.created}, joins ${leagues.joinsSent}.`,
      `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 1024 ** 3)} GiB, ` +
        `Node ${process.version}; ${machine}.`,
      `Server log: ${serverLog.warnings} warnings, ${serverLog.errors.length} errors.`,
      '',
      formatSummaryTable(rows, seconds),
      '',
      `Total: ${recorder.totalRequests.toLocaleString('en-GB')} requests, ${recorder.totalErrors} errors; ` +
        `${recorder.resent} sent again on a new connection (the server had just closed the idle one).`,
      ...rows
        .filter((row) => row.errors > 0)
        .map((row) => `- ${row.kind}: ${row.errors} errors, e.g. ${row.errorSamples.join(' | ')}`),
    ].join('\n');
    if (recorder.totalErrors > 0) {
      for (const [index, file] of logFiles.entries()) {
        const kept = path.join(tmpdir(), `hit21-load-test-${runId}-server-${index + 1}.log`);
        await copyFile(file, kept);
        log(`Server ${index + 1}'s log is kept at ${kept}`);
      }
    }
    return {
      rows,
      totalRequests: recorder.totalRequests,
      totalErrors: recorder.totalErrors,
      playersWithSquads,
      report,
    };
  } finally {
    await scratch.close();
    await build.remove();
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * What the players did is what the database holds: every saved squad has its four picks, and
 * every league and join the players made is there, with its approved members.
 */
async function checkStoredData(
  db: Executor,
  recorder: LatencyRecorder,
  expected: { playersWithSquads: number; leagues: LeagueRegistry },
): Promise<void> {
  const [stored] = await selectRows<{ squads: number; picks: number; leagues: number; members: number }>(
    db,
    sql`select (select count(*)::int from profiles where player_selection_complete) as squads,
      (select count(*)::int from picks) as picks,
      (select count(*)::int from leagues) as leagues,
      (select count(*)::int from league_members where status = 'approved') as members`,
  );
  const wanted = {
    squads: expected.playersWithSquads,
    picks: 4 * expected.playersWithSquads,
    leagues: expected.leagues.created,
    members: expected.leagues.created + expected.leagues.joinsSent,
  };
  for (const [name, count] of Object.entries(wanted)) {
    const found = stored?.[name as keyof typeof wanted];
    if (found !== count) recorder.addError('stored data', `${found} ${name} stored, ${count} expected`);
  }
}

/** The servers' own errors and warnings (pino levels 50+ and 40), whatever the answers said. */
async function summariseServerLogs(
  logFiles: readonly string[],
): Promise<{ warnings: number; errors: string[] }> {
  const errors: string[] = [];
  let warnings = 0;
  const lines = (await Promise.all(logFiles.map((file) => readFile(file, 'utf8')))).join('\n').split('\n');
  for (const line of lines) {
    const level = /"level":(\d+)/.exec(line)?.[1];
    if (level === '40') warnings += 1;
    else if (Number(level) >= 50) errors.push(line.slice(0, 300));
  }
  return { warnings, errors };
}

function numberFrom(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const databaseUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!databaseUrl) {
    console.error(
      'npm run bench:load needs a PostgreSQL server: DATABASE_URL=postgres://… npm run bench:load',
    );
    process.exit(2);
  }
  const [shortest = 5, longest = 15] = (process.env.LOAD_THINK_SECONDS ?? '5-15').split('-').map(Number);
  const seconds = numberFrom('LOAD_SECONDS', 600);
  const result = await runLoadTest({
    databaseUrl,
    players: numberFrom('LOAD_PLAYERS', 1_000),
    seconds,
    // A sign-up hashes a password (scrypt, tens of milliseconds of a core): 1,000 of them
    // arrive over five minutes rather than one, as a crowd does before a deadline.
    rampSeconds: numberFrom('LOAD_RAMP_SECONDS', 300),
    // One Node process answers on one core: two instances use the machine's two, as
    // production runs several behind a proxy.
    servers: numberFrom('LOAD_SERVERS', 2),
    thinkSeconds: [shortest, longest],
    seed: Number(process.env.LOAD_SEED ?? 21),
    serverNodeArgs: (process.env.LOAD_NODE_ARGS ?? '').split(' ').filter(Boolean),
    log: (line) => console.log(line),
  });
  console.log(`\n${result.report}`);
  process.exit(result.totalErrors > 0 ? 1 : 0);
}
