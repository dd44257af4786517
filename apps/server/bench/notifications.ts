/**
 * The live notifications benchmark (PostgreSQL only, DATABASE_URL names the server; a scratch
 * database of its own is made and dropped): one real server process holding BENCH_STREAMS
 * (10,000) open notification streams, then
 *   1. a join request made through the API → its `notification` on the admin's stream,
 *   2. a goal alert stored with a `created` NOTIFY → its arrival,
 *      each BENCH_SAMPLES (200) times while every stream stays connected, p50/p95/max;
 *   3. the goal alerts fan-out: a goal by a player BENCH_FANOUT (100,000) players picked, from the
 *      goal row's insert to every alert stored (the server's goal-alerts job, which the write to
 *      `goals` wakes) and to every connected picker's stream having it; BENCH_FANOUT_RUNS (3) goals.
 * The players and sessions are written straight in SQL (signing up 10,000 through better-auth
 * would take minutes); the session cookies are signed as better-auth signs them.
 * `npm run bench` runs it last on PostgreSQL; `node --import tsx apps/server/bench/notifications.ts` runs it alone.
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { createParser } from 'eventsource-parser';
import pg from 'pg';
import { openDatabase, selectRows } from '../src/db/database.ts';
import { textArray } from '../src/db/sql-values.ts';
import { publishNotificationEvent } from '../src/plugins/app/notifications/notification-events-repository.ts';
import { type ServerProcess, startServerProcesses } from '../test/support/server-processes.ts';

/** Before the pick deadline of the committed season: leagues can be joined. */
const NOW = '2025-08-10T12:00:00Z';
const PREFIX = 'live';

export interface NotificationBenchOptions {
  databaseUrl: string;
  streams: number;
  samples: number;
  fanOut: number;
  /** How many goals are fanned out one after another. */
  fanOutRuns: number;
}

interface OpenStream {
  userId: string;
  /** Notification id → arrival (performance.now()). */
  arrivals: Map<string, number>;
  goalArrivals: number;
  close(): void;
}

