import { LEAGUE_MESSAGES, type LeagueSummary } from '@hit21/core';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gameweeks, leagueMembers, leagues, seasons } from '../../../../src/db/schema/index.ts';
import { send } from '../../../support/accounts.ts';
import { setUpTestApp } from '../../../support/build-test-app.ts';
import { engines } from '../../../support/test-database.ts';
import {
  call,
  LEAGUE_TIME,
  leagueCounts,
  readyPlayer,
  seedLeague,
  seedMembership,
} from './membership-fixtures.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

describe.each(ENGINES)('league membership on %s', (engine) => {
  let now = new Date(LEAGUE_TIME);
  const context = setUpTestApp(engine, { prepare: true, clock: () => now });
  const seasonId = async () => (await context.app.activeSeason.get()).id;
  const leave = (cookie: string, leagueId: string) =>
    call(context.app, 'DELETE', `/api/leagues/${leagueId}/membership`, { cookie });
  const details = (cookie: string, leagueId: string) =>
    send(context.app, 'GET', `/api/leagues/${leagueId}`, { cookie });
  const rowOf = async (leagueId: string, userId: string) =>
    (
      await context.database.db
        .select()
        .from(leagueMembers)
        .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.userId, userId)))
    )[0];

  it('lets an approved member leave: the row goes, the count drops, the boards hear of it, and they may come back', async () => {
    const { db } = context.database;
    const league = await seedLeague(db, { seasonId: await seasonId(), joinMode: 'open' });
    const player = await readyPlayer(context.app, db);
    expect(
      (
        await send(context.app, 'POST', '/api/leagues/join', {
          cookie: player.cookie,
          body: { code: league.code },
        })
      ).statusCode,
    ).toBe(200);
    const [before] = await db.select().from(leagues).where(eq(leagues.id, league.id));

    const response = await leave(player.cookie, league.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await rowOf(league.id, player.id)).toBeUndefined();
    expect(await leagueCounts(db, league.id)).toEqual({
      stored: { approved: 1, pending: 0 },
      counted: { approved: 1, pending: 0 },
    });
    const [after] = await db.select().from(leagues).where(eq(leagues.id, league.id));
    expect(after?.membersChangedAt.getTime()).toBeGreaterThan(before?.membersChangedAt.getTime() ?? Infinity);
    expect((await send(context.app, 'GET', '/api/leagues', { cookie: player.cookie })).json()).toEqual({
      leagues: [],
    });
    expect((await details(player.cookie, league.id)).statusCode).toBe(404);

    const back = await send(context.app, 'POST', '/api/leagues/join', {
      cookie: player.cookie,
      body: { code: league.code },
    });
    expect(back.json()).toMatchObject({ status: 'approved' });
  });

  it.each(['pending', 'rejected', 'kicked'] as const)(
    'lets a %s player remove their membership',
    async (status) => {
      const { db } = context.database;
      const league = await seedLeague(db, { seasonId: await seasonId() });
      const player = await readyPlayer(context.app, db);
      await seedMembership(db, league.id, player.id, status);
      const listed = (await send(context.app, 'GET', '/api/leagues', { cookie: player.cookie })).json();
      expect(listed.leagues).toEqual([
        expect.objectContaining({ id: league.id, myStatus: status, memberCount: 1, pendingRequests: 0 }),
      ]);

      expect((await leave(player.cookie, league.id)).statusCode).toBe(204);
      expect(await rowOf(league.id, player.id)).toBeUndefined();
      expect(await leagueCounts(db, league.id)).toEqual({
        stored: { approved: 1, pending: 0 },
        counted: { approved: 1, pending: 0 },
      });
    },
  );

  it('keeps a kicked player on the league until the 24-hour wait is over, so leaving cannot skip it', async () => {
    const { db } = context.database;
    const league = await seedLeague(db, { seasonId: await seasonId(), joinMode: 'open' });
    const player = await readyPlayer(context.app, db);
    await seedMembership(db, league.id, player.id, 'kicked', new Date(now.getTime() - 60 * 60 * 1000));

    const refused = await leave(player.cookie, league.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      reason: 'REJOIN_TOO_SOON',
      userMessage:
        'You were removed from this league. It stays on your list until 11 Aug 2025 at 11:00 (UTC), when you can ask to rejoin or remove it.',
      details: { retryAt: '2025-08-11T11:00:00.000Z' },
    });
    expect(await rowOf(league.id, player.id)).toMatchObject({ status: 'kicked' });
    const rejoin = await send(context.app, 'POST', '/api/leagues/join', {
      cookie: player.cookie,
      body: { code: league.code },
    });
    expect(rejoin.json()).toMatchObject({ reason: 'REJOIN_TOO_SOON' });

    const saved = now;
    now = new Date(now.getTime() + 24 * 60 * 60 * 1000);
    try {
      expect((await leave(player.cookie, league.id)).statusCode).toBe(204);
      expect(await rowOf(league.id, player.id)).toBeUndefined();
    } finally {
      now = saved;
    }
  });

  it('refuses the admin, and answers a stranger as if the league did not exist', async () => {
    const { db } = context.database;
    const admin = await readyPlayer(context.app, db);
    const created = (
      await send(context.app, 'POST', '/api/leagues', { cookie: admin.cookie, body: { name: 'Mine' } })
    ).json() as LeagueSummary;
    const refused = await leave(admin.cookie, created.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      reason: 'ADMIN_CANNOT_LEAVE',
      userMessage: LEAGUE_MESSAGES.adminCannotLeave,
    });
    expect(await rowOf(created.id, admin.id)).toMatchObject({ status: 'approved' });

    const stranger = await readyPlayer(context.app, db);
    for (const id of [created.id, '00000000-0000-4000-8000-000000000000']) {
      const hidden = await leave(stranger.cookie, id);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toMatchObject({
        reason: 'LEAGUE_NOT_FOUND',
        userMessage: LEAGUE_MESSAGES.notFound,
      });
    }
    expect((await leave(stranger.cookie, 'not-a-league')).statusCode).toBe(400);
    expect((await leave('', created.id)).statusCode).toBe(401);
  });

  it("shows a league's details to its approved members only, Active while its season runs", async () => {
    const { db } = context.database;
    const admin = await readyPlayer(context.app, db);
    const created = (
      await send(context.app, 'POST', '/api/leagues', {
        cookie: admin.cookie,
        body: { name: 'Details', joinMode: 'open' },
      })
    ).json() as LeagueSummary;
    const member = await readyPlayer(context.app, db);
    await send(context.app, 'POST', '/api/leagues/join', {
      cookie: member.cookie,
      body: { code: created.code },
    });

    const forAdmin = await details(admin.cookie, created.id);
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.json()).toEqual({ ...created, memberCount: 2, isActive: true });
    expect((await details(member.cookie, created.id)).json()).toMatchObject({
      isAdmin: false,
      myStatus: 'approved',
      isActive: true,
    });

    for (const status of ['pending', 'rejected', 'kicked'] as const) {
      const player = await readyPlayer(context.app, db);
      await seedMembership(db, created.id, player.id, status);
      const hidden = await details(player.cookie, created.id);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toMatchObject({
        reason: 'LEAGUE_NOT_FOUND',
        userMessage: LEAGUE_MESSAGES.notFound,
      });
    }
    const stranger = await readyPlayer(context.app, db);
    expect((await details(stranger.cookie, created.id)).statusCode).toBe(404);
    expect((await details(stranger.cookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    try {
      now = new Date('2026-07-01T12:00:00Z');
      expect((await details(admin.cookie, created.id)).json()).toMatchObject({ isActive: false });
    } finally {
      now = new Date(LEAGUE_TIME);
    }
  });

  it('calls a league of a finished season Inactive', async () => {
    const { db } = context.database;
    await db
      .insert(seasons)
      .values({
        id: '2024-25',
        name: '2024/25',
        competition: 'Premier League',
        pickDeadline: new Date('2024-08-16T17:30:00Z'),
        launchAt: new Date('2024-08-01T00:00:00Z'),
        dataVersion: 'test',
      })
      .onConflictDoNothing();
    await db
      .insert(gameweeks)
      .values({ seasonId: '2024-25', week: 1, date: '2025-05-25' })
      .onConflictDoNothing();
    const player = await readyPlayer(context.app, db);
    const old = await seedLeague(db, { seasonId: '2024-25', adminId: player.id });
    const response = await details(player.cookie, old.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isAdmin: true, isActive: false });
  });

  it("lists the player's leagues newest first, with counts for the admin only", async () => {
    const { db } = context.database;
    const season = await seasonId();
    const player = await readyPlayer(context.app, db);
    const older = await seedLeague(db, { seasonId: season });
    await seedMembership(db, older.id, player.id, 'approved', new Date('2025-08-01T00:00:00Z'));
    const newer = await seedLeague(db, { seasonId: season });
    await seedMembership(db, newer.id, player.id, 'pending', new Date('2025-08-05T00:00:00Z'));
    await seedMembership(db, older.id, (await readyPlayer(context.app, db)).id, 'pending');
    const own = (
      await send(context.app, 'POST', '/api/leagues', { cookie: player.cookie, body: { name: 'Own' } })
    ).json();
    await seedMembership(db, own.id, (await readyPlayer(context.app, db)).id, 'pending');

    const listed = (await send(context.app, 'GET', '/api/leagues', { cookie: player.cookie })).json().leagues;
    expect(
      listed.map((league: LeagueSummary) => [
        league.id,
        league.myStatus,
        league.memberCount,
        league.pendingRequests,
      ]),
    ).toEqual([
      [own.id, 'approved', 1, 1],
      [newer.id, 'pending', 1, 0],
      [older.id, 'approved', 2, 0],
    ]);
    expect((await send(context.app, 'GET', '/api/leagues')).statusCode).toBe(401);
  });
});
