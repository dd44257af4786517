import {
  JOIN_REQUESTS_PER_WINDOW,
  joinDeadlinePassedMessage,
  LEAGUE_LIMITS,
  LEAGUE_MESSAGES,
  SEASON_OVER_LEAGUE_MESSAGE,
  tooManyLeaguesMessage,
} from '@hit21/core';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leagueKickedAddresses, leagueMembers, leagues } from '../../../../src/db/schema/index.ts';
import { send } from '../../../support/accounts.ts';
import { setUpTestApp } from '../../../support/build-test-app.ts';
import { engines } from '../../../support/test-database.ts';
import { listenForEvents, storedJoinRequests } from '../notifications/notification-fixtures.ts';
import { call, LEAGUE_TIME, readyPlayer, seedLeague, seedMembership } from './membership-fixtures.ts';

const ENGINES = engines('postgres', 'admissions at the same time');

const HOUR = 3_600_000;
/** The day after gameweek 38 of the bundled 2025/26 season. */
const AFTER_THE_SEASON = new Date('2026-06-01T12:00:00Z');

describe.each(ENGINES)('every way into a league holds its limits, on %s', (engine) => {
  let now = new Date(LEAGUE_TIME);
  const context = setUpTestApp(engine, { prepare: true, clock: () => now });
  const seasonId = async () => (await context.app.activeSeason.get()).id;
  const db = () => context.database.db;
  const join = (cookie: string, code: string) =>
    call(context.app, 'POST', '/api/leagues/join', { cookie, body: { code } });
  const setStatus = (cookie: string, leagueId: string, userId: string, status: string) =>
    call(context.app, 'PUT', `/api/leagues/${leagueId}/members/${userId}`, { cookie, body: { status } });
  const leave = (cookie: string, leagueId: string) =>
    call(context.app, 'DELETE', `/api/leagues/${leagueId}/membership`, { cookie });
  const membership = async (leagueId: string, userId: string) => {
    const [row] = await db()
      .select()
      .from(leagueMembers)
      .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.userId, userId)));
    return row;
  };
  async function adminWithLeague(joinMode: 'open' | 'invite_only' = 'invite_only') {
    const admin = await readyPlayer(context.app, db());
    const league = await seedLeague(db(), { seasonId: await seasonId(), adminId: admin.id, joinMode });
    return { admin, league };
  }

  afterEach(() => {
    now = new Date(LEAGUE_TIME);
    vi.useRealTimers();
  });

  it('refuses to approve a player already in 30 leagues, and changes nothing', async () => {
    const { admin, league } = await adminWithLeague();
    const player = await readyPlayer(context.app, db());
    await seedMembership(db(), league.id, player.id, 'rejected');
    for (let index = 0; index < LEAGUE_LIMITS.memberships; index += 1) {
      const other = await seedLeague(db(), { seasonId: await seasonId() });
      await seedMembership(db(), other.id, player.id, index % 2 === 0 ? 'approved' : 'pending');
    }
    const approval = await setStatus(admin.cookie, league.id, player.id, 'approved');
    expect(approval.statusCode).toBe(409);
    expect(approval.json()).toMatchObject({
      reason: 'TOO_MANY_LEAGUES',
      userMessage: tooManyLeaguesMessage(),
    });
    expect((await membership(league.id, player.id))?.status).toBe('rejected');

    // A pending request already counts among the 30: approving it passes no limit.
    await db().delete(leagueMembers).where(eq(leagueMembers.userId, player.id));
    const others = await Promise.all(
      Array.from({ length: LEAGUE_LIMITS.memberships - 1 }, async () =>
        seedLeague(db(), { seasonId: await seasonId() }),
      ),
    );
    for (const other of others) await seedMembership(db(), other.id, player.id, 'approved');
    await seedMembership(db(), league.id, player.id, 'pending');
    expect((await setStatus(admin.cookie, league.id, player.id, 'approved')).statusCode).toBe(200);
  });

  it('judges an approval by when the player asked: a request after the deadline is not let in', async () => {
    const { admin, league } = await adminWithLeague();
    const player = await readyPlayer(context.app, db());
    await seedMembership(db(), league.id, player.id, 'pending', new Date(now.getTime() - 2 * HOUR));
    const deadline = new Date(now.getTime() - 3 * HOUR);
    await db().update(leagues).set({ joinDeadline: deadline }).where(eq(leagues.id, league.id));
    const approval = await setStatus(admin.cookie, league.id, player.id, 'approved');
    expect(approval.statusCode).toBe(403);
    expect(approval.json().userMessage).toBe(joinDeadlinePassedMessage('10 Aug 2025', '09:00'));

    // Asked in time, answered after the deadline: in.
    await db()
      .update(leagues)
      .set({ joinDeadline: new Date(now.getTime() - HOUR) })
      .where(eq(leagues.id, league.id));
    expect((await setStatus(admin.cookie, league.id, player.id, 'approved')).statusCode).toBe(200);
  });

  it('shows the code only to approved members and the admin, also after a new code', async () => {
    const { admin, league } = await adminWithLeague();
    const byStatus = { pending: '', rejected: '', kicked: '', approved: '' };
    for (const status of Object.keys(byStatus) as (keyof typeof byStatus)[]) {
      const player = await readyPlayer(context.app, db());
      await seedMembership(db(), league.id, player.id, status);
      byStatus[status] = player.cookie;
    }
    const regenerated = await call(context.app, 'POST', `/api/leagues/${league.id}/code`, {
      cookie: admin.cookie,
    });
    expect(regenerated.statusCode).toBe(200);
    const newCode = regenerated.json().code as string;
    const cardOf = async (cookie: string) => {
      const response = await call(context.app, 'GET', '/api/leagues', { cookie });
      expect(response.statusCode).toBe(200);
      expect(response.body.includes(newCode) || response.body.includes(league.code)).toBe(
        cookie === byStatus.approved || cookie === admin.cookie,
      );
      return response.json().leagues.find((card: { id: string }) => card.id === league.id);
    };
    for (const status of ['pending', 'rejected', 'kicked'] as const)
      expect(await cardOf(byStatus[status])).toMatchObject({ myStatus: status, code: null });
    expect(await cardOf(byStatus.approved)).toMatchObject({ code: newCode });
    expect(await cardOf(admin.cookie)).toMatchObject({ code: newCode, isAdmin: true });
  });

  it('lets a refused player ask again by the league id, and nobody else', async () => {
    const { league } = await adminWithLeague();
    const refused = await readyPlayer(context.app, db());
    const stranger = await readyPlayer(context.app, db());
    await seedMembership(db(), league.id, refused.id, 'rejected');
    const rejoin = (cookie: string) =>
      call(context.app, 'POST', `/api/leagues/${league.id}/rejoin`, { cookie });
    expect((await rejoin(stranger.cookie)).json()).toMatchObject({
      reason: 'LEAGUE_NOT_FOUND',
      userMessage: LEAGUE_MESSAGES.notFound,
    });
    expect(await membership(league.id, stranger.id)).toBeUndefined();
    const asked = await rejoin(refused.cookie);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ status: 'pending', message: LEAGUE_MESSAGES.rejoinRequested });
    expect(asked.json().league.code).toBeNull();
  });

  it('keeps a kicked address waiting its 24 hours after the account is deleted and made again', async () => {
    const { admin, league } = await adminWithLeague('open');
    const player = await readyPlayer(context.app, db());
    expect((await join(player.cookie, league.code)).json()).toMatchObject({ status: 'approved' });
    now = new Date(now.getTime() + HOUR);
    expect((await setStatus(admin.cookie, league.id, player.id, 'kicked')).statusCode).toBe(200);
    expect(
      (await send(context.app, 'POST', '/api/deleteAccount', { cookie: player.cookie })).statusCode,
    ).toBe(200);
    const [kept] = await db()
      .select()
      .from(leagueKickedAddresses)
      .where(eq(leagueKickedAddresses.leagueId, league.id));
    // A digest, never the address.
    expect(kept?.emailDigest).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(kept)).not.toContain(player.email);

    const again = await readyPlayer(context.app, db(), player.email);
    const refused = await join(again.cookie, league.code);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      reason: 'REJOIN_TOO_SOON',
      details: { retryAt: new Date(now.getTime() + 24 * HOUR).toISOString() },
    });
    expect(await membership(league.id, again.id)).toBeUndefined();

    // Another address is not held back, and the wait ends after 24 hours.
    const other = await readyPlayer(context.app, db());
    expect((await join(other.cookie, league.code)).json()).toMatchObject({ status: 'approved' });
    now = new Date(now.getTime() + 24 * HOUR);
    expect((await join(again.cookie, league.code)).json()).toMatchObject({ status: 'approved' });
  });

  it(`takes ${JOIN_REQUESTS_PER_WINDOW} requests an hour per player and league, and alerts the admin once`, async () => {
    const { admin, league } = await adminWithLeague();
    const player = await readyPlayer(context.app, db());
    const listener = await listenForEvents(context.database);
    try {
      for (let request = 0; request < JOIN_REQUESTS_PER_WINDOW; request += 1) {
        expect((await join(player.cookie, league.code)).json()).toMatchObject({ status: 'pending' });
        expect((await leave(player.cookie, league.id)).statusCode).toBe(204);
      }
      const refused = await join(player.cookie, league.code);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ reason: 'TOO_MANY_JOIN_REQUESTS' });
      expect(refused.json().userMessage).toMatch(
        /^You have asked to join this league 3 times in the last hour\. You can ask again from \d{1,2} \w{3} \d{4} at \d{2}:\d{2}\.$/,
      );
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3_500);
      expect(retryAfter).toBeLessThanOrEqual(3_600);
      expect(await membership(league.id, player.id)).toBeUndefined();

      await listener.settle(() => listener.about(admin.id).length >= 2 * JOIN_REQUESTS_PER_WINDOW);
      const alerts = listener.about(admin.id).filter((event) => event.kind === 'created');
      expect(alerts).toHaveLength(1);
    } finally {
      await listener.stop();
    }

    // Another league is another count; an hour later the player may ask again.
    const other = await adminWithLeague();
    expect((await join(player.cookie, other.league.code)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + HOUR + 1_000 });
    expect((await join(player.cookie, league.code)).json()).toMatchObject({ status: 'pending' });
    expect(await storedJoinRequests(db(), league.id)).toHaveLength(1);
  });

  it('refuses creating, joining and approving once the season is over, saying what still works', async () => {
    const { admin, league } = await adminWithLeague('open');
    const waiting = await readyPlayer(context.app, db());
    await seedMembership(db(), league.id, waiting.id, 'pending');
    const player = await readyPlayer(context.app, db());
    now = AFTER_THE_SEASON;

    const created = await call(context.app, 'POST', '/api/leagues', {
      cookie: player.cookie,
      body: { name: 'Too Late FC' },
    });
    const joined = await join(player.cookie, league.code);
    const approved = await setStatus(admin.cookie, league.id, waiting.id, 'approved');
    for (const refused of [created, joined, approved]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        reason: 'SEASON_OVER',
        userMessage: SEASON_OVER_LEAGUE_MESSAGE,
      });
    }
    expect(SEASON_OVER_LEAGUE_MESSAGE).toMatch(/season is over.*Standings and leaderboards/);
    expect(await db().select().from(leagues).where(eq(leagues.name, 'Too Late FC'))).toEqual([]);
    expect(await membership(league.id, player.id)).toBeUndefined();
    expect((await membership(league.id, waiting.id))?.status).toBe('pending');
    // What still works: the league's standings and the leaderboard.
    expect(
      (await call(context.app, 'GET', `/api/leagues/${league.id}/standings`, { cookie: admin.cookie }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(context.app, 'GET', '/api/leaderboard/global', { cookie: player.cookie })).statusCode,
    ).toBe(200);
  });

  it("hands a deleted admin's league to the earliest member below the admin limit, else to the earliest", async () => {
    const { admin, league } = await adminWithLeague();
    const busy = await readyPlayer(context.app, db());
    const free = await readyPlayer(context.app, db());
    await seedMembership(db(), league.id, busy.id, 'approved', new Date('2025-07-02T00:00:00Z'));
    await seedMembership(db(), league.id, free.id, 'approved', new Date('2025-07-03T00:00:00Z'));
    for (let index = 0; index < LEAGUE_LIMITS.administered; index += 1)
      await seedLeague(db(), { seasonId: await seasonId(), adminId: busy.id });
    // A second league of the same admin with only the busy member: nobody below the limit.
    const second = await seedLeague(db(), { seasonId: await seasonId(), adminId: admin.id });
    await seedMembership(db(), second.id, busy.id, 'approved');

    expect((await send(context.app, 'POST', '/api/deleteAccount', { cookie: admin.cookie })).statusCode).toBe(
      200,
    );
    const adminOf = async (leagueId: string) =>
      (await db().select({ adminId: leagues.adminId }).from(leagues).where(eq(leagues.id, leagueId)))[0]
        ?.adminId;
    // The earliest-joined runs 10 already: the next one inherits.
    expect(await adminOf(league.id)).toBe(free.id);
    // Decision 012: the league outlives the limit rather than being deleted with its members.
    expect(await adminOf(second.id)).toBe(busy.id);
  });
});
