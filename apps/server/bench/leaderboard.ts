/**
 * The leaderboard benchmark: on BENCH_PLAYERS players with random valid squads (1,000,000 on
 * PostgreSQL, 20,000 on the embedded database by default, bench-population.ts), times two full
 * recomputes (the first board, then the re-rank after a gameweek's goals; a third, of the same
 * board, at the end), then measures each
 * kind of leaderboard request against a server process of its own, alone and under concurrent
 * load. `npm run bench` runs it after the other endpoints, on the population the league
 * benchmark then uses too; `node --import tsx apps/server/bench/leaderboard.ts` runs it alone.
 */
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { SEARCH_TOTAL_CAP } from '@hit21/core';
import { sql } from 'drizzle-orm';
import { selectRows } from '../src/db/database.ts';
import { deleteAccount } from '../src/plugins/app/accounts/delete-account.ts';
import { markMemberChanged } from '../src/plugins/app/standings/placing/member-changes-repository.ts';
import { placeMemberChanges } from '../src/plugins/app/standings/placing/place-member-changes.ts';
import {
  AFTER_GAMEWEEK_38,
  type BenchPopulation,
  benchPlayers,
  openBenchPopulation,
  serveBenchPopulation,
  timeGoalPlacement,
  timeRecompute,
  VIEWER,
} from './bench-population.ts';
import { measure } from './measure.ts';

/** After gameweek 37: the first board is computed then, and re-ranked after gameweek 38's goals. */
const AFTER_GAMEWEEK_37 = '2026-05-18T12:00:00Z';

export interface LeaderboardBenchOptions {
  /** A PostgreSQL server to create the benchmark database on; the embedded database without it. */
  databaseUrl?: string;
  players: number;
  seconds: number;
  connections: number;
}

