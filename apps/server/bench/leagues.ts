/**
 * The league standings benchmark: on BENCH_PLAYERS players (1,000,000 on PostgreSQL, 20,000 on
 * the embedded database by default, bench-population.ts), adds one Unlimited league whose
 * members are every player, one league of 50 and a viewer in 30 leagues; times a recompute
 * without the leagues (alone) and one with them (what the league standings add), then measures
 * each league request against a server process of its own, alone and under concurrent load.
 * `npm run bench` runs it after the leaderboard benchmark, on the same population;
 * `node --import tsx apps/server/bench/leagues.ts` runs it alone.
 */
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../src/db/database.ts';
import { requestBoardRebuild } from '../src/plugins/app/standings/standings-inputs-repository.ts';
import {
  AFTER_GAMEWEEK_38,
  type BenchPopulation,
  benchPlayers,
  openBenchPopulation,
  seconds1,
  serveBenchPopulation,
  timeRecompute,
} from './bench-population.ts';
import { measure } from './measure.ts';

const SMALL_LEAGUE = 50;
const VIEWER_LEAGUES = 30;
/** The viewer's other leagues (beside the big one and the league of 50) have this many members. */
const OTHER_LEAGUE_SIZE = 20;

export interface LeagueBenchOptions {
  databaseUrl?: string;
  players: number;
  seconds: number;
  connections: number;
}

