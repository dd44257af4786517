import type { AppNotification, NotificationsPage } from '@hit21/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventStream, openEventStream } from '../support/event-stream.ts';
import {
  request,
  type ServerProcesses,
  signUpOnServer,
  startServerProcesses,
} from '../support/server-processes.ts';

/** Before the pick deadline of the committed season: leagues can be made and joined. */
const LEAGUE_TIME = '2025-08-10T12:00:00Z';
const STREAM = '/api/notifications/stream';

/**
 * Two real server processes on one PostgreSQL database: a request to join, made through the
 * second, reaches the admin's stream on the first through the database's NOTIFY.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a join request streamed across server instances', () => {
  let processes: ServerProcesses;
  const streams: EventStream[] = [];
  beforeAll(async () => {
    processes = await startServerProcesses({ count: 2, env: { CLOCK_NOW: LEAGUE_TIME } });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await processes?.stop();
  });

  it("reaches the admin's stream on the other server within 2 s, and is stored once", async () => {
    const [first, second] = processes.servers;
    if (!first || !second) throw new Error('Two servers expected');
    const { databaseUrl } = processes;
    const admin = await signUpOnServer(first, { fullName: 'Alex Admin', databaseUrl });
    const player = await signUpOnServer(second, { fullName: 'Riley Quinn', databaseUrl });
    const created = await request(first, 'POST', '/api/leagues', {
      cookie: admin.cookie,
      body: { name: 'Friday Five', joinMode: 'invite_only' },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const league = (await created.json()) as { id: string; code: string };

    const open = async () => {
      const stream = await openEventStream(`${first.url}${STREAM}`, { cookie: admin.cookie });
      streams.push(stream);
      expect(stream.status).toBe(200);
      return stream;
    };
    const stream = await open();
    const askedAt = performance.now();
    const joined = await request(second, 'POST', '/api/leagues/join', {
      cookie: player.cookie,
      body: { code: league.code },
    });
    expect(await joined.json()).toMatchObject({ status: 'pending' });
    const event = await stream.waitFor((received) => received.event === 'notification', 5_000);
    const elapsedMs = event.at - askedAt;
    const notification = JSON.parse(event.data) as AppNotification;
    expect(notification).toMatchObject({
      type: 'join_request',
      title: 'New join request',
      message: 'Riley Quinn wants to join Friday Five',
      actorName: 'Riley Quinn',
      leagueId: league.id,
      read: false,
    });
    expect(elapsedMs).toBeLessThan(2_000);
    console.log(
      `Join request on server 2 reached the admin's stream on server 1 in ${elapsedMs.toFixed(0)} ms`,
    );

    // Cut and reopened: the page reloads from the store and finds the request exactly once.
    stream.close();
    await stream.ended;
    const reopened = await open();
    const page = await request(first, 'GET', '/api/notifications', { cookie: admin.cookie });
    const items = ((await page.json()) as NotificationsPage).items;
    expect(items.filter((item) => item.type === 'join_request')).toEqual([notification]);
    expect(reopened.events).toEqual([]);
  });
});