export async function runLeaderboardBench(
  options: LeaderboardBenchOptions,
  shared?: BenchPopulation,
): Promise<void> {
  const { seconds, connections } = options;
  const population = shared ?? (await openBenchPopulation(options));
  const { database, cookie, players } = population;
  try {
    console.log(
      `\nLeaderboard benchmark: ${database.engine}, ${players.toLocaleString('en-GB')} players, ` +
        `${connections} connections, ${seconds} s per request; load average ${loadavg()
          .map((load) => load.toFixed(1))
          .join(' ')} on ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`,
    );
    // Gameweek 38's goals held back, as before its kick-off: a live sync then brings the goal of its
    // most-picked scorer alone (placed), the next the goals of the three after him (placed in
    // batches), and a sync catching up brings the rest at once (rebuilt).
    await database.db.execute(
      sql`create table bench_held_goals as select * from goals where kickoff_at > ${AFTER_GAMEWEEK_37}`,
    );
    await database.db.execute(sql`delete from goals where kickoff_at > ${AFTER_GAMEWEEK_37}`);
    await timeRecompute(population, 'first board, after gameweek 37', AFTER_GAMEWEEK_37);
    /** Brings the goals of the next `scorers` most-picked scorers of gameweek 38, as a sync would. */
    const syncMostPicked = (scorers: number) =>
      database.db.execute(sql`insert into goals select * from bench_held_goals where player_id in (
        select held.player_id from bench_held_goals as held join picks on picks.player_id = held.player_id
        where held.player_id not in (select player_id from goals where kickoff_at > ${AFTER_GAMEWEEK_37})
        group by held.player_id order by count(*) desc, held.player_id limit ${scorers})`);
    await syncMostPicked(1);
    await timeGoalPlacement(population, "a live goal of gameweek 38's most-picked scorer", AFTER_GAMEWEEK_38);
    await syncMostPicked(3);
    await timeGoalPlacement(
      population,
      "a sync with the next three most-picked scorers' goals",
      AFTER_GAMEWEEK_38,
    );
    // A sync catching up brings the rest, all but the goals of the least-picked scorer with
    // pickers: those come later, while the server runs (below).
    await database.db.execute(sql`insert into goals select * from bench_held_goals where player_id <> (
        select held.player_id from bench_held_goals as held join picks on picks.player_id = held.player_id
        where held.player_id not in (select player_id from goals where kickoff_at > ${AFTER_GAMEWEEK_37})
        group by held.player_id order by count(*), held.player_id limit 1)
      on conflict do nothing`);
    // As the check does when the goals that count changed and they move too many to place.
    await timeRecompute(
      population,
      're-rank after the gameweek 38 goals',
      AFTER_GAMEWEEK_38,
      'goals counted changed',
    );

    const [counts] = await selectRows<{ country: number; search: number; son: number; united: number }>(
      database.db,
      sql`select (select count(*)::int from standings where country = ${VIEWER.country}) as country,
        (select count(*)::int from standings where search_name like '%smith%') as search,
        (select count(*)::int from standings where search_name like '%son%') as son,
        (select count(*)::int from standings where search_name like '%united%' or country like '%United%'
          or club like '%United%') as united`,
    );
    const [tenThousandth] = await selectRows<{ user_id: string }>(
      database.db,
      sql`select user_id from standings where search_name like '%united%' or country like '%United%'
        or club like '%United%' order by ord offset ${SEARCH_TOTAL_CAP - 1} limit 1`,
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
      // Its next page: the count kept from the first (board-cache.ts), the page walked from the top.
      ['search "smith", page 2', '/api/leaderboard/global?search=smith&page=2'],
      [`search three letters ("son", ${counts?.son ?? '?'} matches)`, '/api/leaderboard/global?search=son'],
      ['search a club ("arsenal")', '/api/leaderboard/global?search=arsenal'],
      ['search countries and clubs ("united")', '/api/leaderboard/global?search=united'],
      // Next past the cap (decision 018): after the last member of page 400, the 10,000th match.
      [
        'search "united", page 401 (Next past the cap)',
        `/api/leaderboard/global?search=united&page=401&after=${tenThousandth?.user_id}`,
      ],
      ['search two letters ("an")', '/api/leaderboard/global?search=an'],
    ];

    const server = await serveBenchPopulation(population);
    const { url } = server;
    // The first asking of each request finds nothing kept: what the database alone takes
    // (the session is looked up once before, as any signed-in player's is).
    await (await fetch(`${url}/api/profile`, { headers: { cookie } })).arrayBuffer();
    /**
     * Asks each request once (one connection), on the board version the server serves now. A
     * search answered before its count is asked again every 100 ms until its total is in (the
     * screen asks every second): how long the total took is printed beside it.
     */
    const askEach = async (heading: string, asked: [string, string][], base = url) => {
      console.log(`\n${heading}\n`);
      console.log('| request | ms | total |');
      console.log('|---|---:|---|');
      const ask = async (request: string) => {
        const response = await fetch(`${base}${request}`, { headers: { cookie } });
        if (response.status !== 200) throw new Error(`${request} answered ${response.status}`);
        return ((await response.json()) as { total: number | null }).total;
      };
      for (const [label, request] of asked) {
        const started = performance.now();
        let total = await ask(request);
        const answeredMs = performance.now() - started;
        let counted = total === null ? '' : total.toLocaleString('en-GB');
        if (total === null) {
          while (total === null) {
            await new Promise((resolve) => setTimeout(resolve, 100));
            total = await ask(request);
          }
          const countedMs = (performance.now() - started).toFixed(0);
          counted = `counting; ${total.toLocaleString('en-GB')} within ${countedMs} ms`;
        }
        console.log(`| ${label} | ${answeredMs.toFixed(1)} | ${counted} |`);
      }
    };
    await askEach('First request of each, before the board cache holds it (one connection):', requests);
    const searches = requests.filter(([, request]) => /search=(smith|son|an)$/.test(request));
    // Another instance, which has been asked nothing (as this one after a restart): the searches'
    // counts come from the database, where the first asking shared them.
    const second = await serveBenchPopulation(population);
    await (await fetch(`${second.url}/api/profile`, { headers: { cookie } })).arrayBuffer();
    await askEach(
      "First request of each on a second instance (the searches' counts shared):",
      searches,
      second.url,
    );
    await second.close();
    // The last goal comes: the board has a new version with the same roster, so the searches'
    // counts kept above serve their first pages on it too (found along the rank index).
    await database.db.execute(sql`insert into goals select * from bench_held_goals on conflict do nothing`);
    await database.db.execute(sql`drop table bench_held_goals`);
    console.log('');
    await timeGoalPlacement(
      population,
      "the last goal, of gameweek 38's least-picked scorer",
      AFTER_GAMEWEEK_38,
    );
    await askEach(
      "First request of each on the board after that goal (the searches' counts kept):",
      searches,
    );
    // A player joins whom all three searches match: a new roster, the counts brought forward to it.
    await database.db.execute(sql`insert into users (id, name, email, email_verified)
      values ('bench-joiner', '', 'bench-joiner@example.com', false)`);
    await database.db.execute(sql`insert into profiles
        (id, email, full_name, country, favourite_club, onboarding_complete, player_selection_complete)
      values ('bench-joiner', 'bench-joiner@example.com', 'Sonia Smithson', ${VIEWER.country}, 'Arsenal', true, false)`);
    await markMemberChanged(database.db, 'bench-joiner');
    const joinStarted = performance.now();
    const joined = await placeMemberChanges({ database, season: population.season });
    if (joined.status !== 'placed') throw new Error(`The joiner's placement was ${JSON.stringify(joined)}`);
    console.log(
      `\nA new player (Sonia Smithson) placed: ${((performance.now() - joinStarted) / 1000).toFixed(1)} s`,
    );
    await askEach("First request of each after she joined (the searches' counts brought forward):", searches);
    // She deletes her account. Nothing of hers may be logged: every count kept in memory is
    // forgotten, and the counts shared through the database are brought past her in the
    // deletion's transaction.
    const deleteStarted = performance.now();
    await deleteAccount(
      database.db,
      { id: 'bench-joiner', email: 'bench-joiner@example.com' },
      new Date(AFTER_GAMEWEEK_38),
    );
    console.log(`\nHer account deleted: ${((performance.now() - deleteStarted) / 1000).toFixed(1)} s`);
    await askEach(
      'First request of each after her account was deleted (the shared counts brought past her):',
      searches,
    );
    // Goals quiet, a rebuild evens the blocks out.
    console.log('');
    await timeRecompute(population, 'a rebuild of the same members and goals', AFTER_GAMEWEEK_38);
    await askEach('First request of each on the rebuilt board:', searches);
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
    await server.close();
  } finally {
    if (!shared) await population.close();
  }
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
