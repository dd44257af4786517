import { LEAGUE_MESSAGES, type LeagueDetail } from '@hit21/core';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  leagueMembers,
  leagueStandings,
  leagues,
  standingsRankBlocks,
} from '../../../../src/db/schema/index.ts';
import { setUpTestApp } from '../../../support/build-test-app.ts';
import { engines } from '../../../support/test-database.ts';
import { call, LEAGUE_TIME, readyPlayer, seedMembership } from './membership-fixtures.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

const NOW = new Date(LEAGUE_TIME);
const later = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();

describe.each(ENGINES)('league settings, code and deletion on %s', (engine) => {
  const context = setUpTestApp(engine, { prepare: true, clock: () => NOW });

  /** A real admin (signed up, onboarded, picked) with a league created through the API. */
  async function adminWithLeague(body: Record<string, unknown> = {}) {
    const admin = await readyPlayer(context.app, context.database.db);
    const created = await call(context.app, 'POST', '/api/leagues', {
      cookie: admin.cookie,
      body: { name: 'Office Legends', ...body },
    });
    expect(created.statusCode).toBe(201);
    return { admin, league: created.json() as LeagueDetail };
  }

  async function storedLeague(id: string) {
    const [row] = await context.database.db.select().from(leagues).where(eq(leagues.id, id));
    return row;
  }

  describe('PATCH /api/leagues/:leagueId', () => {
    it('changes the name (trimmed), join mode and deadline, and answers the detail', async () => {
      const { admin, league } = await adminWithLeague();
      const deadline = later(48);
      const response = await call(context.app, 'PATCH', `/api/leagues/${league.id}`, {
        cookie: admin.cookie,
        body: { name: '  Five-a-side  ', joinMode: 'open', joinDeadline: deadline },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: league.id,
        name: 'Five-a-side',
        joinMode: 'open',
        joinDeadline: deadline,
        code: league.code,
        isAdmin: true,
        memberCount: 1,
        isActive: true,
      });
      expect(await storedLeague(league.id)).toMatchObject({
        name: 'Five-a-side',
        joinMode: 'open',
        joinDeadline: new Date(deadline),
      });
    });

    it('clears the deadline with null', async () => {
      const { admin, league } = await adminWithLeague({ joinDeadline: later(24) });
      const response = await call(context.app, 'PATCH', `/api/leagues/${league.id}`, {
        cookie: admin.cookie,
        body: { name: 'Office Legends', joinMode: 'invite_only', joinDeadline: null },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().joinDeadline).toBeNull();
      expect((await storedLeague(league.id))?.joinDeadline).toBeNull();
    });

    it.each([
      ['a moment ago', later(-1 / 60)],
      ['exactly now', NOW.toISOString()],
    ])('refuses a new deadline %s and changes nothing', async (_case, deadline) => {
      const { admin, league } = await adminWithLeague();
      const response = await call(context.app, 'PATCH', `/api/leagues/${league.id}`, {
        cookie: admin.cookie,
        body: { name: 'Renamed', joinMode: 'locked', joinDeadline: deadline },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        reason: 'JOIN_DEADLINE_IN_PAST',
        userMessage: LEAGUE_MESSAGES.deadlineInPast,
      });
      expect(await storedLeague(league.id)).toMatchObject({
        name: 'Office Legends',
        joinMode: 'invite_only',
        joinDeadline: null,
      });
    });

    it('keeps a deadline that has passed when it is sent back unchanged, so a closed league can be renamed', async () => {
      const { admin, league } = await adminWithLeague();
      const passed = new Date(NOW.getTime() - 3_600_000);
      await context.database.db
        .update(leagues)
        .set({ joinDeadline: passed })
        .where(eq(leagues.id, league.id));
      const response = await call(context.app, 'PATCH', `/api/leagues/${league.id}`, {
        cookie: admin.cookie,
        // The same instant written with an offset is the same deadline.
        body: { name: 'Closed Shop', joinMode: 'invite_only', joinDeadline: '2025-08-10T12:00:00+01:00' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ name: 'Closed Shop', joinDeadline: passed.toISOString() });

      // Moving it to another past instant is a new deadline, and refused.
      const moved = await call(context.app, 'PATCH', `/api/leagues/${league.id}`, {
        cookie: admin.cookie,
        body: { name: 'Closed Shop', joinMode: 'invite_only', joinDeadline: later(-2) },
      });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().reason).toBe('JOIN_DEADLINE_IN_PAST');
      expect((await storedLeague(league.id))?.joinDeadline).toEqual(passed);
    });

    it.each([
      [{ name: '   ', joinMode: 'open', joinDeadline: null }, LEAGUE_MESSAGES.nameRequired],
      [{ name: 'x'.repeat(51), joinMode: 'open', joinDeadline: null }, LEAGUE_MESSAGES.nameTooLong],
      [{ name: 'Fine', joinMode: 'public', joinDeadline: null }, undefined],
      [{ name: 'Fine', joinMode: 'open', joinDeadline: 'tomorrow' }, 'Please enter a valid date and time'],
      [{ name: 'Fine', joinMode: 'open' }, undefined],
    ])('refuses invalid settings %j', async (body, message) => {
      const { admin, league } = await adminWithLeague();
      const response = await call(context.app, 'PATCH', `/api/leagues/${league.id}`, {
        cookie: admin.cookie,
        body,
      });
      expect(response.statusCode).toBe(400);
      if (message) expect(JSON.stringify(response.json())).toContain(message);
      expect((await storedLeague(league.id))?.name).toBe('Office Legends');
    });
  });

  describe('POST /api/leagues/:leagueId/code', () => {
    it('gives the league a new code; the old one no longer finds it, by invite or by join', async () => {
      const { admin, league } = await adminWithLeague({ joinMode: 'open' });
      const response = await call(context.app, 'POST', `/api/leagues/${league.id}/code`, {
        cookie: admin.cookie,
      });
      expect(response.statusCode).toBe(200);
      const renewed = response.json() as LeagueDetail;
      expect(renewed.code).toMatch(/^[A-Z0-9]{8}$/);
      expect(renewed.code).not.toBe(league.code);
      expect((await storedLeague(league.id))?.code).toBe(renewed.code);

      const oldInvite = await call(context.app, 'GET', `/api/leagues/invite/${league.code}`);
      expect(oldInvite.statusCode).toBe(404);
      const friend = await readyPlayer(context.app, context.database.db);
      const oldJoin = await call(context.app, 'POST', '/api/leagues/join', {
        cookie: friend.cookie,
        body: { code: league.code },
      });
      expect(oldJoin.statusCode).toBe(404);
      expect(oldJoin.json().reason).toBe('LEAGUE_NOT_FOUND');

      expect((await call(context.app, 'GET', `/api/leagues/invite/${renewed.code}`)).statusCode).toBe(200);
      const newJoin = await call(context.app, 'POST', '/api/leagues/join', {
        cookie: friend.cookie,
        body: { code: renewed.code },
      });
      expect(newJoin.statusCode).toBe(200);
      expect(newJoin.json().status).toBe('approved');
    });
  });

  describe('DELETE /api/leagues/:leagueId', () => {
    it('deletes the league, its memberships and its stored standings, and leaves other leagues alone', async () => {
      const { db } = context.database;
      const { admin, league } = await adminWithLeague();
      const other = await adminWithLeague();
      const member = await readyPlayer(context.app, db);
      await seedMembership(db, league.id, member.id, 'approved');
      const seasonId = (await context.app.activeSeason.get()).id;
      // Let the boards settle, then store standings of our own for both leagues.
      await context.app.standings.refresh();
      await db.delete(leagueStandings).where(inArray(leagueStandings.leagueId, [league.id, other.league.id]));
      await db.insert(leagueStandings).values([
        { seasonId, leagueId: league.id, userId: admin.id, ord: Buffer.from([1]), searchName: 'admin' },
        {
          seasonId,
          leagueId: league.id,
          userId: member.id,
          ord: Buffer.from([2]),
          searchName: 'member',
        },
        {
          seasonId,
          leagueId: other.league.id,
          userId: other.admin.id,
          ord: Buffer.from([1]),
          searchName: 'other',
        },
      ]);

      const response = await call(context.app, 'DELETE', `/api/leagues/${league.id}`, {
        cookie: admin.cookie,
      });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(await storedLeague(league.id)).toBeUndefined();
      expect(await db.select().from(leagueMembers).where(eq(leagueMembers.leagueId, league.id))).toEqual([]);
      expect(await db.select().from(leagueStandings).where(eq(leagueStandings.leagueId, league.id))).toEqual(
        [],
      );
      expect(
        await db.select().from(leagueStandings).where(eq(leagueStandings.leagueId, other.league.id)),
      ).toHaveLength(1);
      // Its rank blocks too; the other league's stay.
      const leagueBlocks = (leagueId: string) =>
        db
          .select()
          .from(standingsRankBlocks)
          .where(and(eq(standingsRankBlocks.board, 'league'), eq(standingsRankBlocks.name, leagueId)));
      expect(await leagueBlocks(league.id)).toEqual([]);
      expect(await leagueBlocks(other.league.id)).toHaveLength(1);
      expect(await storedLeague(other.league.id)).toBeDefined();
      // The recompute the deletion asked for does not bring the league's standings back.
      await context.app.standings.refresh();
      expect(await db.select().from(leagueStandings).where(eq(leagueStandings.leagueId, league.id))).toEqual(
        [],
      );

      const mine = await call(context.app, 'GET', '/api/leagues', { cookie: member.cookie });
      expect(mine.json().leagues).toEqual([]);
      const again = await call(context.app, 'DELETE', `/api/leagues/${league.id}`, { cookie: admin.cookie });
      expect(again.statusCode).toBe(404);
    });
  });
});
