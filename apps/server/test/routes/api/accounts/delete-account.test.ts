import type { LeaderboardPage } from '@hit21/core';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { App } from '../../../../src/app.ts';
import { type Executor, selectRows } from '../../../../src/db/database.ts';
import { goals, players, users } from '../../../../src/db/schema/index.ts';
import { keyPart } from '../../../../src/plugins/app/rate-limits/account-rate-limit.ts';
import { ORIGIN, send, signIn, signUp, signUpOnboarded } from '../../../support/accounts.ts';
import { buildTestApp, clockAt, setUpTestApp, testConfig } from '../../../support/build-test-app.ts';
import { createTestDatabase, engines } from '../../../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

const BEFORE_DEADLINE = '2025-08-10T12:00:00Z';

/** Outfield players in the game from gameweek 1 with no goal before the deadline. */
async function fourUnscoredPlayers(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: players.id })
    .from(players)
    .where(
      and(
        sql`${players.position} <> 'goalkeeper'`,
        eq(players.firstGameweek, 1),
        sql`not exists (select 1 from ${goals} where ${goals.playerId} = ${players.id} and ${goals.kickoffAt} <= ${BEFORE_DEADLINE})`,
      ),
    )
    .orderBy(players.fplCode)
    .limit(4);
  return rows.map((row) => row.id);
}

/**
 * Every place in the database that holds `needle`: each text-like column (text, varchar, json,
 * jsonb, arrays) of each table of the schema, found through information_schema so that a table
 * added later is searched too.
 */
