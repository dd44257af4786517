import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT, SERVER_ROOT } from '../../src/config/env.ts';
import { openEventStream } from '../support/event-stream.ts';
import {
  PROCESS_TEST_DATABASE_URL,
  type ProcessAccount,
  request,
  type ServerProcess,
  type ServerProcesses,
  signUpOnServer,
  startServerProcesses,
  withClient,
} from '../support/server-processes.ts';
import { startTcpRelay, type TcpRelay } from '../support/tcp-relay.ts';

/** 47 hours before the 2025/26 pick deadline: leagues may be joined and left. */
const BEFORE_DEADLINE = '2025-08-13T18:30:00Z';
const PLAYERS = 10;
/** Each player moves on to the next league after a leave: a player asks one league 3 times an hour. */
const LEAGUES = 5;
/** Longer than any answer should take: a request not answered by then hangs. */
const ANSWER_TIMEOUT_MS = 10_000;
/**
 * Long enough for every background job to try its turn, the outage probe to run, and the
 * listening connection's attempts to reconnect to be at their widest spacing.
 */
const OUTAGE_MS = 9_000;

interface Answer {
  kind: 'join' | 'leave' | 'read';
  sentAt: number;
  answeredAt: number;
  /** 0: no answer within ANSWER_TIMEOUT_MS. */
  status: number;
  reason?: string;
}

/** Answers that are no fault: done, a join or leave that an earlier unanswered one already did, or the outage's 503. */
function isExpected(answer: Answer): boolean {
  if (answer.status === 503) return answer.reason === 'DATABASE_UNREACHABLE';
  if (answer.kind === 'join') return answer.status === 200 || answer.reason === 'ALREADY_MEMBER';
  if (answer.kind === 'leave') return answer.status === 204 || answer.reason === 'LEAGUE_NOT_FOUND';
  return answer.status === 200;
}

async function send(
  server: ServerProcess,
  kind: Answer['kind'],
  method: 'GET' | 'POST' | 'DELETE',
  pathname: string,
  options: { cookie: string; body?: unknown },
): Promise<Answer> {
  const sentAt = Date.now();
  try {
    const response = await Promise.race([
      request(server, method, pathname, options),
      sleep(ANSWER_TIMEOUT_MS).then(() => undefined),
    ]);
    if (!response) return { kind, sentAt, answeredAt: Date.now(), status: 0 };
    const body = (await response.json().catch(() => ({}))) as { reason?: string } | null;
    return { kind, sentAt, answeredAt: Date.now(), status: response.status, reason: body?.reason };
  } catch {
    return { kind, sentAt, answeredAt: Date.now(), status: 0 };
  }
}

/**
 * A player joining an open league and leaving it again, each a transaction of several rows,
 * with a read in between, until `isStopped`, then the next league; what the database should hold
 * for them at the end is what their last answered join or leave said.
 */
async function joinAndLeave(
  server: ServerProcess,
  player: ProcessAccount,
  leagues: { id: string; code: string }[],
  first: number,
  answers: Answer[],
  isStopped: () => boolean,
): Promise<{ isMember?: boolean }> {
  let isMember: boolean | undefined = false;
  let turn = first;
  while (!isStopped()) {
    const league = leagues[turn % leagues.length] as { id: string; code: string };
    // Not known (after a 503): a join, which answers ALREADY_MEMBER if it is.
    const answer: Answer = isMember
      ? await send(server, 'leave', 'DELETE', `/api/leagues/${league.id}/membership`, player)
      : await send(server, 'join', 'POST', '/api/leagues/join', { ...player, body: { code: league.code } });
    answers.push(answer);
    if (answer.status === 503 || answer.status === 0) {
      // Unknown: the change may or may not have been committed before the connection went.
      isMember = undefined;
      await sleep(20);
    } else if (isExpected(answer)) {
      isMember = answer.kind === 'join';
      if (answer.kind === 'leave') turn += 1;
    }
    answers.push(await send(server, 'read', 'GET', '/api/leagues', player));
  }
  return { isMember };
}