export async function runNotificationBench(options: NotificationBenchOptions): Promise<void> {
  const { streams, samples } = options;
  const fanOut = Math.max(options.fanOut, streams + samples);
  const secret = randomBytes(32).toString('hex');
  console.log(
    `\nLive notifications benchmark: postgres, ${streams.toLocaleString('en-GB')} open streams on one server, ` +
      `${samples} samples, fan-out to ${fanOut.toLocaleString('en-GB')} pickers; load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')} on ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`,
  );
  const processes = await startServerProcesses({
    count: 1,
    serverUrl: options.databaseUrl,
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      BETTER_AUTH_SECRET: secret,
      CLOCK_NOW: NOW,
      RATE_LIMIT_MAX: '100000000',
      // Every stream comes from this machine and stays open for the whole run.
      NOTIFICATION_STREAMS_PER_CLIENT: '100000000',
      NOTIFICATION_STREAMS_MAX: String(streams + samples),
      NOTIFICATION_STREAM_LIFETIME_SECONDS: '86400',
    },
  });
  const [server] = processes.servers;
  if (!server) throw new Error('No server');
  const database = await openDatabase({ engine: 'postgres', url: processes.databaseUrl });
  const open: OpenStream[] = [];
  try {
    const cookieName = await sessionCookieName(server);
    let started = performance.now();
    const population = await addLivePopulation(processes.databaseUrl, {
      players: fanOut,
      withSessions: streams + samples,
      admins: samples,
    });
    console.log(`Players, sessions and leagues written in ${seconds(started)} s`);
    const cookieOf = (token: string) =>
      `${cookieName}=${encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`)}`;

    started = performance.now();
    for (let from = 0; from < streams; from += 250) {
      const batch = [];
      for (let index = from; index < Math.min(streams, from + 250); index += 1)
        batch.push(openStream(server, `${PREFIX}-${index + 1}`, cookieOf(`token-${index + 1}`)));
      open.push(...(await Promise.all(batch)));
    }
    console.log(`${open.length.toLocaleString('en-GB')} streams opened in ${seconds(started)} s`);
    const byUser = new Map(open.map((stream) => [stream.userId, stream]));

    // 1. Join requests through the API, each to an admin whose stream is open.
    const joinLatency: number[] = [];
    const joinAfterAnswer: number[] = [];
    for (let index = 0; index < samples; index += 1) {
      const admin = byUser.get(`${PREFIX}-${index + 1}`);
      const requester = streams + index + 1;
      if (!admin) throw new Error('Admin stream missing');
      const sent = performance.now();
      const response = await fetch(`${server.url}/api/leagues/join`, {
        method: 'POST',
        headers: {
          origin: server.url,
          'content-type': 'application/json',
          cookie: cookieOf(`token-${requester}`),
        },
        body: JSON.stringify({ code: population.leagueCodes[index] }),
      });
      const answered = performance.now();
      const body = await response.text();
      if (response.status !== 200 || !body.includes('pending')) throw new Error(`Join failed: ${body}`);
      const arrived = await firstArrival(admin);
      joinLatency.push(arrived - sent);
      joinAfterAnswer.push(arrived - answered);
    }

    // 2. A stored goal alert and its `created` NOTIFY, timed from the commit.
    const createdLatency: number[] = [];
    for (let index = 0; index < samples; index += 1) {
      const stream = open[samples + (index % (open.length - samples))];
      if (!stream) throw new Error('Stream missing');
      const id = await database.db.transaction(async (tx) => {
        const [row] = await selectRows<{ id: number }>(
          tx,
          sql`insert into notifications (user_id, type, goal_kind, actor_name, title, message)
            values (${stream.userId}, 'goal', 'scored', 'Bench Scorer', 'Bench goal', 'A goal stored by the benchmark')
            returning id`,
        );
        if (!row) throw new Error('No row');
        await publishNotificationEvent(tx, { kind: 'created', userId: stream.userId, ids: [Number(row.id)] });
        return String(row.id);
      });
      const committed = performance.now();
      createdLatency.push((await arrivalOf(stream, id)) - committed);
    }
    console.log(`\n${samples} samples each, all ${open.length.toLocaleString('en-GB')} streams connected:\n`);
    console.log('| from → to | p50 ms | p95 ms | max ms |');
    console.log('|---|---:|---:|---:|');
    const row = (label: string, values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      // Nearest rank: p95 of 200 is the 190th.
      const at = (q: number) => (sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0).toFixed(1);
      console.log(`| ${label} | ${at(0.5)} | ${at(0.95)} | ${at(1)} |`);
    };
    row("join request sent (HTTP) → admin's stream", joinLatency);
    row("join request answered (committed) → admin's stream", joinAfterAnswer);
    row('goal alert committed with `created` → stream', createdLatency);
    const stillOpen = open.filter((stream) => !closedStreams.has(stream)).length;
    console.log(`Streams still open: ${stillOpen.toLocaleString('en-GB')}`);

    // 3. The fan-out of a goal to every picker, through the server's goal-alerts job, which the
    //    goal's write wakes (migration 0014); each run a new goal of the scorer, a minute later.
    console.log(
      `\nGoal alerts fan-out to ${fanOut.toLocaleString('en-GB')} pickers (${streams.toLocaleString('en-GB')} of them connected), ` +
        `timed from the goal row's insert (autocommit) on another connection:\n`,
    );
    console.log(
      '| run | → first alert stored | → all alerts stored | → on every connected stream | job ms | load average |',
    );
    console.log('|---:|---:|---:|---:|---:|---|');
    const storedTimes: number[] = [];
    const deliveredTimes: number[] = [];
    for (let run = 0; run < options.fanOutRuns; run += 1) {
      const load = loadavg()
        .map((value) => value.toFixed(1))
        .join(' ');
      const lastIdBefore = await lastNotificationId(database.db);
      const fixtureId = 990001 + run;
      const goalAt = performance.now();
      await database.db.execute(sql`
        insert into goals (player_id, fixture_id, gameweek, kickoff_at, goals, club_code)
        values (${population.scorerId}, ${fixtureId}, 1,
          ${NOW}::timestamptz - interval '1 hour' + ${run} * interval '1 minute', 1, ${population.scorerClub})`);
      let firstStoredAt: number | undefined;
      let storedAt: number | undefined;
      let deliveredAt: number | undefined;
      const deadline = goalAt + 300_000;
      while (performance.now() < deadline && (storedAt === undefined || deliveredAt === undefined)) {
        // Index probes only: counting a growing table every 50 ms would slow the run it times.
        if (firstStoredAt === undefined && (await lastNotificationId(database.db)) > lastIdBefore)
          firstStoredAt = performance.now();
        if (storedAt === undefined && (await isFanOutDone(database.db, population.scorerId, fixtureId)))
          storedAt = performance.now();
        if (open.every((stream) => stream.goalArrivals > run)) deliveredAt ??= performance.now();
        await sleep(50);
      }
      const jobLines = server
        .logs()
        .split('\n')
        .filter((line) => line.includes('Goal alerts:') && line.includes('notifications in'));
      const jobMs = jobLines.length > run ? JSON.parse(jobLines.at(-1) ?? '{}').goalAlerts?.durationMs : '–';
      const stored = await countGoalAlerts(database.db, fixtureId);
      if (storedAt !== undefined && stored !== fanOut)
        throw new Error(`${stored} alerts stored, not ${fanOut}`);
      const ms = (at: number | undefined) =>
        at === undefined ? '> 300 s' : `${((at - goalAt) / 1000).toFixed(2)} s`;
      if (storedAt !== undefined) storedTimes.push(storedAt - goalAt);
      if (deliveredAt !== undefined) deliveredTimes.push(deliveredAt - goalAt);
      console.log(
        `| ${run + 1} | ${ms(firstStoredAt)} | ${ms(storedAt)} | ${ms(deliveredAt)} | ${jobMs} | ${load} |`,
      );
    }
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted.length === 0
        ? '–'
        : `${((sorted[Math.floor((sorted.length - 1) / 2)] ?? 0) / 1000).toFixed(2)} s`;
    };
    const max = (values: number[]) =>
      values.length === 0 ? '–' : `${(Math.max(...values) / 1000).toFixed(2)} s`;
    console.log(
      `\nGoal written → all ${fanOut.toLocaleString('en-GB')} stored: median ${median(storedTimes)}, max ${max(storedTimes)}; ` +
        `→ every connected stream: median ${median(deliveredTimes)}, max ${max(deliveredTimes)} ` +
        `(${options.fanOutRuns} runs, polled every 50 ms)`,
    );
  } finally {
    for (const stream of open) stream.close();
    await database.close();
    await processes.stop();
  }
}

