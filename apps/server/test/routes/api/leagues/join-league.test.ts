import {
  joinDeadlinePassedMessage,
  LEAGUE_LIMITS,
  LEAGUE_MESSAGES,
  leagueFullMessage,
  rejoinTooSoonMessage,
  tooManyLeaguesMessage,
} from '@hit21/core';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gameweeks, leagueMembers, leagues, seasons } from '../../../../src/db/schema/index.ts';
import { send, signUp, signUpOnboarded } from '../../../support/accounts.ts';
import { setUpTestApp } from '../../../support/build-test-app.ts';
import { engines } from '../../../support/test-database.ts';
import {
  LEAGUE_TIME,
  leagueCounts,
  readyPlayer,
  seedLeague,
  seedMembers,
  seedMembership,
} from './membership-fixtures.ts';

const ENGINES = engines('postgres', 'joins at the same time');

describe.each(ENGINES)('joining a league on %s', (engine) => {
  // The test moves the server's clock (kick cooldowns).
  let now = new Date(LEAGUE_TIME);
  const context = setUpTestApp(engine, { prepare: true, clock: () => now });
  const join = (cookie: string, code: unknown) =>
    send(context.app, 'POST', '/api/leagues/join', { cookie, body: { code } });
  const seasonId = async () => (await context.app.activeSeason.get()).id;
  const membership = async (leagueId: string, userId: string) => {
    const [row] = await context.database.db
      .select()
      .from(leagueMembers)
      .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.userId, userId)));
    return row;
  };

  describe('the invite', () => {
    it('shows anybody the league by its code, case and spaces aside, and never its members', async () => {
      const { db } = context.database;
      const league = await seedLeague(db, {
        seasonId: await seasonId(),
        joinMode: 'invite_only',
        maxMembers: 100,
        joinDeadline: new Date('2025-09-01T17:00:00Z'),
      });
      await seedMembers(db, league.id, 3, 'approved');
      const response = await send(context.app, 'GET', `/api/leagues/invite/${league.code.toLowerCase()}`);
      expect(response.statusCode).toBe(200);
      const [stored] = await db.select().from(leagues).where(eq(leagues.id, league.id));
      expect(response.json()).toEqual({
        name: stored?.name,
        code: league.code,
        maxMembers: 100,
        joinMode: 'invite_only',
        joinDeadline: '2025-09-01T17:00:00.000Z',
        joinBlock: null,
      });
    });

    it('answers an unknown code with "League not found" and a malformed one with "Invalid league code"', async () => {
      const unknown = await send(context.app, 'GET', '/api/leagues/invite/ZZZZ9999');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ reason: 'LEAGUE_NOT_FOUND', userMessage: 'League not found' });
      for (const code of ['ABC', 'ABCD-123', 'ABCDEFGHI']) {
        const malformed = await send(context.app, 'GET', `/api/leagues/invite/${code}`);
        expect(malformed.statusCode).toBe(400);
        expect(malformed.json().userMessage).toBe('Invalid league code');
      }
    });

    it('does not show or admit to a league of another season', async () => {
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
        .values({ seasonId: '2024-25', week: 1, date: '2024-08-16' })
        .onConflictDoNothing();
      const old = await seedLeague(db, { seasonId: '2024-25' });
      expect((await send(context.app, 'GET', `/api/leagues/invite/${old.code}`)).statusCode).toBe(404);
      const player = await readyPlayer(context.app, db);
      const response = await join(player.cookie, old.code);
      expect(response.statusCode).toBe(404);
      expect(await membership(old.id, player.id)).toBeUndefined();
    });
  });

  it('lets a player into an open league at once, counted and listed', async () => {
    const { db } = context.database;
    const league = await seedLeague(db, { seasonId: await seasonId(), joinMode: 'open' });
    const [before] = await db.select().from(leagues).where(eq(leagues.id, league.id));
    const player = await readyPlayer(context.app, db);
    const response = await join(player.cookie, ` ${league.code.toLowerCase()} `);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'approved',
      message: LEAGUE_MESSAGES.joined,
      league: { id: league.id, myStatus: 'approved', isAdmin: false, memberCount: 2, joinedAt: LEAGUE_TIME },
    });
    expect(await membership(league.id, player.id)).toMatchObject({ status: 'approved', joinedAt: now });
    expect(await leagueCounts(db, league.id)).toEqual({
      stored: { approved: 2, pending: 0 },
      counted: { approved: 2, pending: 0 },
    });
    const [after] = await db.select().from(leagues).where(eq(leagues.id, league.id));
    expect(after?.membersChangedAt.getTime()).toBeGreaterThan(before?.membersChangedAt.getTime() ?? Infinity);
    const mine = await send(context.app, 'GET', '/api/leagues', { cookie: player.cookie });
    expect(mine.json().leagues).toEqual([response.json().league]);
  });

  it('files a pending request for an invite-only league; the admin sees it counted', async () => {
    const { db } = context.database;
    const admin = await readyPlayer(context.app, db);
    const created = await send(context.app, 'POST', '/api/leagues', {
      cookie: admin.cookie,
      body: { name: 'Approval' },
    });
    const { id, code } = created.json();
    const player = await readyPlayer(context.app, db);
    const response = await join(player.cookie, code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'pending',
      message: LEAGUE_MESSAGES.applied,
      league: { myStatus: 'pending', memberCount: 1, pendingRequests: 0 },
    });
    const [forAdmin] = (await send(context.app, 'GET', '/api/leagues', { cookie: admin.cookie })).json()
      .leagues;
    expect(forAdmin).toMatchObject({ id, pendingRequests: 1, memberCount: 1 });
    expect(await leagueCounts(db, id)).toEqual({
      stored: { approved: 1, pending: 1 },
      counted: { approved: 1, pending: 1 },
    });

    const again = await join(player.cookie, code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      reason: 'ALREADY_PENDING',
      userMessage: LEAGUE_MESSAGES.alreadyPending,
    });
    const self = await join(admin.cookie, code);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({
      reason: 'ALREADY_MEMBER',
      userMessage: LEAGUE_MESSAGES.alreadyMember,
    });
  });

  it('refuses an unknown code, a malformed one, and a player not ready to join', async () => {
    const { db } = context.database;
    const player = await readyPlayer(context.app, db);
    const unknown = await join(player.cookie, 'ZZZZ9999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      reason: 'LEAGUE_NOT_FOUND',
      userMessage: LEAGUE_MESSAGES.notFoundByCode,
    });
    const malformed = await join(player.cookie, 'NOPE');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().userMessage).toBe(LEAGUE_MESSAGES.codeInvalid);
    const empty = await join(player.cookie, '  ');
    expect(empty.json().userMessage).toBe(LEAGUE_MESSAGES.codeRequired);

    const league = await seedLeague(db, { seasonId: await seasonId() });
    for (const account of [await signUp(context.app), await signUpOnboarded(context.app)]) {
      const response = await join(account.cookie, league.code);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        reason: 'NOT_READY_TO_JOIN',
        userMessage: LEAGUE_MESSAGES.notReady,
      });
    }
    expect((await join('', league.code)).statusCode).toBe(401);
    expect(await leagueCounts(db, league.id)).toMatchObject({ counted: { approved: 1, pending: 0 } });
  });

  it('refuses a locked league and one whose join deadline has passed, with the deadline in details', async () => {
    const { db } = context.database;
    const player = await readyPlayer(context.app, db);
    const locked = await seedLeague(db, { seasonId: await seasonId(), joinMode: 'locked' });
    const lockedResponse = await join(player.cookie, locked.code);
    expect(lockedResponse.statusCode).toBe(403);
    expect(lockedResponse.json()).toMatchObject({
      reason: 'LEAGUE_LOCKED',
      userMessage: LEAGUE_MESSAGES.locked,
    });

    const late = await seedLeague(db, {
      seasonId: await seasonId(),
      joinMode: 'open',
      joinDeadline: new Date('2025-08-09T18:30:00Z'),
    });
    const lateResponse = await join(player.cookie, late.code);
    expect(lateResponse.statusCode).toBe(403);
    expect(lateResponse.json()).toMatchObject({
      reason: 'JOIN_DEADLINE_PASSED',
      userMessage: joinDeadlinePassedMessage('9 Aug 2025', '18:30'),
      details: { deadline: '2025-08-09T18:30:00.000Z' },
    });
    expect(lateResponse.json().userMessage).toBe(
      'The join deadline for this league has passed. The deadline was 9 Aug 2025 at 18:30.',
    );
    expect(await membership(late.id, player.id)).toBeUndefined();
  });

  it('refuses a full league', async () => {
    const { db } = context.database;
    const league = await seedLeague(db, { seasonId: await seasonId(), joinMode: 'open', maxMembers: 50 });
    await seedMembers(db, league.id, 49, 'approved');
    const player = await readyPlayer(context.app, db);
    const response = await join(player.cookie, league.code);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ reason: 'LEAGUE_FULL', userMessage: leagueFullMessage(50) });
  });

  it('lets exactly one of two players racing for the last place in', async () => {
    const { db } = context.database;
    const league = await seedLeague(db, { seasonId: await seasonId(), joinMode: 'open', maxMembers: 50 });
    await seedMembers(db, league.id, 48, 'approved');
    const [first, second] = [await readyPlayer(context.app, db), await readyPlayer(context.app, db)];
    const responses = await Promise.all([join(first.cookie, league.code), join(second.cookie, league.code)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const refused = responses.find((response) => response.statusCode === 409);
    expect(refused?.json()).toMatchObject({ reason: 'LEAGUE_FULL' });
    expect(await leagueCounts(db, league.id)).toEqual({
      stored: { approved: 50, pending: 0 },
      counted: { approved: 50, pending: 0 },
    });
  });

  it('files one request when a player sends the same join twice at once', async () => {
    const { db } = context.database;
    const league = await seedLeague(db, { seasonId: await seasonId(), joinMode: 'invite_only' });
    const player = await readyPlayer(context.app, db);
    const responses = await Promise.all([join(player.cookie, league.code), join(player.cookie, league.code)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await leagueCounts(db, league.id)).toEqual({
      stored: { approved: 1, pending: 1 },
      counted: { approved: 1, pending: 1 },
    });
  });

  it(`refuses a join beyond ${LEAGUE_LIMITS.memberships} approved or pending memberships`, async () => {
    const { db } = context.database;
    const player = await readyPlayer(context.app, db);
    const season = await seasonId();
    for (let index = 0; index < LEAGUE_LIMITS.memberships; index += 1) {
      const league = await seedLeague(db, { seasonId: season });
      await seedMembership(db, league.id, player.id, index % 2 === 0 ? 'approved' : 'pending');
    }
    const target = await seedLeague(db, { seasonId: season, joinMode: 'open' });
    const response = await join(player.cookie, target.code);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      reason: 'TOO_MANY_LEAGUES',
      userMessage: tooManyLeaguesMessage(),
    });
  });

  it('lets a rejected player ask again at once, pending even in an open league', async () => {
    const { db } = context.database;
    const league = await seedLeague(db, { seasonId: await seasonId(), joinMode: 'open' });
    const player = await readyPlayer(context.app, db);
    await seedMembership(db, league.id, player.id, 'rejected');
    const response = await join(player.cookie, league.code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'pending',
      message: LEAGUE_MESSAGES.rejoinRequested,
      league: { myStatus: 'pending' },
    });
    expect(await leagueCounts(db, league.id)).toEqual({
      stored: { approved: 1, pending: 1 },
      counted: { approved: 1, pending: 1 },
    });
  });

  it('refuses a kicked player for 24 hours after the kick, then takes their request', async () => {
    const { db } = context.database;
    const league = await seedLeague(db, { seasonId: await seasonId(), joinMode: 'open' });
    const player = await readyPlayer(context.app, db);
    const kickedAt = new Date('2025-08-10T09:15:00Z');
    await seedMembership(db, league.id, player.id, 'kicked', kickedAt);
    try {
      now = new Date('2025-08-11T09:14:00Z');
      const early = await join(player.cookie, league.code);
      expect(early.statusCode).toBe(403);
      expect(early.json()).toMatchObject({
        reason: 'REJOIN_TOO_SOON',
        userMessage: rejoinTooSoonMessage('11 Aug 2025', '09:15'),
        details: { retryAt: '2025-08-11T09:15:00.000Z' },
      });
      expect(await membership(league.id, player.id)).toMatchObject({ status: 'kicked' });

      now = new Date('2025-08-11T09:15:00Z');
      const later = await join(player.cookie, league.code);
      expect(later.statusCode).toBe(200);
      expect(later.json()).toMatchObject({ status: 'pending', message: LEAGUE_MESSAGES.rejoinRequested });
      expect(await membership(league.id, player.id)).toMatchObject({
        status: 'pending',
        requestedAt: now,
        joinedAt: null,
        kickedAt: null,
      });
      expect(await leagueCounts(db, league.id)).toEqual({
        stored: { approved: 1, pending: 1 },
        counted: { approved: 1, pending: 1 },
      });
    } finally {
      now = new Date(LEAGUE_TIME);
    }
  });
});