async function buildBundle(): Promise<{ bundle: string; remove(): Promise<void> }> {
  // Inside the server's folder (the bundle reads its data from there), never dist/ itself.
  const dir = await mkdtemp(path.join(SERVER_ROOT, 'dist-test-'));
  await promisify(execFile)('npm', ['run', 'build', '-w', '@hit21/server', '--', '--dir', dir], {
    cwd: REPOSITORY_ROOT,
  });
  return { bundle: path.join(dir, 'server.js'), remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * PostgreSQL vanishing under write traffic, as a blip of the network or a failover does: a
 * relay between the server and the database is closed (every connection cut, new ones refused)
 * while ten players join and leave leagues, then opened again. The real PostgreSQL keeps running.
 */
describe.skipIf(!PROCESS_TEST_DATABASE_URL).each(['source', 'bundle'] as const)(
  'the database gone during writes (%s)',
  (build) => {
    let relay: TcpRelay;
    let processes: ServerProcesses;
    let removeBundle: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      relay = await startTcpRelay(PROCESS_TEST_DATABASE_URL ?? '');
      const built = build === 'bundle' ? await buildBundle() : undefined;
      removeBundle = built?.remove;
      processes = await startServerProcesses({
        count: 1,
        serverUrl: relay.relayed(PROCESS_TEST_DATABASE_URL ?? ''),
        bundle: built?.bundle,
        env: {
          CLOCK_NOW: BEFORE_DEADLINE,
          // Its turns (a connection of their own holding an advisory lock) during the outage too.
          DEADLINE_MAILS_INTERVAL_SECONDS: '1',
          ...(built ? { NODE_ENV: 'production' } : {}),
        },
      });
    });
    afterAll(async () => {
      await relay?.start();
      await processes?.stop();
      await relay?.stop();
      await removeBundle?.();
    });

    it('answers 503 DATABASE_UNREACHABLE, keeps running, serves within 5 s of its return, and writes nothing by halves', async () => {
      const server = processes.servers[0] as ServerProcess;
      const { databaseUrl } = processes;
      const pid = server.pid();
      const admin = await signUpOnServer(server, { fullName: 'Alex Admin', databaseUrl });
      const leagues: { id: string; code: string }[] = [];
      for (let index = 0; index < LEAGUES; index++) {
        const created = await request(server, 'POST', '/api/leagues', {
          cookie: admin.cookie,
          body: { name: `Blip League ${index + 1}`, joinMode: 'open' },
        });
        expect(created.status, await created.clone().text()).toBe(201);
        leagues.push((await created.json()) as { id: string; code: string });
      }
      const players = await Promise.all(
        Array.from({ length: PLAYERS }, (_, index) =>
          signUpOnServer(server, { fullName: `Blip Player ${index + 1}`, databaseUrl }),
        ),
      );

      // A live notification stream too, fed by the listening connection.
      const stream = await openEventStream(`${server.url}/api/notifications/stream`, {
        cookie: admin.cookie,
      });
      expect(stream.status).toBe(200);

      const answers: Answer[] = [];
      let isStopped = false;
      const traffic = Promise.all(
        players.map((player, index) =>
          joinAndLeave(server, player, leagues, index, answers, () => isStopped),
        ),
      );
      const isWriteDone = (answer: Answer) =>
        answer.kind !== 'read' && (answer.status === 200 || answer.status === 204);
      while (answers.filter(isWriteDone).length < 30) await sleep(20);

      await relay.stop();
      const closedAt = Date.now();
      await sleep(OUTAGE_MS);
      const reopenedAt = Date.now();
      await relay.start();
      // Listening again, the server tells every open stream to reload what it missed.
      const listeningAt = stream
        .waitFor((event) => event.event === 'sync', 10_000)
        .then(
          () => Date.now(),
          () => undefined,
        );
      let servingAt: number | undefined;
      while (servingAt === undefined && Date.now() - reopenedAt < 10_000) {
        const [health, leagueList] = await Promise.all([
          send(server, 'read', 'GET', '/api/health', admin),
          send(server, 'read', 'GET', '/api/leagues', admin),
        ]);
        if (health.status === 200 && leagueList.status === 200) servingAt = Date.now();
        else await sleep(50);
      }
      // The players' own writes go through again before the traffic stops.
      const writesBefore = answers.filter(
        (answer) => answer.sentAt > reopenedAt && isWriteDone(answer),
      ).length;
      while (
        answers.filter((answer) => answer.sentAt > reopenedAt && isWriteDone(answer)).length <
          writesBefore + 20 &&
        Date.now() - reopenedAt < 15_000
      )
        await sleep(50);
      isStopped = true;
      const finalStates = await traffic;
      const streamSyncedAt = await listeningAt;
      const isStreamOpen = !stream.isEnded;
      stream.close();

      expect(server.isRunning(), server.logs().slice(-3_000)).toBe(true);
      expect(server.pid()).toBe(pid);
      expect(server.logs()).not.toMatch(/second error|Shutting down after an error|uncaught|unhandled/i);

      const faults = answers.filter((answer) => !isExpected(answer));
      expect(faults, 'no 500, no hang, only 503 DATABASE_UNREACHABLE for the outage').toEqual([]);
      const inFlight = answers.filter((answer) => answer.sentAt < closedAt && answer.answeredAt > closedAt);
      expect(
        inFlight.filter((answer) => answer.status === 503).length,
        'in flight at the cut',
      ).toBeGreaterThan(0);
      const duringOutage = answers.filter(
        (answer) => answer.sentAt > closedAt && answer.answeredAt < reopenedAt,
      );
      expect(duringOutage.filter((answer) => answer.kind !== 'read').length).toBeGreaterThan(10);
      expect(new Set(duringOutage.map((answer) => `${answer.status} ${answer.reason}`))).toEqual(
        new Set(['503 DATABASE_UNREACHABLE']),
      );
      expect(servingAt, 'the server serves again').toBeDefined();
      expect((servingAt ?? Infinity) - reopenedAt).toBeLessThanOrEqual(5_000);
      expect(isStreamOpen, 'the notification stream stays open').toBe(true);
      expect((streamSyncedAt ?? Infinity) - reopenedAt, 'listening again').toBeLessThanOrEqual(5_000);
      expect(
        answers.filter((answer) => answer.sentAt > reopenedAt && isWriteDone(answer)).length,
      ).toBeGreaterThanOrEqual(writesBefore + 20);

      // Whole transactions only: each league's maintained counts are its rows, and each player's
      // row is what their last answer said.
      const counts = await withClient(databaseUrl, (client) =>
        client.query<{ id: string; approved_members: number; rows: number }>(
          `select l.id, l.approved_members,
                  (select count(*)::int from league_members m where m.league_id = l.id and m.status = 'approved') as rows
           from leagues l order by l.id`,
        ),
      );
      expect(counts.rows).toHaveLength(LEAGUES);
      for (const league of counts.rows) expect(league.approved_members).toBe(league.rows);
      const members = await withClient(databaseUrl, (client) =>
        client.query<{ user_id: string }>(`select user_id from league_members where status = 'approved'`),
      ).then((result) => new Set(result.rows.map((row) => row.user_id)));
      players.forEach((player, index) => {
        const { isMember } = finalStates[index] ?? {};
        if (isMember !== undefined) expect(members.has(player.id), `player ${index + 1}`).toBe(isMember);
      });
      console.info(
        `${build}: ${answers.length} answers, ${inFlight.length} in flight at the cut ` +
          `(${inFlight.filter((answer) => answer.status === 503).length} answered 503), ` +
          `${duringOutage.length} during the outage; serving again ${(servingAt ?? 0) - reopenedAt} ms ` +
          `and listening again ${(streamSyncedAt ?? 0) - reopenedAt} ms after its return`,
      );
    });
  },
);