async function whereTheDatabaseHolds(db: Executor, needle: string): Promise<string[]> {
  const columns = await selectRows<{ table_name: string; column_name: string }>(
    db,
    sql`select c.table_name, c.column_name
          from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
         where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
           -- The recompute's scratch copies come and go while the boards are rebuilt.
           and c.table_name not like '%\\_next'
           and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY'))`,
  );
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const [row] = await selectRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from ${sql.identifier(table)}
           where strpos(lower(${sql.identifier(column)}::text), lower(${needle})) > 0`,
    );
    if ((row?.count ?? 0) > 0) found.push(`${table}.${column} (${row?.count} rows)`);
  }
  return found;
}

function expiredCookies(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  return cookies.filter((cookie) => /Max-Age=0/i.test(cookie)).map((cookie) => cookie.split('=')[0] ?? '');
}

describe.each(ENGINES)('deleting an account on %s', (engine) => {
  const context = setUpTestApp(engine, { prepare: true, clock: clockAt(BEFORE_DEADLINE) });

  async function globalBoard(app: App, cookie: string) {
    const response = await send(app, 'GET', '/api/leaderboard/global?pageSize=50', { cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<LeaderboardPage>();
  }

  it('removes everything of the user, in every table, and takes them off the boards', async () => {
    const { app } = context;
    const { db } = context.database;
    const fan = await signUpOnboarded(app);
    const other = await signUpOnboarded(app);
    const squad = await fourUnscoredPlayers(db);
    for (const account of [fan, other]) {
      const saved = await send(app, 'PUT', '/api/squad', {
        cookie: account.cookie,
        body: { playerIds: squad },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    // Leagues: one the fan runs with the other in it (handed over), one they run alone
    // (deleted), and the other's league the fan joined (the membership goes).
    const createLeague = async (cookie: string, name: string) => {
      const created = await send(app, 'POST', '/api/leagues', { cookie, body: { name, joinMode: 'open' } });
      expect(created.statusCode, created.body).toBe(201);
      return created.json() as { id: string; code: string };
    };
    const handedOver = await createLeague(fan.cookie, "Fan's League");
    const lonely = await createLeague(fan.cookie, 'Lonely');
    const othersLeague = await createLeague(other.cookie, "Other's League");
    for (const [cookie, code] of [
      [other.cookie, handedOver.code],
      [fan.cookie, othersLeague.code],
    ] as const) {
      const joinedLeague = await send(app, 'POST', '/api/leagues/join', { cookie, body: { code } });
      expect(joinedLeague.statusCode, joinedLeague.body).toBe(200);
    }
    // Traces of an active user: a second session, the waitlist, two reset links (and their
    // e-mails), a verification e-mail, a signed-in analytics event, rate-limit counters.
    expect((await signIn(app, fan.email, fan.password)).statusCode).toBe(200);
    expect((await signIn(app, fan.email, 'Wrong#Password1')).statusCode).toBe(401);
    const joined = await send(app, 'POST', '/api/waitlist', {
      body: { fullName: 'Jordan Fan', email: fan.email },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    for (let link = 0; link < 2; link += 1) {
      const requested = await send(app, 'POST', '/api/accounts/forgot-password', {
        body: { email: fan.email },
      });
      expect(requested.statusCode, requested.body).toBe(200);
    }
    const resent = await send(app, 'POST', '/api/auth/send-verification-email', {
      body: { email: fan.email },
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const event = await send(app, 'POST', '/api/analytics/events', {
      cookie: fan.cookie,
      body: { name: 'page_view', path: '/dashboard' },
    });
    expect(event.statusCode).toBe(202);
    await app.standings.refresh();
    expect((await globalBoard(app, other.cookie)).rows.map((row) => row.userId)).toContain(fan.id);
    const membersBefore = (await globalBoard(app, other.cookie)).total;
    // The fixture would make this test pass vacuously if these traces were not where we look.
    expect(await whereTheDatabaseHolds(db, fan.id)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^users\.id/),
        expect.stringMatching(/^verifications\.value/),
        expect.stringMatching(/^analytics_events\.user_id/),
        expect.stringMatching(/^standings\.user_id/),
        expect.stringMatching(/^picks\.user_id/),
        expect.stringMatching(/^leagues\.admin_id/),
        expect.stringMatching(/^league_members\.user_id/),
        expect.stringMatching(/^league_standings\.user_id/),
      ]),
    );
    expect(await whereTheDatabaseHolds(db, fan.email)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^waitlist_entries\.email/),
        expect.stringMatching(/^mail_outbox\.to/),
      ]),
    );
    // Rate-limit counters hold a digest of the address, which still points to the person.
    expect(await whereTheDatabaseHolds(db, keyPart(fan.email))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^rate_limits\.key/)]),
    );

    const deleted = await send(app, 'POST', '/api/deleteAccount', { cookie: fan.cookie });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(expiredCookies(deleted)).toEqual(
      expect.arrayContaining(['better-auth.session_token', 'better-auth.session_data']),
    );

    expect(await whereTheDatabaseHolds(db, fan.id)).toEqual([]);
    expect(await whereTheDatabaseHolds(db, fan.email)).toEqual([]);
    expect(await whereTheDatabaseHolds(db, keyPart(fan.email))).toEqual([]);
    // Off the board at once, before any recompute, and still off after one.
    const board = await globalBoard(app, other.cookie);
    expect(board.rows.map((row) => row.userId)).not.toContain(fan.id);
    await app.standings.refresh();
    const recomputed = await globalBoard(app, other.cookie);
    expect(recomputed.rows.map((row) => row.userId)).not.toContain(fan.id);
    expect(recomputed.total).toBe(membersBefore - 1);
    // The fan's leagues: handed over to the other, or gone; the other's league counts one member.
    const othersLeagues = (await send(app, 'GET', '/api/leagues', { cookie: other.cookie })).json().leagues;
    expect(
      othersLeagues
        .map((league: { id: string; isAdmin: boolean; memberCount: number }) => [
          league.id,
          league.isAdmin,
          league.memberCount,
        ])
        .sort(),
    ).toEqual(
      [
        [handedOver.id, true, 1],
        [othersLeague.id, true, 1],
      ].sort(),
    );
    expect((await send(app, 'GET', `/api/leagues/${lonely.id}`, { cookie: other.cookie })).statusCode).toBe(
      404,
    );
    // The other user is untouched.
    expect(await whereTheDatabaseHolds(db, other.id)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^standings\.user_id/)]),
    );

    expect((await send(app, 'GET', '/api/profile', { cookie: fan.cookie })).statusCode).toBe(401);
    expect((await signIn(app, fan.email, fan.password)).statusCode).toBe(401);
  });

  it("keeps better-auth's own delete-user off: 404, and nothing is deleted", async () => {
    const fan = await signUp(context.app);
    const refused = await send(context.app, 'POST', '/api/auth/delete-user', {
      cookie: fan.cookie,
      body: {},
    });
    expect(refused.statusCode).toBe(404);
    const withPassword = await send(context.app, 'POST', '/api/auth/delete-user', {
      cookie: fan.cookie,
      body: { password: fan.password },
    });
    expect(withPassword.statusCode).toBe(404);
    expect((await send(context.app, 'GET', '/api/profile', { cookie: fan.cookie })).statusCode).toBe(200);
    const stored = await context.database.db.select().from(users).where(eq(users.email, fan.email));
    expect(stored).toHaveLength(1);
  });
});

describe('deleting an account in production', () => {
  it('expires the __Secure- cookies better-auth sets there', async () => {
    const database = await createTestDatabase('pglite');
    const app = await buildTestApp(database, {
      config: testConfig({ NODE_ENV: 'production', PUBLIC_URL: ORIGIN }),
    });
    try {
      const fan = await signUp(app);
      expect(fan.cookie).toMatch(/^__Secure-better-auth\.session_token=/);
      const deleted = await send(app, 'POST', '/api/deleteAccount', { cookie: fan.cookie });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(expiredCookies(deleted)).toEqual(
        expect.arrayContaining(['__Secure-better-auth.session_token', '__Secure-better-auth.session_data']),
      );
      expect((await send(app, 'GET', '/api/profile', { cookie: fan.cookie })).statusCode).toBe(401);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
