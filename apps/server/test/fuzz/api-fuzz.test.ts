import { isAppErrorCode } from '@hit21/core';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { selectRows } from '../../src/db/database.ts';
import { ORIGIN, send, signUp, uniqueEmail } from '../support/accounts.ts';
import { clockAt, setUpTestApp } from '../support/build-test-app.ts';
import { engines } from '../support/test-database.ts';
import {
  authOperations,
  type FuzzOperation,
  HIDDEN_OPERATIONS,
  openApiOperations,
  operationName,
} from './fuzz-operations.ts';
import { type FuzzRequest, fuzzRequests, knownBadRequests } from './fuzz-requests.ts';
import type { FuzzPools } from './fuzz-values.ts';
import { watchTableWrites } from './table-writes.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

/**
 * Property-based fuzzing of every route: arbitrary path parameters, query fields and bodies
 * (NUL characters, broken text, megabyte strings, deep nesting, wrong types, nulls, extra
 * fields), signed out, signed in, and signed in before onboarding. Every answer is below 500;
 * every refusal has the error shape and leaves every table as it was.
 *
 * FUZZ_RUNS sets the requests per route and visitor (CI keeps the default); FUZZ_SEED replays a
 * failure that fast-check reported.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

/**
 * Tables that change whatever the requests, left out of "writes nothing". `rate_limits` holds
 * better-auth's per-client counters and our per-client and per-address attempt counters, which
 * count every attempt, refused ones included (otherwise bad guesses would be free). The
 * background jobs write the others on their own timers: `scheduled_jobs` (each job's last run),
 * and the stored boards (`standings`, `standings_state`, `standings_rank_blocks` and the rest),
 * which only the standings check writes (a request marks the boards stale in
 * `standings_inputs`, which is watched).
 */
const TABLES_A_REFUSAL_MAY_CHANGE = [
  // Every request counts against its client's limit, refused or not.
  'api_request_counts',
  'rate_limits',
  'scheduled_jobs',
  // The standings check in the background: a rebuild, or member changes placed (their log
  // settled). A request's own change is logged with the write it follows, which is watched.
  'league_standings',
  'standings',
  'standings_member_changes',
  'standings_names',
  'standings_rank_blocks',
  'standings_rank_chunks',
  'standings_state',
];

/** Before the first deadline: squad routes get past "the season is locked". */
const BEFORE_DEADLINE = '2025-08-10T12:00:00Z';

type Visitor = 'signed out' | 'signed in' | 'signed in, not onboarded';
const VISITORS: Visitor[] = ['signed out', 'signed in', 'signed in, not onboarded'];

async function completeOnboarding(app: App, cookie: string) {
  const response = await send(app, 'PUT', '/api/profile/onboarding', {
    cookie,
    body: {
      fullName: 'Jordan Fan',
      dob: '1990-05-01',
      country: 'United Kingdom',
      favouriteClub: 'Arsenal',
      howDidYouHear: 'friend',
    },
  });
  if (response.statusCode !== 200)
    throw new Error(`Onboarding failed: ${response.statusCode} ${response.body}`);
}

/**
 * The visitor's session. An accepted request may end it (sign-out, account deletion) or
 * change who the visitor is (onboarding), so after one the visitor starts again afresh.
 */
function visitorSession(app: App, visitor: Visitor) {
  let cookie: string | undefined;
  let email: string | undefined;
  const start = async () => {
    if (visitor === 'signed out') return;
    const account = await signUp(app, uniqueEmail('fuzz'));
    if (visitor === 'signed in') await completeOnboarding(app, account.cookie);
    cookie = account.cookie;
    email = account.email;
  };
  return {
    start,
    /** After an accepted request: starts again if it ended the session or onboarded the visitor. */
    async restartIfChanged() {
      if (!cookie) return;
      const profile = await send(app, 'GET', '/api/profile', { cookie });
      const isOnboarded = profile.statusCode === 200 && profile.json().onboardingComplete === true;
      if (profile.statusCode !== 200 || isOnboarded !== (visitor === 'signed in')) await start();
    },
    get cookie() {
      return cookie;
    },
    get email() {
      return email;
    },
  };
}

async function loadPools(app: App, email: string | undefined): Promise<FuzzPools> {
  const players = await selectRows<{ id: string }>(
    app.db,
    sql`select id from players where position <> 'goalkeeper' order by fpl_code limit 8`,
  );
  const clubs = await selectRows<{ name: string }>(app.db, sql`select name from clubs order by name limit 4`);
  return {
    emails: ['nobody@example.com', ...(email ? [email] : [])],
    playerIds: players.map((row) => row.id),
    clubNames: clubs.map((row) => row.name),
  };
}

