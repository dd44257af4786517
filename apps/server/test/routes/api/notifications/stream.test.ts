import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type AppNotification, NOTIFICATION_LIMITS } from '@hit21/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../../../src/db/database.ts';
import { sessions, users } from '../../../../src/db/schema/index.ts';
import type { NotificationEvent } from '../../../../src/plugins/app/notifications/notification-events.ts';
import { publishNotificationEvent } from '../../../../src/plugins/app/notifications/notification-events-repository.ts';
import { ORIGIN, send, signUp } from '../../../support/accounts.ts';
import { buildTestApp, setUpTestApp } from '../../../support/build-test-app.ts';
import { type EventStream, openEventStream } from '../../../support/event-stream.ts';
import { engines } from '../../../support/test-database.ts';
import { seedGoalAlerts } from './notification-fixtures.ts';

const ENGINES = engines('postgres', 'live streams LISTEN on their own connection');

const STREAM = '/api/notifications/stream';

describe.each(ENGINES)('the notifications stream on %s', (engine) => {
  const context = setUpTestApp(engine, { prepare: true });
  let baseUrl: string;
  const opened: EventStream[] = [];
  beforeAll(async () => {
    baseUrl = await context.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => {
    for (const stream of opened) stream.close();
  });

  async function open(cookie?: string) {
    const stream = await openEventStream(`${baseUrl}${STREAM}`, { cookie });
    opened.push(stream);
    return stream;
  }

  /** A signed-in player with a stream open. */
  async function connectedPlayer() {
    const account = await signUp(context.app);
    const session = await send(context.app, 'GET', '/api/auth/get-session', { cookie: account.cookie });
    const userId: string = session.json().user.id;
    return { ...account, userId, stream: await open(account.cookie) };
  }

  /** `event` as a publisher sends it (on commit). */
  async function publish(event: NotificationEvent) {
    await context.app.db.transaction((tx) => publishNotificationEvent(tx, event));
  }

  const notificationsIn = (stream: EventStream) =>
    stream.events
      .filter((event) => event.event === 'notification')
      .map((event) => JSON.parse(event.data) as AppNotification);

  /** Lets anything wrongly sent arrive before asserting that it did not. */
  async function quiet() {
    await context.app.notificationHub.settled();
    await sleep(150);
  }

  it('answers 401 in the error shape without a session, and opens with retry 3000 with one', async () => {
    const refused = await open();
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toMatchObject({
      code: 'UNAUTHENTICATED',
      userMessage: expect.any(String),
    });
    const forged = await open('better-auth.session_token=forged.value');
    expect(forged.status).toBe(401);

    const { stream } = await connectedPlayer();
    expect(stream.status).toBe(200);
    await sleep(50);
    expect(stream.retry).toBe(3000);
    context.app.notificationHub.pingAll();
    await new Promise<void>((resolve) => {
      const poll = () => (stream.comments.includes('ping') ? resolve() : setTimeout(poll, 10));
      poll();
    });
  });

  it('streams a created notification to its player only', async () => {
    const alice = await connectedPlayer();
    const bob = await connectedPlayer();
    const [id] = await seedGoalAlerts(context.app.db, alice.userId, 1);
    await publish({ kind: 'created', userId: alice.userId, ids: [id as number] });
    const received = await alice.stream.waitFor((event) => event.event === 'notification');
    expect(JSON.parse(received.data)).toMatchObject({
      id: String(id),
      type: 'goal',
      title: 'Goal for Saka',
      read: false,
    });
    await quiet();
    expect(bob.stream.events).toEqual([]);
  });

  it('sends sync to the named players only', async () => {
    const alice = await connectedPlayer();
    const bob = await connectedPlayer();
    await publish({ kind: 'sync', userIds: [alice.userId] });
    const received = await alice.stream.waitFor((event) => event.event === 'sync');
    expect(JSON.parse(received.data)).toEqual({});
    await quiet();
    expect(bob.stream.events).toEqual([]);
  });

  it('streams a created range to each connected owner, their own rows only, each once', async () => {
    const alice = await connectedPlayer();
    const bob = await connectedPlayer();
    // A player with no stream open here.
    const away = `away-${randomUUID()}`;
    await context.app.db.insert(users).values({ id: away, name: away, email: `${away}@example.com` });
    const aliceIds = await seedGoalAlerts(context.app.db, alice.userId, 2);
    const awayIds = await seedGoalAlerts(context.app.db, away, 2);
    const bobIds = await seedGoalAlerts(context.app.db, bob.userId, 1);
    const all = [...aliceIds, ...awayIds, ...bobIds];
    const range = { kind: 'created-range', fromId: Math.min(...all), toId: Math.max(...all) } as const;
    await publish(range);
    // Again, and one of Alice's by id: already sent, so not again.
    await publish(range);
    await publish({ kind: 'created', userId: alice.userId, ids: [aliceIds[0] as number] });
    await alice.stream.waitFor((event) => event.data.includes(`"id":"${aliceIds[1]}"`));
    await bob.stream.waitFor((event) => event.event === 'notification');
    await quiet();
    expect(notificationsIn(alice.stream).map((item) => item.id)).toEqual(aliceIds.map(String));
    expect(notificationsIn(bob.stream).map((item) => item.id)).toEqual(bobIds.map(String));
  });

  it('ignores a malformed message and keeps streaming', async () => {
    const alice = await connectedPlayer();
    await context.app.db.transaction((tx) =>
      publishNotificationEvent(tx, { kind: 'nonsense' } as unknown as NotificationEvent),
    );
    await publish({ kind: 'sync', userIds: [alice.userId] });
    await alice.stream.waitFor((event) => event.event === 'sync');
  });

  it('closes the stream of a signed-out or revoked session at the next check, and no other', async () => {
    const alice = await connectedPlayer();
    const bob = await connectedPlayer();
    const carol = await connectedPlayer();
    const signOut = await send(context.app, 'POST', '/api/auth/sign-out', { cookie: alice.cookie, body: {} });
    expect(signOut.statusCode).toBe(200);
    await context.app.db.delete(sessions).where(eq(sessions.userId, bob.userId));
    await context.app.notificationHub.revalidateSessions();
    await alice.stream.ended;
    await bob.stream.ended;
    await sleep(100);
    expect(carol.stream.isEnded).toBe(false);
    // And a signed-out cookie opens no new one.
    expect((await open(alice.cookie)).status).toBe(401);
  });

  it(`keeps at most ${NOTIFICATION_LIMITS.streamsPerPlayer} streams per player, closing the oldest`, async () => {
    const first = await connectedPlayer();
    const more: EventStream[] = [];
    for (let index = 1; index < NOTIFICATION_LIMITS.streamsPerPlayer; index += 1)
      more.push(await open(first.cookie));
    await sleep(100);
    expect(first.stream.isEnded).toBe(false);
    const newest = await open(first.cookie);
    await first.stream.ended;
    expect(more.every((stream) => !stream.isEnded) && !newest.isEnded).toBe(true);
    await publish({ kind: 'sync', userIds: [first.userId] });
    await newest.waitFor((event) => event.event === 'sync');
  });

  it.runIf(engine === 'postgres')(
    'syncs every open stream when the listening connection comes back after a loss, and streams on',
    async () => {
      const alice = await connectedPlayer();
      const bob = await connectedPlayer();
      const cut = await selectRows(
        context.app.db,
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where application_name = 'hit21-listener' and datname = current_database()`,
      );
      expect(cut).toHaveLength(1);
      // Whatever was published while it was down is gone: the pages are told to reload instead.
      await alice.stream.waitFor((event) => event.event === 'sync');
      await bob.stream.waitFor((event) => event.event === 'sync');
      const [id] = await seedGoalAlerts(context.app.db, alice.userId, 1);
      await publish({ kind: 'created', userId: alice.userId, ids: [id as number] });
      await alice.stream.waitFor((event) => event.data.includes(`"id":"${id}"`));
      await quiet();
      expect(bob.stream.events.map((event) => event.event)).toEqual(['sync']);
      expect(alice.stream.events.map((event) => event.event)).toEqual(['sync', 'notification']);
    },
  );

  it('ends open streams when the server closes, without waiting for them', async () => {
    const app = await buildTestApp(context.database);
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const account = await signUp(app);
    const stream = await openEventStream(`${url}${STREAM}`, { cookie: account.cookie, origin: ORIGIN });
    expect(stream.status).toBe(200);
    expect(app.notificationHub.counts().streams).toBe(1);
    const started = performance.now();
    await app.close();
    await stream.ended;
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