const closedStreams = new WeakSet<OpenStream>();

/** Opens one stream with plain node:http (one socket each), recording each notification's arrival. */
function openStream(server: ServerProcess, userId: string, cookie: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${server.url}/api/notifications/stream`,
      { agent: false, headers: { accept: 'text/event-stream', cookie } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`Stream for ${userId}: ${response.statusCode}`));
          response.resume();
          return;
        }
        const stream: OpenStream = {
          userId,
          arrivals: new Map(),
          goalArrivals: 0,
          close: () => request.destroy(),
        };
        const parser = createParser({
          onEvent: (message) => {
            if (message.event !== 'notification') return;
            const at = performance.now();
            const item = JSON.parse(message.data) as { id: string; type: string };
            stream.arrivals.set(item.id, at);
            if (item.type === 'goal' && !message.data.includes('"Bench goal"')) stream.goalArrivals += 1;
            waiters.get(stream)?.();
          },
        });
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => parser.feed(chunk));
        response.on('close', () => closedStreams.add(stream));
        resolve(stream);
      },
    );
    request.on('error', reject);
  });
}

const waiters = new Map<OpenStream, () => void>();

function waitUntil(stream: OpenStream, found: () => number | undefined, timeoutMs = 10_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const at = found();
      if (at === undefined) return;
      clearTimeout(timer);
      waiters.delete(stream);
      resolve(at);
    };
    const timer = setTimeout(() => {
      waiters.delete(stream);
      reject(new Error(`Nothing arrived on ${stream.userId} within ${timeoutMs} ms`));
    }, timeoutMs);
    waiters.set(stream, check);
    check();
  });
}

const firstArrival = (stream: OpenStream) => waitUntil(stream, () => [...stream.arrivals.values()][0]);
const arrivalOf = (stream: OpenStream, id: string) => waitUntil(stream, () => stream.arrivals.get(id));

type Db = Parameters<typeof selectRows>[0];

async function lastNotificationId(db: Db): Promise<number> {
  const [row] = await selectRows<{ id: string | null }>(db, sql`select max(id) as id from notifications`);
  return Number(row?.id ?? 0);
}

/** The goal's mark says its one goal is alerted and no fan-out is under way: the last batch is committed. */
async function isFanOutDone(db: Db, playerId: string, fixtureId: number): Promise<boolean> {
  const [row] = await selectRows<{ goals: number; pending_goal: number | null }>(
    db,
    sql`select goals, pending_goal from goal_alert_marks where player_id = ${playerId} and fixture_id = ${fixtureId}`,
  );
  return row !== undefined && Number(row.goals) === 1 && row.pending_goal === null;
}

async function countGoalAlerts(db: Db, fixtureId: number): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from notifications where type = 'goal' and fixture_id = ${fixtureId}`,
  );
  return row?.count ?? 0;
}