/**
 * What is wrong with a refusal's body, if anything: `{code, message, userMessage}`, where
 * better-auth's routes keep better-auth's own codes (its client reads them).
 */
function errorShapeProblem(
  operation: FuzzOperation,
  response: Pick<LightMyRequestResponse, 'body' | 'json'>,
): string | undefined {
  let body: Record<string, unknown> | null;
  try {
    body = response.json();
  } catch {
    return `a body that is not JSON: ${response.body.slice(0, 200)}`;
  }
  const hasCode = operation.isAuth ? typeof body?.code === 'string' : isAppErrorCode(body?.code);
  if (!hasCode || typeof body?.message !== 'string' || typeof body?.userMessage !== 'string')
    return `not the error shape: ${response.body.slice(0, 200)}`;
  return undefined;
}

/** The notifications stream ends only after its lifetime (minutes): its answer is taken as a stream. */
const EVENT_STREAM_PATH = '/api/notifications/stream';

/** A streamed answer: a refusal read whole, an open stream dropped once it has started. */
async function settleStreamed(response: LightMyRequestResponse) {
  const stream = response.stream();
  if (response.statusCode < 300) {
    stream.destroy();
    return { statusCode: response.statusCode, body: '', json: () => ({}) };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString();
  return { statusCode: response.statusCode, body, json: () => JSON.parse(body) };
}

function describeRequest(operation: FuzzOperation, request: FuzzRequest): string {
  const payload = request.payload ?? '';
  const shown = payload.length > 300 ? `${payload.slice(0, 300)}… (${payload.length} characters)` : payload;
  const url = request.url.length > 300 ? `${request.url.slice(0, 300)}…` : request.url;
  const cookie = request.forgedCookie ? ` with cookie ${request.forgedCookie.slice(0, 100)}` : '';
  return `${operation.method} ${url}${cookie} [${request.contentType ?? 'no body'}] ${shown}`;
}

describe.each(ENGINES)('every route under arbitrary input on %s', (engine) => {
  const context = setUpTestApp(engine, { prepare: true, clock: clockAt(BEFORE_DEADLINE) });
  let writesWatch: ReturnType<typeof watchTableWrites> | undefined;

  it.each(VISITORS)(
    'answers below 500, refuses in the error shape and writes nothing: %s',
    async (visitor) => {
      const { app } = context;
      const db = app.db;
      const operations = [...openApiOperations(app), ...HIDDEN_OPERATIONS, ...authOperations(app)];
      // Sanity: the document and better-auth's API were read.
      expect(operations.map(operationName)).toEqual(
        expect.arrayContaining([
          'PUT /api/squad',
          'GET /api/leaderboard/{type}',
          'POST /api/auth/update-user',
        ]),
      );
      writesWatch ??= watchTableWrites(db, TABLES_A_REFUSAL_MAY_CHANGE);
      const writes = await writesWatch;
      expect(writes.tables).toEqual(expect.arrayContaining(['users', 'sessions', 'profiles', 'picks']));
      const session = visitorSession(app, visitor);
      await session.start();
      const pools = await loadPools(app, session.email);

      for (const operation of operations) {
        await fc.assert(
          fc.asyncProperty(fuzzRequests(operation, pools), async (request) => {
            const mark = await writes.mark();
            const isEventStream = operation.path === EVENT_STREAM_PATH;
            const answer = await app.inject({
              method: operation.method,
              url: request.url,
              headers: {
                origin: ORIGIN,
                ...(request.contentType ? { 'content-type': request.contentType } : {}),
                ...(session.cookie || request.forgedCookie
                  ? { cookie: session.cookie ?? request.forgedCookie }
                  : {}),
              },
              ...(request.payload === undefined ? {} : { payload: request.payload }),
              ...(isEventStream ? { payloadAsStream: true } : {}),
            });
            const response = isEventStream ? await settleStreamed(answer) : answer;
            const status = response.statusCode;
            const what = describeRequest(operation, request);
            if (status >= 500) throw new Error(`${status} for ${what}: ${response.body.slice(0, 300)}`);
            if (status >= 400) {
              const problem = errorShapeProblem(operation, response);
              if (problem) throw new Error(`${status} with ${problem} for ${what}`);
            }
            if (status >= 300) {
              const changed = await writes.writtenSince(mark);
              if (changed.length > 0)
                throw new Error(`${status} refused ${what} but changed ${changed.join(', ')}`);
            } else if (operation.method !== 'GET') {
              await session.restartIfChanged();
            }
          }),
          {
            numRuns: RUNS,
            examples: knownBadRequests(operation).map((request) => [request]),
            ...(SEED === undefined ? {} : { seed: SEED }),
          },
        );
      }
    },
    Math.max(120_000, RUNS * 15_000),
  );
});