export async function runLeagueBench(options: LeagueBenchOptions, shared?: BenchPopulation): Promise<void> {
  const { seconds, connections } = options;
  const population = shared ?? (await openBenchPopulation(options));
  const { database, season, cookie, viewerId, players } = population;
  try {
    console.log(
      `\nLeague standings benchmark: ${database.engine}, ${players.toLocaleString('en-GB')} players, ` +
        `${connections} connections, ${seconds} s per request; load average ${loadavg()
          .map((load) => load.toFixed(1))
          .join(' ')} on ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`,
    );
    // Measured by the leaderboard benchmark when it shares the population.
    if (!shared) await timeRecompute(population, 'no leagues', AFTER_GAMEWEEK_38);

    const started = performance.now();
    const leagues = await addBenchLeagues(database.db, { seasonId: season.id, viewerId, players });
    console.log(`Leagues built in ${seconds1(started)} s`);
    await timeRecompute(population, 'with the leagues', AFTER_GAMEWEEK_38);

    const [counts] = await selectRows<{ search: number }>(
      database.db,
      sql`select count(*)::int as search from standings where search_name like '%smith%'`,
    );
    const members = players + 1;
    const lastPage = Math.ceil(members / 50);
    const big = `/api/leagues/${leagues.everyone}/standings`;
    const everyone = `league of ${members.toLocaleString('en-GB')}`;
    const small = `/api/leagues/${leagues.fifty}/standings`;
    // The slow searches last: under load their queries outlast autocannon's run.
    const requests: [string, string][] = [
      [`${everyone}, page 1`, `${big}?page=1&pageSize=50`],
      [`${everyone}, middle page`, `${big}?page=${Math.ceil(lastPage / 2)}&pageSize=50`],
      [`${everyone}, last page`, `${big}?page=${lastPage}&pageSize=50`],
      [`${everyone}, last page of 100`, `${big}?page=${Math.ceil(members / 100)}&pageSize=100`],
      [`${everyone}, Show Me Only`, `${big}?me=true`],
      ['league of 50, page 1', `${small}?page=1&pageSize=50`],
      ['league of 50, Show Me Only', `${small}?me=true`],
      ['league of 50, search "smith"', `${small}?search=smith`],
      ['league of 50, search two letters ("an")', `${small}?search=an`],
      [`GET /api/leagues (${VIEWER_LEAGUES} leagues)`, '/api/leagues'],
      [`${everyone}, search a surname ("smith", ${counts?.search ?? '?'} matches)`, `${big}?search=smith`],
      [`${everyone}, search "smith", page 100`, `${big}?search=smith&page=100`],
      [`${everyone}, search a full name ("harry okafor")`, `${big}?search=harry%20okafor`],
      [`${everyone}, search two letters ("an")`, `${big}?search=an`],
    ];

    const server = await serveBenchPopulation(population);
    const { url } = server;
    for (const concurrency of [1, connections]) {
      console.log(`\n${concurrency} connection${concurrency === 1 ? '' : 's'}, ${seconds} s each:\n`);
      console.log('| request | median ms | p95 ms | p99 ms | requests/s | errors |');
      console.log('|---|---:|---:|---:|---:|---:|');
      for (const [label, request] of [
        ['signed-in baseline: GET /api/profile', '/api/profile'],
        ...requests,
      ]) {
        const run = await measure(`${url}${request}`, { connections: concurrency, seconds, cookie });
        // Requests autocannon dropped may still be running: let them finish before the next.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        console.log(
          `| ${label} | ${run.median.toFixed(1)} | ${run.p95.toFixed(1)} | ${run.p99.toFixed(1)} | ${run.perSecond} | ${run.errors} |`,
        );
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await server.close();
  } finally {
    if (!shared) await population.close();
  }
}

/**
 * The viewer's 30 leagues, as set-based inserts: "Everyone" (Unlimited, every player, the
 * viewer its admin), a league of 50 and 28 of 20, each with a few pending and rejected
 * requests, and the approved and pending counts the leagues keep.
 */
export async function addBenchLeagues(
  db: Executor,
  options: { seasonId: string; viewerId: string; players: number },
): Promise<{ everyone: string; fifty: string }> {
  const { seasonId, viewerId, players } = options;
  const created = new Date('2025-08-01T12:00:00Z');
  const league = async (index: number, name: string, maxMembers: number) => {
    const [row] = await selectRows<{ id: string }>(
      db,
      sql`insert into leagues (season_id, name, code, admin_id, max_members, join_mode, created_at)
        values (${seasonId}, ${name}, ${`BENCH${String(index).padStart(3, '0')}`}, ${viewerId}, ${maxMembers},
          'invite_only', ${created})
        returning id`,
    );
    if (!row) throw new Error('No league');
    return row.id;
  };
  const everyone = await league(0, 'Everyone', -1);
  const fifty = await league(1, 'Fifty Friends', 50);
  const others = [];
  for (let index = 2; index < VIEWER_LEAGUES; index += 1)
    others.push(await league(index, `League ${index}`, 50));

  await db.execute(sql`insert into league_members (league_id, user_id, status, requested_at, joined_at)
    values (${everyone}, ${viewerId}, 'approved', ${created}, ${created}),
      ${sql.join(
        [fifty, ...others].map((id) => sql`(${id}, ${viewerId}, 'approved', ${created}, ${created})`),
        sql`, `,
      )}`);
  // Every player in "Everyone", joined over the season's first weeks.
  await db.execute(sql`insert into league_members (league_id, user_id, status, requested_at, joined_at)
    select ${everyone}, 'bench-' || n, 'approved', ${created}::timestamptz + n * interval '1 second',
      ${created}::timestamptz + n * interval '1 second'
    from generate_series(1, ${players}::int) as n`);
  // The smaller leagues: members spread over the population, three pending and two rejected each.
  const sizes = [{ id: fifty, size: SMALL_LEAGUE }, ...others.map((id) => ({ id, size: OTHER_LEAGUE_SIZE }))];
  for (const [index, { id, size }] of sizes.entries()) {
    const step = Math.floor(players / (size + 5));
    await db.execute(sql`insert into league_members (league_id, user_id, status, requested_at, joined_at)
      select ${id}, 'bench-' || (1 + ${index} + k * ${step}),
        case when k < ${size - 1} then 'approved' when k < ${size + 2} then 'pending' else 'rejected' end,
        ${created}, case when k < ${size - 1} then ${created}::timestamptz end
      from generate_series(0, ${size + 3}::int) as k`);
  }
  await db.execute(sql`update leagues set
      approved_members = (select count(*) from league_members where league_id = leagues.id and status = 'approved'),
      pending_requests = (select count(*) from league_members where league_id = leagues.id and status = 'pending'),
      members_changed_at = now() - interval '1 hour'
    where admin_id = ${viewerId}`);
  await db.execute(sql`analyze leagues, league_members`);
  await requestBoardRebuild(db);
  return { everyone, fifty };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  await runLeagueBench({
    databaseUrl,
    players: benchPlayers(databaseUrl),
    seconds: Number(process.env.BENCH_SECONDS ?? 5),
    connections: Number(process.env.BENCH_CONNECTIONS ?? 20),
  });
}
