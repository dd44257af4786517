import {
  LEAGUE_LIMITS,
  LEAGUE_MESSAGES,
  type LeagueSummary,
  PERSON_NAME_MESSAGES,
  tooManyAdministeredMessage,
  tooManyLeaguesMessage,
} from '@hit21/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leagues } from '../../../../src/db/schema/index.ts';
import { createLeague } from '../../../../src/plugins/app/leagues/create-league.ts';
import { send, signUp, signUpOnboarded } from '../../../support/accounts.ts';
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

const ENGINES = engines('postgres', 'creations at the same time');

describe.each(ENGINES)('creating a league on %s', (engine) => {
  const context = setUpTestApp(engine, { prepare: true, clock: () => new Date(LEAGUE_TIME) });
  const create = (cookie: string, body: unknown) =>
    send(context.app, 'POST', '/api/leagues', { cookie, body });
  const seasonId = async () => (await context.app.activeSeason.get()).id;

  it('creates a league of the active season run by its creator, the first approved member, and lists it', async () => {
    const { db } = context.database;
    const player = await readyPlayer(context.app, db);
    const response = await create(player.cookie, { name: '  Office Legends  ' });
    expect(response.statusCode).toBe(201);
    const league = response.json() as LeagueSummary;
    expect(league).toMatchObject({
      name: 'Office Legends',
      maxMembers: 50,
      joinMode: 'invite_only',
      joinDeadline: null,
      isAdmin: true,
      myStatus: 'approved',
      memberCount: 1,
      pendingRequests: 0,
      createdAt: LEAGUE_TIME,
      joinedAt: LEAGUE_TIME,
      adminHandover: null,
    });
    expect(league.code).toMatch(/^[A-Z0-9]{8}$/);

    const [stored] = await db.select().from(leagues).where(eq(leagues.id, league.id));
    expect(stored).toMatchObject({ seasonId: await seasonId(), adminId: player.id, code: league.code });
    expect(await leagueCounts(db, league.id)).toEqual({
      stored: { approved: 1, pending: 0 },
      counted: { approved: 1, pending: 0 },
    });

    const mine = await send(context.app, 'GET', '/api/leagues', { cookie: player.cookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ leagues: [league] });
  });

  it('takes every setting the contract allows', async () => {
    const player = await readyPlayer(context.app, context.database.db);
    const response = await create(player.cookie, {
      name: 'Open House',
      maxMembers: -1,
      joinMode: 'open',
      joinDeadline: '2025-09-01T18:00:00+01:00',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      maxMembers: -1,
      joinMode: 'open',
      joinDeadline: '2025-09-01T17:00:00.000Z',
    });
  });

  it('refuses a player who has not completed onboarding or picked a team, and stores nothing', async () => {
    const { db } = context.database;
    const fresh = await signUp(context.app);
    const onboarded = await signUpOnboarded(context.app);
    for (const cookie of [fresh.cookie, onboarded.cookie]) {
      const response = await create(cookie, { name: 'Not Yet' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        reason: 'NOT_READY_TO_JOIN',
        userMessage: LEAGUE_MESSAGES.notReady,
      });
    }
    expect(await db.select().from(leagues).where(eq(leagues.name, 'Not Yet'))).toEqual([]);
  });

  it('refuses a signed-out visitor', async () => {
    const response = await create('', { name: 'Anyone' });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    [{ name: '   ' }, LEAGUE_MESSAGES.nameRequired],
    [{}, LEAGUE_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(51) }, LEAGUE_MESSAGES.nameTooLong],
    [{ name: 'Two\nLines' }, PERSON_NAME_MESSAGES.controlCharacters],
    [{ name: 'Sizes', maxMembers: 75 }, undefined],
    [{ name: 'Modes', joinMode: 'public' }, undefined],
    [{ name: 'Dates', joinDeadline: 'next tuesday' }, 'Please enter a valid date and time'],
  ])('refuses invalid input %j', async (body, message) => {
    const player = await readyPlayer(context.app, context.database.db);
    const response = await create(player.cookie, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_REQUEST');
    if (message) expect(response.json().userMessage).toBe(message);
  });

  it('refuses a join deadline that is not after the server clock', async () => {
    const player = await readyPlayer(context.app, context.database.db);
    for (const joinDeadline of ['2025-08-10T11:59:00Z', LEAGUE_TIME]) {
      const response = await create(player.cookie, { name: 'Too Late', joinDeadline });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        reason: 'JOIN_DEADLINE_IN_PAST',
        userMessage: LEAGUE_MESSAGES.deadlineInPast,
      });
    }
  });

  it(`refuses an eleventh administered league (${LEAGUE_LIMITS.administered} at most)`, async () => {
    const player = await readyPlayer(context.app, context.database.db);
    for (let index = 0; index < LEAGUE_LIMITS.administered; index += 1)
      expect((await create(player.cookie, { name: `League ${index}` })).statusCode).toBe(201);
    const response = await create(player.cookie, { name: 'One Too Many' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      reason: 'TOO_MANY_ADMINISTERED',
      userMessage: tooManyAdministeredMessage(),
    });
  });

  it('lets only one of several concurrent creates take the last administered place', async () => {
    const player = await readyPlayer(context.app, context.database.db);
    for (let index = 0; index < LEAGUE_LIMITS.administered - 1; index += 1)
      expect((await create(player.cookie, { name: `League ${index}` })).statusCode).toBe(201);
    const responses = await Promise.all(
      [1, 2, 3, 4].map((index) => create(player.cookie, { name: `Racer ${index}` })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const mine = await send(context.app, 'GET', '/api/leagues', { cookie: player.cookie });
    expect(mine.json().leagues).toHaveLength(LEAGUE_LIMITS.administered);
  });

  it(`refuses a league beyond ${LEAGUE_LIMITS.memberships} approved or pending memberships; refused ones do not count`, async () => {
    const { db } = context.database;
    const player = await readyPlayer(context.app, db);
    const season = await seasonId();
    for (let index = 0; index < LEAGUE_LIMITS.memberships - 1; index += 1) {
      const league = await seedLeague(db, { seasonId: season });
      await seedMembership(db, league.id, player.id, index % 2 === 0 ? 'approved' : 'pending');
    }
    for (const status of ['rejected', 'kicked'] as const) {
      const league = await seedLeague(db, { seasonId: season });
      await seedMembership(db, league.id, player.id, status);
    }
    expect((await create(player.cookie, { name: 'The Thirtieth' })).statusCode).toBe(201);
    const response = await create(player.cookie, { name: 'The Thirty-First' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      reason: 'TOO_MANY_LEAGUES',
      userMessage: tooManyLeaguesMessage(),
    });
  });

  it('tries another code when the one drawn is taken', async () => {
    const { db } = context.database;
    const player = await readyPlayer(context.app, db);
    const draws = [0, 0, 1].map((byte) => new Uint8Array(16).fill(byte));
    const randomBytes = () => draws.shift() ?? new Uint8Array(16).fill(2);
    const input = { name: 'Codes', maxMembers: 50, joinMode: 'open' as const, joinDeadline: null };
    const base = { db, userId: player.id, seasonId: await seasonId(), input, now: new Date(LEAGUE_TIME) };
    const first = await createLeague({ ...base, randomBytes });
    const second = await createLeague({ ...base, randomBytes });
    expect(first.code).toBe('AAAAAAAA');
    expect(second.code).toBe('BBBBBBBB');
    expect(draws).toEqual([]);
  });

  it("shows the admin the hand-over notice until they dismiss it; other members can't dismiss it", async () => {
    const { db } = context.database;
    const admin = await readyPlayer(context.app, db);
    const member = await readyPlayer(context.app, db);
    const created = (
      await create(admin.cookie, { name: 'Inherited', joinMode: 'open' })
    ).json() as LeagueSummary;
    expect(
      (
        await send(context.app, 'POST', '/api/leagues/join', {
          cookie: member.cookie,
          body: { code: created.code },
        })
      ).statusCode,
    ).toBe(200);
    await db
      .update(leagues)
      .set({ adminHandoverReason: 'account_deleted', adminHandoverAt: new Date('2025-08-09T10:00:00Z') })
      .where(eq(leagues.id, created.id));

    const before = (await send(context.app, 'GET', '/api/leagues', { cookie: admin.cookie })).json();
    expect(before.leagues[0].adminHandover).toEqual({
      reason: 'account_deleted',
      at: '2025-08-09T10:00:00.000Z',
    });
    const seenByMember = (await send(context.app, 'GET', '/api/leagues', { cookie: member.cookie })).json();
    expect(seenByMember.leagues[0]).toMatchObject({ adminHandover: null, isAdmin: false, memberCount: 2 });

    const dismissUrl = `/api/leagues/${created.id}/handover-notice/dismiss`;
    const refused = await call(context.app, 'POST', dismissUrl, { cookie: member.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      reason: 'NOT_LEAGUE_ADMIN',
      userMessage: LEAGUE_MESSAGES.adminOnly,
    });
    const stranger = await readyPlayer(context.app, db);
    const hidden = await call(context.app, 'POST', dismissUrl, { cookie: stranger.cookie });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({
      reason: 'LEAGUE_NOT_FOUND',
      userMessage: LEAGUE_MESSAGES.notFound,
    });

    const dismissed = await call(context.app, 'POST', dismissUrl, { cookie: admin.cookie });
    expect(dismissed.statusCode).toBe(204);
    expect(dismissed.body).toBe('');
    const after = (await send(context.app, 'GET', '/api/leagues', { cookie: admin.cookie })).json();
    expect(after.leagues[0].adminHandover).toBeNull();
  });
});
