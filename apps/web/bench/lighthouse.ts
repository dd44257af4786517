/**
 * npm run bench:web: Lighthouse on the production build as `npm start` serves it. Builds the
 * web app (BENCH_WEB_SKIP_BUILD=1 serves apps/web/dist as it stands), starts the production
 * server (apps/server/src/server.ts) on a fresh embedded database, makes a signed-in player
 * with a squad and a league, then runs Lighthouse's default mobile audit BENCH_WEB_RUNS times
 * (3) on each page, signed out and signed in, and prints the median run of each (by
 * performance score). BENCH_WEB_PAGES (comma-separated labels' paths, "/login,/dashboard")
 * measures only those pages. BENCH_WEB_OUT names a file for the medians as JSON. Low scores are
 * reported, not failed; anything that cannot run fails the bench.
 */
import { rm, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { type LaunchedChrome, launch } from 'chrome-launcher';
import { createBenchPlayers } from './bench-players.ts';
import {
  type BenchPage,
  LighthouseRuntimeError,
  medianRun,
  type PageRun,
  runLighthouse,
} from './lighthouse-runs.ts';
import { buildWebApp, type ProductionServer, startProductionServer } from './production-server.ts';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const SKIP_BUILD = process.env.BENCH_WEB_SKIP_BUILD === '1';
const OUT_FILE = process.env.BENCH_WEB_OUT;
const ONLY_PAGES = process.env.BENCH_WEB_PAGES?.split(',').map((page) => page.trim());
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Lighthouse now and then loses a run's trace (NO_NAVSTART): such a run is tried again, this often. */
const RETRIES_PER_RUN = 2;
const DEFAULT_WEB_DIST_DIR = new URL('../dist', import.meta.url).pathname;

if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`BENCH_WEB_RUNS must be a whole number ≥ 1`);

let server: ProductionServer | undefined;
let chrome: LaunchedChrome | undefined;
let builtDir: string | undefined;
/** What Chromium calls itself (Chrome/156.0…), read from the first Chrome launched. */
let browserVersion: string | undefined;

/** Stops what the bench started, whatever happened; safe to call twice. */
async function cleanUp(): Promise<void> {
  const launched = chrome;
  chrome = undefined;
  launched?.kill();
  await server?.stop();
  if (builtDir) await rm(builtDir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the server and Chrome`);
    void cleanUp().finally(() => process.exit(130));
  });
}

async function chromiumVersion(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/json/version`);
  const { Browser } = (await response.json()) as { Browser: string };
  return Browser;
}

/**
 * One run of `page` in a Chrome of its own (nothing carried over from the run before), tried
 * again when Lighthouse itself fails, at most RETRIES_PER_RUN times.
 */
async function measure(baseUrl: string, page: BenchPage): Promise<PageRun> {
  for (let attempt = 0; ; attempt += 1) {
    const launched = await launch({
      chromePath: CHROME_PATH,
      chromeFlags: CHROME_FLAGS,
      handleSIGINT: false,
    });
    chrome = launched;
    try {
      browserVersion ??= await chromiumVersion(launched.port);
      return await runLighthouse(baseUrl, page, launched.port);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt === RETRIES_PER_RUN) throw error;
      process.stderr.write(`  ${error.message}: trying again\n`);
    } finally {
      chrome = undefined;
      launched.kill();
    }
  }
}

function seconds(milliseconds: number): string {
  return (milliseconds / 1000).toFixed(2);
}

function kibibytes(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

function printTable(medians: PageRun[]): void {
  console.log(
    '| page | performance | accessibility | best practices | SEO | LCP (s) | CLS | TBT (ms) | FCP (s) | JS (KiB) | total (KiB) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const run of medians) {
    const { scores } = run;
    console.log(
      `| ${run.page} | ${scores.performance} | ${scores.accessibility} | ${scores['best-practices']} | ${scores.seo} | ` +
        `${seconds(run.largestContentfulPaintMs)} | ${run.cumulativeLayoutShift.toFixed(3)} | ` +
        `${Math.round(run.totalBlockingTimeMs)} | ${seconds(run.firstContentfulPaintMs)} | ` +
        `${kibibytes(run.scriptTransferBytes)} | ${kibibytes(run.totalTransferBytes)} |`,
    );
  }
}

async function main(): Promise<void> {
  if (!SKIP_BUILD) {
    console.log('Building the web app for production…');
    builtDir = await buildWebApp();
  }
  server = await startProductionServer({ webDistDir: builtDir ?? DEFAULT_WEB_DIST_DIR });
  const { playerCookie, pickerCookie, leagueCode } = await createBenchPlayers(server.url);
  const allPages: BenchPage[] = [
    { label: '/', path: '/' },
    { label: '/coming-soon', path: '/coming-soon' },
    { label: '/login', path: '/login' },
    { label: '/signup', path: '/signup' },
    { label: '/join/{code}', path: `/join/${leagueCode}` },
    { label: '/dashboard (signed in)', path: '/dashboard', cookie: playerCookie },
    { label: '/player-selection (signed in, no team yet)', path: '/player-selection', cookie: pickerCookie },
    { label: '/leaderboard/global (signed in)', path: '/leaderboard/global', cookie: playerCookie },
  ];
  const pages = ONLY_PAGES
    ? allPages.filter((page) => ONLY_PAGES.includes(page.label.split(' ')[0] ?? ''))
    : allPages;
  if (pages.length === 0) throw new Error(`BENCH_WEB_PAGES names no page: ${process.env.BENCH_WEB_PAGES}`);

  console.log(
    `Lighthouse ${RUNS} run(s) a page, mobile defaults (simulated slow 4G, 4× CPU slowdown), ${server.url}`,
  );
  const medians: PageRun[] = [];
  for (const page of pages) {
    const runs: PageRun[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      runs.push(await measure(server.url, page));
      server.assertRunning();
      process.stderr.write(
        `  ${page.label}: run ${run}/${RUNS}, performance ${runs.at(-1)?.scores.performance}\n`,
      );
    }
    medians.push(medianRun(runs));
  }

  const cpu = cpus();
  const machine = `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GiB`;
  const browser = browserVersion ?? 'unknown Chromium';
  console.log(`\nMachine: ${machine}; ${browser}; Node ${process.version}`);
  console.log(`Median of ${RUNS} run(s) by performance score; bytes are over the wire (compressed).\n`);
  printTable(medians);
  if (OUT_FILE) {
    await writeFile(
      OUT_FILE,
      `${JSON.stringify({ machine, browser, runs: RUNS, pages: medians }, null, 2)}\n`,
    );
    console.log(`\nMedians written to ${OUT_FILE}`);
  }
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
