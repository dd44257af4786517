import { NOTIFICATION_LIMITS, NOTIFICATION_MESSAGES } from '@hit21/core';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../support/build-test-app.ts';
import { engines } from '../../../support/test-database.ts';
import { call, LEAGUE_TIME, readyPlayer } from '../leagues/membership-fixtures.ts';
import {
  listenForEvents,
  readPage,
  readSummary,
  seedGoalAlerts,
  storedNotifications,
} from './notification-fixtures.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

describe.each(ENGINES)("a player's notifications on %s", (engine) => {
  const context = setUpTestApp(engine, { prepare: true, clock: () => new Date(LEAGUE_TIME) });
  const player = () => readyPlayer(context.app, context.database.db);
  const mark = (cookie: string | undefined, id: unknown, body: unknown) =>
    call(context.app, 'PATCH', `/api/notifications/${id}`, { cookie, body });

  describe('reading', () => {
    it('pages each tab newest first, continuing after the last item shown', async () => {
      const { cookie, id } = await player();
      const ids = await seedGoalAlerts(context.database.db, id, 5);
      const newestFirst = ids.map(String).reverse();

      const first = await readPage(context.app, cookie, '?tab=unread&limit=2');
      expect(first.items.map((item) => item.id)).toEqual(newestFirst.slice(0, 2));
      expect(first).toMatchObject({
        tab: 'unread',
        unreadCount: 5,
        readCount: 0,
        nextBefore: newestFirst[1],
      });
      const second = await readPage(context.app, cookie, `?limit=2&before=${first.nextBefore}`);
      expect(second.items.map((item) => item.id)).toEqual(newestFirst.slice(2, 4));
      const last = await readPage(context.app, cookie, `?limit=2&before=${second.nextBefore}`);
      expect(last.items.map((item) => item.id)).toEqual(newestFirst.slice(4));
      expect(last.nextBefore).toBeNull();

      expect(first.items[0]).toEqual({
        id: newestFirst[0],
        type: 'goal',
        title: 'Goal for Saka',
        message: "Saka scored for Arsenal: you're on 5 of 21",
        actorName: 'Saka',
        leagueId: null,
        leagueName: null,
        goalKind: 'scored',
        createdAt: expect.any(String),
        read: false,
      });
      // Nothing read yet; the default page is the unread tab at the default size.
      expect((await readPage(context.app, cookie, '?tab=read')).items).toEqual([]);
      expect((await readPage(context.app, cookie)).items).toHaveLength(5);
    });

    it(`gives at most ${NOTIFICATION_LIMITS.maxPageSize} a page, ${NOTIFICATION_LIMITS.defaultPageSize} unless asked`, async () => {
      const { cookie, id } = await player();
      await seedGoalAlerts(context.database.db, id, NOTIFICATION_LIMITS.maxPageSize + 1);
      const byDefault = await readPage(context.app, cookie);
      expect(byDefault.items).toHaveLength(NOTIFICATION_LIMITS.defaultPageSize);
      const most = await readPage(context.app, cookie, `?limit=${NOTIFICATION_LIMITS.maxPageSize}`);
      expect(most.items).toHaveLength(NOTIFICATION_LIMITS.maxPageSize);
      expect(most.nextBefore).toBe(most.items.at(-1)?.id);
      expect(await readSummary(context.app, cookie)).toEqual({
        unreadCount: NOTIFICATION_LIMITS.maxPageSize + 1,
        readCount: 0,
        unreadJoinRequests: 0,
        unreadJoinRequestsByLeague: {},
      });
    });

    it('refuses malformed pages with 400', async () => {
      const { cookie } = await player();
      for (const query of [
        '?limit=0',
        `?limit=${NOTIFICATION_LIMITS.maxPageSize + 1}`,
        '?limit=2.5',
        '?limit=ten',
        '?tab=all',
        '?before=0',
        '?before=-3',
        '?before=12x',
        `?before=${'9'.repeat(19)}`,
      ]) {
        const response = await call(context.app, 'GET', `/api/notifications${query}`, { cookie });
        expect(response.statusCode, query).toBe(400);
        expect(response.json(), query).toMatchObject({ code: 'INVALID_REQUEST' });
      }
    });
  });

  describe('marking and clearing', () => {
    it('marks one read and unread again, moving it between the tabs, and tells their other pages', async () => {
      const { cookie, id } = await player();
      const [older, newer] = await seedGoalAlerts(context.database.db, id, 2);
      const listener = await listenForEvents(context.database);
      try {
        const read = await mark(cookie, newer, { read: true });
        expect(read.statusCode).toBe(200);
        expect(read.json()).toMatchObject({ id: String(newer), read: true });
        await listener.settle(() => listener.about(id).length > 0);
        expect(listener.about(id)).toEqual([{ kind: 'sync', userIds: [id] }]);

        expect((await readPage(context.app, cookie, '?tab=read')).items.map((item) => item.id)).toEqual([
          String(newer),
        ]);
        expect(await readPage(context.app, cookie)).toMatchObject({ unreadCount: 1, readCount: 1 });

        // Marking it read again changes nothing and tells nobody.
        expect((await mark(cookie, newer, { read: true })).json()).toMatchObject({ read: true });
        await listener.settle();
        expect(listener.about(id)).toHaveLength(1);

        expect((await mark(cookie, newer, { read: false })).json()).toMatchObject({ read: false });
        const unread = await readPage(context.app, cookie);
        expect(unread.items.map((item) => item.id)).toEqual([String(newer), String(older)]);
        expect(unread).toMatchObject({ unreadCount: 2, readCount: 0 });
      } finally {
        await listener.stop();
      }
    });

    it('marks all read, and clears all, read and unread', async () => {
      const { cookie, id } = await player();
      const [first] = await seedGoalAlerts(context.database.db, id, 3);
      const listener = await listenForEvents(context.database);
      try {
        await mark(cookie, first, { read: true });
        expect((await call(context.app, 'POST', '/api/notifications/read-all', { cookie })).statusCode).toBe(
          204,
        );
        expect(await readSummary(context.app, cookie)).toMatchObject({ unreadCount: 0, readCount: 3 });
        expect((await readPage(context.app, cookie, '?tab=read')).items).toHaveLength(3);

        const cleared = await call(context.app, 'DELETE', '/api/notifications', { cookie });
        expect(cleared.statusCode).toBe(204);
        expect(await storedNotifications(context.database.db, id)).toEqual([]);
        expect(await readSummary(context.app, cookie)).toMatchObject({ unreadCount: 0, readCount: 0 });
        // The mark, the mark-all and the clear.
        await listener.settle(() => listener.about(id).length >= 3);
        expect(listener.about(id)).toEqual(
          Array.from({ length: 3 }, () => ({ kind: 'sync', userIds: [id] })),
        );
        // Nothing left to mark or clear: nothing to tell.
        await call(context.app, 'POST', '/api/notifications/read-all', { cookie });
        await call(context.app, 'DELETE', '/api/notifications', { cookie });
        await listener.settle();
        expect(listener.about(id)).toHaveLength(3);
      } finally {
        await listener.stop();
      }
    });

    it("touches only the player's own notifications", async () => {
      const owner = await player();
      const other = await player();
      const [ownerAlert] = await seedGoalAlerts(context.database.db, owner.id, 1);
      await seedGoalAlerts(context.database.db, other.id, 1);
      await call(context.app, 'POST', '/api/notifications/read-all', { cookie: other.cookie });
      await call(context.app, 'DELETE', '/api/notifications', { cookie: other.cookie });
      expect(await storedNotifications(context.database.db, owner.id)).toMatchObject([
        { id: ownerAlert, readAt: null },
      ]);
      expect(await readSummary(context.app, owner.cookie)).toMatchObject({ unreadCount: 1 });
    });
  });

  describe('permissions and bad requests', () => {
    it('asks a signed-out visitor to sign in, on every route', async () => {
      for (const [method, url] of [
        ['GET', '/api/notifications'],
        ['GET', '/api/notifications/summary'],
        ['PATCH', '/api/notifications/1'],
        ['POST', '/api/notifications/read-all'],
        ['DELETE', '/api/notifications'],
      ] as const) {
        const response = await call(
          context.app,
          method,
          url,
          method === 'PATCH' ? { body: { read: true } } : {},
        );
        expect(response.statusCode, url).toBe(401);
        expect(response.json()).toMatchObject({ reason: 'SIGN_IN_REQUIRED' });
      }
    });

    it("answers another player's notification as an unknown one, and leaves it unchanged", async () => {
      const owner = await player();
      const stranger = await player();
      const [alert] = await seedGoalAlerts(context.database.db, owner.id, 1);
      const listener = await listenForEvents(context.database);
      try {
        for (const id of [alert, 999_999_999]) {
          const response = await mark(stranger.cookie, id, { read: true });
          expect(response.statusCode).toBe(404);
          expect(response.json()).toMatchObject({
            reason: 'NOTIFICATION_NOT_FOUND',
            userMessage: NOTIFICATION_MESSAGES.notFound,
          });
        }
        await listener.settle();
        expect([...listener.about(owner.id), ...listener.about(stranger.id)]).toEqual([]);
      } finally {
        await listener.stop();
      }
      expect(await storedNotifications(context.database.db, owner.id)).toMatchObject([
        { id: alert, readAt: null },
      ]);
    });

    it('refuses malformed ids and bodies with 400, writing nothing', async () => {
      const { cookie, id } = await player();
      const [alert] = await seedGoalAlerts(context.database.db, id, 1);
      for (const [target, body] of [
        ['abc', { read: true }],
        ['0', { read: true }],
        ['-1', { read: true }],
        ['1.5', { read: true }],
        ['9'.repeat(19), { read: true }],
        [String(alert), {}],
        [String(alert), { read: 'yes' }],
        [String(alert), null],
      ] as const) {
        const response = await mark(cookie, target, body);
        expect(response.statusCode, `${target} ${JSON.stringify(body)}`).toBe(400);
      }
      expect(await storedNotifications(context.database.db, id)).toMatchObject([{ id: alert, readAt: null }]);
    });
  });
});
