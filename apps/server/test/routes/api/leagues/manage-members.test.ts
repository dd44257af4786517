import {
  isAllowedMemberChange,
  LEAGUE_MEMBERS_PAGE_SIZE,
  LEAGUE_MESSAGES,
  type LeagueMember,
  type LeagueMembersPage,
  leagueFullMessage,
  type MemberAction,
  type MembershipStatus,
} from '@hit21/core';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leagueMembers, leagues } from '../../../../src/db/schema/index.ts';
import { setUpTestApp } from '../../../support/build-test-app.ts';
import { engines } from '../../../support/test-database.ts';
import {
  call,
  LEAGUE_TIME,
  leagueCounts,
  readyPlayer,
  seedLeague,
  seedMembers,
  seedMembership,
} from './membership-fixtures.ts';

const ENGINES = engines('postgres', 'decisions at the same time');

const NOW = new Date(LEAGUE_TIME);
const DAY = 24 * 3_600_000;
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);

describe.each(ENGINES)('league members on %s', (engine) => {
  const context = setUpTestApp(engine, { prepare: true, clock: () => NOW });

  async function adminWithLeague(body: Record<string, unknown> = {}) {
    const admin = await readyPlayer(context.app, context.database.db);
    const created = await call(context.app, 'POST', '/api/leagues', {
      cookie: admin.cookie,
      body: { name: 'Office Legends', ...body },
    });
    expect(created.statusCode).toBe(201);
    return { admin, leagueId: created.json().id as string };
  }

  const members = (cookie: string, leagueId: string, query = '') =>
    call(context.app, 'GET', `/api/leagues/${leagueId}/members${query}`, { cookie });
  const change = (cookie: string, leagueId: string, userId: string, status: string) =>
    call(context.app, 'PUT', `/api/leagues/${leagueId}/members/${encodeURIComponent(userId)}`, {
      cookie,
      body: { status },
    });

  async function membership(leagueId: string, userId: string) {
    const [row] = await context.database.db
      .select()
      .from(leagueMembers)
      .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.userId, userId)));
    return row;
  }

  async function membersChangedAt(leagueId: string) {
    const [row] = await context.database.db
      .select({ at: leagues.membersChangedAt })
      .from(leagues)
      .where(eq(leagues.id, leagueId));
    return row?.at;
  }

  async function ageMembersChangedAt(leagueId: string) {
    const old = new Date('2000-01-01T00:00:00Z');
    await context.database.db.update(leagues).set({ membersChangedAt: old }).where(eq(leagues.id, leagueId));
    return old;
  }

  describe('GET /api/leagues/:leagueId/members', () => {
    it('lists every member with e-mail for the admin, newest request first, with the counts', async () => {
      const { db } = context.database;
      const { admin, leagueId } = await adminWithLeague();
      const pending = await readyPlayer(context.app, db);
      const approved = await readyPlayer(context.app, db);
      const kicked = await readyPlayer(context.app, db);
      const rejected = await readyPlayer(context.app, db);
      await seedMembership(db, leagueId, approved.id, 'approved', hoursAgo(30));
      await seedMembership(db, leagueId, kicked.id, 'kicked', hoursAgo(20));
      await seedMembership(db, leagueId, rejected.id, 'rejected', hoursAgo(10));
      await seedMembership(db, leagueId, pending.id, 'pending', hoursAgo(1));

      const response = await members(admin.cookie, leagueId);
      expect(response.statusCode).toBe(200);
      const page = response.json() as LeagueMembersPage;
      expect(page).toMatchObject({
        total: 5,
        page: 1,
        pageSize: LEAGUE_MEMBERS_PAGE_SIZE,
        counts: { total: 5, approved: 2, pending: 1, rejected: 1, kicked: 1 },
      });
      // The admin created the league "now", after every seeded request.
      expect(page.members.map((member) => member.userId)).toEqual([
        admin.id,
        pending.id,
        rejected.id,
        kicked.id,
        approved.id,
      ]);
      expect(page.members[0]).toEqual({
        userId: admin.id,
        fullName: 'Jordan Fan',
        email: admin.email,
        status: 'approved',
        isAdmin: true,
        joinedAt: LEAGUE_TIME,
        canRejoinAt: null,
      });
      expect(page.members[1]).toMatchObject({
        email: pending.email,
        status: 'pending',
        isAdmin: false,
        joinedAt: hoursAgo(1).toISOString(),
        canRejoinAt: null,
      });
      expect(page.members[3]).toMatchObject({
        status: 'kicked',
        canRejoinAt: new Date(hoursAgo(20).getTime() + DAY).toISOString(),
      });

      const onlyPending = (
        await members(admin.cookie, leagueId, '?status=pending')
      ).json() as LeagueMembersPage;
      expect(onlyPending.members.map((member) => member.userId)).toEqual([pending.id]);
      expect(onlyPending.total).toBe(1);
      expect(onlyPending.counts.total).toBe(5);
      const onlyApproved = (await members(admin.cookie, leagueId, '?status=approved')).json();
      expect(onlyApproved.members.map((member: LeagueMember) => member.userId)).toEqual([
        admin.id,
        approved.id,
      ]);
      expect(onlyApproved.total).toBe(2);
    });

    it('pages by 50 in the database, with and without a status filter', async () => {
      const { db } = context.database;
      const { admin, leagueId } = await adminWithLeague();
      const pendingIds = await seedMembers(db, leagueId, 120, 'pending', hoursAgo(2));
      await seedMembers(db, leagueId, 3, 'rejected', hoursAgo(3));

      const pages = await Promise.all(
        [1, 2, 3].map(async (page) => {
          const response = await members(admin.cookie, leagueId, `?status=pending&page=${page}`);
          expect(response.statusCode).toBe(200);
          return response.json() as LeagueMembersPage;
        }),
      );
      expect(pages.map((page) => page.members.length)).toEqual([50, 50, 20]);
      expect(pages.every((page) => page.total === 120)).toBe(true);
      const listed = pages.flatMap((page) => page.members.map((member) => member.userId));
      // Requested at the same moment: the user id breaks the tie, so pages never overlap.
      expect(listed).toEqual([...pendingIds].sort().reverse());

      const all = (await members(admin.cookie, leagueId, '?page=3')).json() as LeagueMembersPage;
      expect(all.total).toBe(124);
      expect(all.counts).toEqual({ total: 124, approved: 1, pending: 120, rejected: 3, kicked: 0 });
      expect(all.members.map((member) => member.status)).toEqual([
        ...Array(21).fill('pending'),
        'rejected',
        'rejected',
        'rejected',
      ]);
      expect((await members(admin.cookie, leagueId, '?page=9')).json().members).toEqual([]);
    });

    it.each([['?status=banned'], ['?page=0'], ['?page=two']])('refuses a bad query %s', async (query) => {
      const { admin, leagueId } = await adminWithLeague();
      expect((await members(admin.cookie, leagueId, query)).statusCode).toBe(400);
    });
  });

  describe('PUT /api/leagues/:leagueId/members/:userId', () => {
    it('approves a request: joinedAt is now, the counts move and the standings are told', async () => {
      const { db } = context.database;
      const { admin, leagueId } = await adminWithLeague();
      const player = await readyPlayer(context.app, db);
      await seedMembership(db, leagueId, player.id, 'pending', hoursAgo(5));
      const old = await ageMembersChangedAt(leagueId);

      const response = await change(admin.cookie, leagueId, player.id, 'approved');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        userId: player.id,
        fullName: 'Jordan Fan',
        email: player.email,
        status: 'approved',
        isAdmin: false,
        joinedAt: LEAGUE_TIME,
        canRejoinAt: null,
      });
      expect(await membership(leagueId, player.id)).toMatchObject({ status: 'approved', joinedAt: NOW });
      expect((await leagueCounts(db, leagueId)).stored).toEqual({ approved: 2, pending: 0 });
      expect((await membersChangedAt(leagueId))?.getTime()).toBeGreaterThan(old.getTime());
      // The member now sees the league.
      expect(
        (await call(context.app, 'GET', `/api/leagues/${leagueId}`, { cookie: player.cookie })).statusCode,
      ).toBe(200);
    });

    it('rejects a request without touching the standings', async () => {
      const { db } = context.database;
      const { admin, leagueId } = await adminWithLeague();
      const player = await readyPlayer(context.app, db);
      await seedMembership(db, leagueId, player.id, 'pending');
      const old = await ageMembersChangedAt(leagueId);
      const response = await change(admin.cookie, leagueId, player.id, 'rejected');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'rejected', canRejoinAt: null });
      expect(await leagueCounts(db, leagueId)).toEqual({
        stored: { approved: 1, pending: 0 },
        counted: { approved: 1, pending: 0 },
      });
      expect(await membersChangedAt(leagueId)).toEqual(old);
    });

    it('kicks an approved member (rejoin 24 hours later), then approves them back, clearing the kick', async () => {
      const { db } = context.database;
      const { admin, leagueId } = await adminWithLeague();
      const player = await readyPlayer(context.app, db);
      await seedMembership(db, leagueId, player.id, 'approved', hoursAgo(48));

      const kicked = await change(admin.cookie, leagueId, player.id, 'kicked');
      expect(kicked.statusCode).toBe(200);
      expect(kicked.json()).toMatchObject({
        status: 'kicked',
        canRejoinAt: new Date(NOW.getTime() + DAY).toISOString(),
      });
      expect(await membership(leagueId, player.id)).toMatchObject({ status: 'kicked', kickedAt: NOW });
      expect((await leagueCounts(db, leagueId)).stored).toEqual({ approved: 1, pending: 0 });
      expect(
        (await call(context.app, 'GET', `/api/leagues/${leagueId}`, { cookie: player.cookie })).statusCode,
      ).toBe(404);

      const back = await change(admin.cookie, leagueId, player.id, 'approved');
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({ status: 'approved', canRejoinAt: null, joinedAt: LEAGUE_TIME });
      expect(await membership(leagueId, player.id)).toMatchObject({ kickedAt: null, joinedAt: NOW });
      expect((await leagueCounts(db, leagueId)).stored).toEqual({ approved: 2, pending: 0 });
    });

    it.each<[MembershipStatus, MemberAction]>([
      ['pending', 'kicked'],
      ['approved', 'approved'],
      ['approved', 'rejected'],
      ['rejected', 'rejected'],
      ['rejected', 'kicked'],
      ['kicked', 'kicked'],
    ])('refuses to change a %s member to %s, and changes nothing', async (from, to) => {
      const { db } = context.database;
      const { admin, leagueId } = await adminWithLeague();
      const [memberId = ''] = await seedMembers(db, leagueId, 1, from);
      const before = await membership(leagueId, memberId);
      const response = await change(admin.cookie, leagueId, memberId, to);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        reason: 'MEMBER_CHANGE_NOT_ALLOWED',
        userMessage: `A ${from} member cannot be ${to}`,
      });
      expect(await membership(leagueId, memberId)).toEqual(before);
    });

    it.each(['approved', 'rejected', 'kicked'])(
      'never changes the admin’s own membership (%s)',
      async (status) => {
        const { admin, leagueId } = await adminWithLeague();
        const response = await change(admin.cookie, leagueId, admin.id, status);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({
          reason: 'CANNOT_CHANGE_ADMIN_MEMBERSHIP',
          userMessage: 'Cannot remove the league administrator',
        });
        expect(await membership(leagueId, admin.id)).toMatchObject({ status: 'approved' });
      },
    );

    it('answers MEMBER_NOT_FOUND for a player with no membership, even one in another league', async () => {
      const { db } = context.database;
      const { admin, leagueId } = await adminWithLeague();
      const elsewhere = await adminWithLeague();
      const stranger = await readyPlayer(context.app, db);
      await seedMembership(db, elsewhere.leagueId, stranger.id, 'pending');
      for (const userId of [stranger.id, 'nobody-at-all']) {
        const response = await change(admin.cookie, leagueId, userId, 'approved');
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({
          reason: 'MEMBER_NOT_FOUND',
          userMessage: 'This player is not a member of this league',
        });
      }
      expect(await membership(elsewhere.leagueId, stranger.id)).toMatchObject({ status: 'pending' });
    });

    it('refuses to approve into a full league; a kick frees the place', async () => {
      const { db } = context.database;
      const { admin, leagueId } = await adminWithLeague();
      await seedMembers(db, leagueId, 48, 'approved');
      const [waiting = '', other = ''] = await seedMembers(db, leagueId, 2, 'pending');
      expect((await change(admin.cookie, leagueId, waiting, 'approved')).statusCode).toBe(200);
      const full = await change(admin.cookie, leagueId, other, 'approved');
      expect(full.statusCode).toBe(409);
      expect(full.json()).toMatchObject({ reason: 'LEAGUE_FULL', userMessage: leagueFullMessage(50) });
      expect(await membership(leagueId, other)).toMatchObject({ status: 'pending', joinedAt: null });

      expect((await change(admin.cookie, leagueId, waiting, 'kicked')).statusCode).toBe(200);
      expect((await change(admin.cookie, leagueId, other, 'approved')).statusCode).toBe(200);
      expect(await leagueCounts(db, leagueId)).toEqual({
        stored: { approved: 50, pending: 0 },
        counted: { approved: 50, pending: 0 },
      });
    });

    it('lets exactly one of two approvals racing for the last place in', async () => {
      const { db } = context.database;
      const { admin, leagueId } = await adminWithLeague();
      await seedMembers(db, leagueId, 48, 'approved');
      const [first = '', second = ''] = await seedMembers(db, leagueId, 2, 'pending');
      const responses = await Promise.all([
        change(admin.cookie, leagueId, first, 'approved'),
        change(admin.cookie, leagueId, second, 'approved'),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      expect(responses.find((response) => response.statusCode === 409)?.json().reason).toBe('LEAGUE_FULL');
      expect(await leagueCounts(db, leagueId)).toEqual({
        stored: { approved: 50, pending: 1 },
        counted: { approved: 50, pending: 1 },
      });
    });

    it('leaves one consistent state when approve, reject and kick of one member race', async () => {
      const { db } = context.database;
      const { admin, leagueId } = await adminWithLeague();
      const actions: MemberAction[] = ['approved', 'rejected', 'kicked'];
      for (const start of ['pending', 'approved', 'kicked'] as const) {
        for (let round = 0; round < 3; round += 1) {
          const [memberId = ''] = await seedMembers(db, leagueId, 1, start, hoursAgo(30));
          const responses = await Promise.all(
            actions.map((action) => change(admin.cookie, leagueId, memberId, action)),
          );
          const succeeded = responses.map((response) => response.statusCode === 200);
          for (const response of responses) {
            expect([200, 409]).toContain(response.statusCode);
            if (response.statusCode === 409) expect(response.json().reason).toBe('MEMBER_CHANGE_NOT_ALLOWED');
          }
          const stored = await membership(leagueId, memberId);
          // Some order of the three, each judged on the status the one before left, explains every answer.
          const explained = orders(actions).some((order) => {
            let status: MembershipStatus = start;
            for (const action of order) {
              const allowed = isAllowedMemberChange(status, action);
              if (allowed !== succeeded[actions.indexOf(action)]) return false;
              if (allowed) status = action;
            }
            return status === stored?.status;
          });
          expect(explained, `${start}: ${succeeded} → ${stored?.status}`).toBe(true);
          if (stored?.status === 'kicked') expect(stored.kickedAt).toEqual(NOW);
          if (stored?.status === 'approved') expect(stored.kickedAt).toBeNull();
          expect((await leagueCounts(db, leagueId)).stored).toEqual(
            (await leagueCounts(db, leagueId)).counted,
          );
        }
      }
    });
  });

  it('refuses everybody but the admin, and writes nothing', async () => {
    const { db } = context.database;
    const season = await context.app.activeSeason.get();
    const league = await seedLeague(db, { seasonId: season.id, joinMode: 'invite_only' });
    const member = await readyPlayer(context.app, db);
    await seedMembership(db, league.id, member.id, 'approved');
    const [waiting = ''] = await seedMembers(db, league.id, 1, 'pending');
    const stranger = await readyPlayer(context.app, db);

    const asMember = await change(member.cookie, league.id, waiting, 'approved');
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toMatchObject({
      reason: 'NOT_LEAGUE_ADMIN',
      userMessage: LEAGUE_MESSAGES.adminOnly,
    });
    const asStranger = await change(stranger.cookie, league.id, waiting, 'approved');
    expect(asStranger.statusCode).toBe(404);
    expect(asStranger.json()).toMatchObject({
      reason: 'LEAGUE_NOT_FOUND',
      userMessage: LEAGUE_MESSAGES.notFound,
    });
    expect((await change('', league.id, waiting, 'approved')).statusCode).toBe(401);
    expect(await membership(league.id, waiting)).toMatchObject({ status: 'pending' });
    expect((await members(member.cookie, league.id)).statusCode).toBe(403);
    expect((await members(stranger.cookie, league.id)).statusCode).toBe(404);
  });
});

function orders<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, index) =>
    orders([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
  );
}