/** The session cookie's name as the server sets it (production adds a __Secure- prefix). */
async function sessionCookieName(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-notifications@example.com', password: 'Kickoff#2025x', name: '' }),
  });
  const cookie = response.headers.getSetCookie().find((header) => header.includes('session_token='));
  const name = cookie?.split('=')[0];
  if (!name) throw new Error(`Sign-up set no session cookie: ${response.status}`);
  return name;
}

/**
 * `players` onboarded players `live-1…` who all picked one scorer (and three others), sessions
 * `token-N` for the first `withSessions`, and an invite-only league for each of the first
 * `admins`, in set-based statements.
 */
async function addLivePopulation(
  url: string,
  options: { players: number; withSessions: number; admins: number },
): Promise<{ scorerId: string; scorerClub: string; leagueCodes: string[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const season = (await client.query('select id from seasons order by pick_deadline desc limit 1')).rows[0]
      ?.id as string;
    const outfield = (
      await client.query(
        `select p.id, (select s.club_code from player_club_spells s where s.player_id = p.id
            order by s.from_gameweek limit 1) as club_code
          from players p where p.season_id = $1 and p.position <> 'goalkeeper' and p.first_gameweek = 1
          order by p.fpl_code limit 4`,
        [season],
      )
    ).rows as { id: string; club_code: string }[];
    const [scorer] = outfield;
    if (!scorer || outfield.length < 4) throw new Error('The season is not loaded');
    const n = `generate_series(1, ${options.players}) as n`;
    await client.query(`insert into users (id, name, email, email_verified)
      select '${PREFIX}-' || n, '', '${PREFIX}-' || n || '@example.com', true from ${n}`);
    await client.query(`insert into profiles (id, email, full_name, country, favourite_club, onboarding_complete, player_selection_complete)
      select '${PREFIX}-' || n, '${PREFIX}-' || n || '@example.com', 'Player ' || n, 'United Kingdom', 'Arsenal', true, true from ${n}`);
    await client.query(
      `insert into picks (user_id, season_id, player_id, slot)
      select '${PREFIX}-' || n, $1, ($2::uuid[])[slot], slot from ${n}, generate_series(1, 4) as slot`,
      [season, textArray(outfield.map((player) => player.id))],
    );
    await client.query(`insert into sessions (id, expires_at, token, user_id, created_at, updated_at)
      select 'session-' || n, now() + interval '7 days', 'token-' || n, '${PREFIX}-' || n, now(), now()
      from generate_series(1, ${options.withSessions}) as n`);
    const codes = (
      await client.query(
        `insert into leagues (season_id, name, code, admin_id, max_members, join_mode, approved_members, created_at)
        select $1, 'League ' || n, 'LIVE' || lpad(n::text, 4, '0'), '${PREFIX}-' || n, 50, 'invite_only', 1, now()
        from generate_series(1, ${options.admins}) as n
        returning code`,
        [season],
      )
    ).rows.map((row) => row.code as string);
    await client.query(`insert into league_members (league_id, user_id, status, requested_at, joined_at)
      select id, admin_id, 'approved', now(), now() from leagues where code like 'LIVE%'`);
    await client.query('analyze users, profiles, picks, sessions, leagues, league_members');
    return { scorerId: scorer.id, scorerClub: scorer.club_code, leagueCodes: codes.sort() };
  } finally {
    await client.end();
  }
}

function seconds(started: number): string {
  return ((performance.now() - started) / 1000).toFixed(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.log('The live notifications benchmark needs PostgreSQL: set DATABASE_URL.');
  } else {
    await runNotificationBench({
      databaseUrl,
      streams: Number(process.env.BENCH_STREAMS ?? 10_000),
      samples: Number(process.env.BENCH_SAMPLES ?? 200),
      fanOut: Number(process.env.BENCH_FANOUT ?? 100_000),
      fanOutRuns: Number(process.env.BENCH_FANOUT_RUNS ?? 3),
    });
  }
}
