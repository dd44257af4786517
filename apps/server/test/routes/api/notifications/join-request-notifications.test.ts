import { joinRequestMessage, joinRequestTitle } from '@hit21/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gameweeks, leagues, notifications, profiles, seasons } from '../../../../src/db/schema/index.ts';
import { setUpTestApp } from '../../../support/build-test-app.ts';
import { engines } from '../../../support/test-database.ts';
import {
  call,
  LEAGUE_TIME,
  readyPlayer,
  seedLeague,
  seedMembership,
} from '../leagues/membership-fixtures.ts';
import {
  listenForEvents,
  readPage,
  readSummary,
  storedJoinRequests,
  storedNotifications,
} from './notification-fixtures.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

describe.each(ENGINES)("a league admin's join-request notifications on %s", (engine) => {
  // Moved by the tests of kicks (24 hours) and of the season's end.
  let now = new Date(LEAGUE_TIME);
  const context = setUpTestApp(engine, { prepare: true, clock: () => now });
  const seasonId = async () => (await context.app.activeSeason.get()).id;

  /** An admin with a real account, their invite-only league, and a player ready to ask. */
  async function leagueWithRequester(joinMode: 'invite_only' | 'open' = 'invite_only') {
    const { db } = context.database;
    const admin = await readyPlayer(context.app, db);
    const league = await seedLeague(db, { seasonId: await seasonId(), adminId: admin.id, joinMode });
    const requester = await readyPlayer(context.app, db);
    await db.update(profiles).set({ fullName: 'Riley Quinn' }).where(eq(profiles.id, requester.id));
    const [row] = await db.select({ name: leagues.name }).from(leagues).where(eq(leagues.id, league.id));
    return { admin, league: { ...league, name: row?.name ?? '' }, requester };
  }
  const join = (cookie: string, code: string) =>
    call(context.app, 'POST', '/api/leagues/join', { cookie, body: { code } });
  const setStatus = (cookie: string, leagueId: string, userId: string, status: string) =>
    call(context.app, 'PUT', `/api/leagues/${leagueId}/members/${userId}`, { cookie, body: { status } });

  it('stores one unread notification for the admin when a request waits, worded from the current names', async () => {
    const { admin, league, requester } = await leagueWithRequester();
    const listener = await listenForEvents(context.database);
    try {
      expect((await join(requester.cookie, league.code)).json()).toMatchObject({ status: 'pending' });
      const [stored] = await storedJoinRequests(context.database.db, league.id);
      expect(stored).toMatchObject({ userId: admin.id, requesterId: requester.id, readAt: null });
      await listener.settle(() => listener.about(admin.id).length > 0);
      expect(listener.about(admin.id)).toEqual([{ kind: 'created', userId: admin.id, ids: [stored?.id] }]);

      // Asking again is refused: nothing new is stored or published.
      expect((await join(requester.cookie, league.code)).statusCode).toBe(409);
      await listener.settle();
      expect(listener.about(admin.id)).toHaveLength(1);
      expect(await storedJoinRequests(context.database.db, league.id)).toHaveLength(1);
    } finally {
      await listener.stop();
    }

    await context.database.db
      .update(profiles)
      .set({ fullName: 'Riley Stone' })
      .where(eq(profiles.id, requester.id));
    const page = await readPage(context.app, admin.cookie);
    expect(page).toMatchObject({
      tab: 'unread',
      unreadCount: 1,
      readCount: 0,
      unreadJoinRequests: 1,
      unreadJoinRequestsByLeague: { [league.id]: 1 },
      nextBefore: null,
    });
    expect(page.items).toEqual([
      {
        id: expect.stringMatching(/^[1-9][0-9]*$/),
        type: 'join_request',
        title: joinRequestTitle(),
        message: joinRequestMessage('Riley Stone', league.name),
        actorName: 'Riley Stone',
        leagueId: league.id,
        leagueName: league.name,
        goalKind: null,
        createdAt: expect.any(String),
        read: false,
      },
    ]);
    // The requester is told nothing in their own bell.
    expect(await readSummary(context.app, requester.cookie)).toMatchObject({ unreadCount: 0, readCount: 0 });
  });

  it('stores nothing when the league lets the player in at once', async () => {
    const { admin, league, requester } = await leagueWithRequester('open');
    expect((await join(requester.cookie, league.code)).json()).toMatchObject({ status: 'approved' });
    expect(await storedJoinRequests(context.database.db, league.id)).toEqual([]);
    expect(await readSummary(context.app, admin.cookie)).toMatchObject({
      unreadCount: 0,
      unreadJoinRequests: 0,
    });
  });

  it.each(['approved', 'rejected'])(
    "removes it when the admin answers %s, and tells the admin's pages",
    async (status) => {
      const { admin, league, requester } = await leagueWithRequester();
      // Listening from the start: an event sent just before listening may still be on its way.
      const listener = await listenForEvents(context.database);
      try {
        await join(requester.cookie, league.code);
        expect((await setStatus(admin.cookie, league.id, requester.id, status)).statusCode).toBe(200);
        await listener.settle(() => listener.about(admin.id).length > 1);
        expect(listener.about(admin.id)).toEqual([
          { kind: 'created', userId: admin.id, ids: [expect.any(Number)] },
          { kind: 'sync', userIds: [admin.id] },
        ]);
      } finally {
        await listener.stop();
      }
      expect(await storedJoinRequests(context.database.db, league.id)).toEqual([]);
      expect(await readSummary(context.app, admin.cookie)).toEqual({
        unreadCount: 0,
        readCount: 0,
        unreadJoinRequests: 0,
        unreadJoinRequestsByLeague: {},
      });
    },
  );

  it('removes it when the player withdraws the request', async () => {
    const { admin, league, requester } = await leagueWithRequester();
    await join(requester.cookie, league.code);
    expect(
      (
        await call(context.app, 'DELETE', `/api/leagues/${league.id}/membership`, {
          cookie: requester.cookie,
        })
      ).statusCode,
    ).toBe(204);
    expect(await storedJoinRequests(context.database.db, league.id)).toEqual([]);
    expect((await readSummary(context.app, admin.cookie)).unreadCount).toBe(0);
  });

  it('removes it with the league, and tells the admin', async () => {
    const { admin, league, requester } = await leagueWithRequester();
    const listener = await listenForEvents(context.database);
    try {
      await join(requester.cookie, league.code);
      expect(
        (await call(context.app, 'DELETE', `/api/leagues/${league.id}`, { cookie: admin.cookie })).statusCode,
      ).toBe(204);
      await listener.settle(() => listener.about(admin.id).length > 1);
      expect(listener.about(admin.id)).toEqual([
        { kind: 'created', userId: admin.id, ids: [expect.any(Number)] },
        { kind: 'sync', userIds: [admin.id] },
      ]);
    } finally {
      await listener.stop();
    }
    expect(await storedNotifications(context.database.db, admin.id)).toEqual([]);
  });

  it("removes it when the requester's account is deleted", async () => {
    const { admin, league, requester } = await leagueWithRequester();
    await join(requester.cookie, league.code);
    const deleted = await call(context.app, 'POST', '/api/deleteAccount', { cookie: requester.cookie });
    expect(deleted.statusCode).toBe(200);
    expect(await storedJoinRequests(context.database.db, league.id)).toEqual([]);
    expect((await readSummary(context.app, admin.cookie)).unreadCount).toBe(0);
  });

  it('stores it again, unread and new, when a kicked player asks again after 24 hours', async () => {
    const { admin, league, requester } = await leagueWithRequester();
    await join(requester.cookie, league.code);
    const [first] = await storedJoinRequests(context.database.db, league.id);
    await setStatus(admin.cookie, league.id, requester.id, 'approved');
    expect((await setStatus(admin.cookie, league.id, requester.id, 'kicked')).statusCode).toBe(200);
    try {
      now = new Date(Date.parse(LEAGUE_TIME) + 24 * 3_600_000 + 60_000);
      expect((await join(requester.cookie, league.code)).json()).toMatchObject({ status: 'pending' });
    } finally {
      now = new Date(LEAGUE_TIME);
    }
    const [again] = await storedJoinRequests(context.database.db, league.id);
    expect(again).toMatchObject({ userId: admin.id, requesterId: requester.id, readAt: null });
    expect(again?.id).not.toBe(first?.id);
    expect((await readSummary(context.app, admin.cookie)).unreadJoinRequestsByLeague).toEqual({
      [league.id]: 1,
    });
  });

  it('moves them, unread, to the new admin when the league is handed over', async () => {
    const { db } = context.database;
    const { admin, league, requester } = await leagueWithRequester();
    const heir = await readyPlayer(context.app, db);
    await seedMembership(db, league.id, heir.id, 'approved');
    await join(requester.cookie, league.code);
    const [request] = await storedNotifications(db, admin.id);
    await call(context.app, 'PATCH', `/api/notifications/${request?.id}`, {
      cookie: admin.cookie,
      body: { read: true },
    });

    const listener = await listenForEvents(context.database);
    try {
      const [heirEmail] = await db
        .select({ email: profiles.email })
        .from(profiles)
        .where(eq(profiles.id, heir.id));
      const handed = await call(context.app, 'POST', `/api/leagues/${league.id}/admin`, {
        cookie: admin.cookie,
        body: { email: heirEmail?.email },
      });
      expect(handed.statusCode).toBe(200);
      await listener.settle(() => listener.about(heir.id).length > 0);
      expect(listener.about(heir.id)).toEqual([{ kind: 'sync', userIds: [admin.id, heir.id] }]);
    } finally {
      await listener.stop();
    }
    expect(await storedNotifications(db, admin.id)).toEqual([]);
    expect(await storedNotifications(db, heir.id)).toMatchObject([{ id: request?.id, readAt: null }]);
    expect((await readSummary(context.app, heir.cookie)).unreadJoinRequestsByLeague).toEqual({
      [league.id]: 1,
    });
    expect((await readSummary(context.app, admin.cookie)).unreadCount).toBe(0);
  });

  it("moves them to the heir when the admin's account is deleted", async () => {
    const { db } = context.database;
    const { admin, league, requester } = await leagueWithRequester();
    const heir = await readyPlayer(context.app, db);
    await seedMembership(db, league.id, heir.id, 'approved');
    await join(requester.cookie, league.code);
    expect((await call(context.app, 'POST', '/api/deleteAccount', { cookie: admin.cookie })).statusCode).toBe(
      200,
    );
    expect(await storedJoinRequests(db, league.id)).toMatchObject([
      { userId: heir.id, requesterId: requester.id },
    ]);
    expect((await readSummary(context.app, heir.cookie)).unreadJoinRequests).toBe(1);
  });

  it('leaves out requests of a league whose season is over, or of another season', async () => {
    const { db } = context.database;
    const { admin, league, requester } = await leagueWithRequester();
    await join(requester.cookie, league.code);
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
    const old = await seedLeague(db, { seasonId: '2024-25', adminId: admin.id, joinMode: 'invite_only' });
    await seedMembership(db, old.id, requester.id, 'pending');
    await db
      .insert(notifications)
      .values({ userId: admin.id, type: 'join_request', leagueId: old.id, requesterId: requester.id });

    const running = await readPage(context.app, admin.cookie);
    expect(running.items.map((item) => item.leagueId)).toEqual([league.id]);
    expect(running).toMatchObject({ unreadCount: 1, unreadJoinRequestsByLeague: { [league.id]: 1 } });
    try {
      now = new Date('2026-07-01T00:00:00Z');
      expect(await readPage(context.app, admin.cookie)).toMatchObject({
        items: [],
        unreadCount: 0,
        unreadJoinRequests: 0,
        unreadJoinRequestsByLeague: {},
      });
      const [stored] = await storedJoinRequests(db, league.id);
      const hidden = await call(context.app, 'PATCH', `/api/notifications/${stored?.id}`, {
        cookie: admin.cookie,
        body: { read: true },
      });
      expect(hidden.statusCode).toBe(404);
    } finally {
      now = new Date(LEAGUE_TIME);
    }
  });
});
