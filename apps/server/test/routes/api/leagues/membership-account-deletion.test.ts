import { LEAGUE_MESSAGES, type LeagueSummary } from '@hit21/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leagueMembers, leagues } from '../../../../src/db/schema/index.ts';
import { send } from '../../../support/accounts.ts';
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

const ENGINES = engines('one', 'no engine-specific SQL here');

describe.each(ENGINES)("a deleted account's leagues on %s", (engine) => {
  const context = setUpTestApp(engine, { prepare: true, clock: () => new Date(LEAGUE_TIME) });
  const seasonId = async () => (await context.app.activeSeason.get()).id;
  const deleteAccount = (cookie: string) => send(context.app, 'POST', '/api/deleteAccount', { cookie });
  const leagueRow = async (id: string) =>
    (await context.database.db.select().from(leagues).where(eq(leagues.id, id)))[0];

  it('pass to the earliest-joined approved member, who is told why; pending and refused players do not inherit', async () => {
    const { db } = context.database;
    const admin = await readyPlayer(context.app, db);
    const league = await seedLeague(db, { seasonId: await seasonId(), adminId: admin.id });
    const heir = await readyPlayer(context.app, db);
    const later = await readyPlayer(context.app, db);
    // Waiting or refused since before the heir joined: they still do not inherit.
    await seedMembers(db, league.id, 2, 'pending', new Date('2025-07-15T00:00:00Z'));
    await seedMembers(db, league.id, 1, 'kicked', new Date('2025-07-15T00:00:00Z'));
    await seedMembership(db, league.id, later.id, 'approved', new Date('2025-08-03T00:00:00Z'));
    await seedMembership(db, league.id, heir.id, 'approved', new Date('2025-08-02T00:00:00Z'));

    expect((await deleteAccount(admin.cookie)).statusCode).toBe(200);

    expect(await leagueRow(league.id)).toMatchObject({
      adminId: heir.id,
      adminHandoverReason: 'account_deleted',
      adminHandoverAt: new Date(LEAGUE_TIME),
    });
    expect(await leagueCounts(db, league.id)).toEqual({
      stored: { approved: 2, pending: 2 },
      counted: { approved: 2, pending: 2 },
    });
    const [card] = (await send(context.app, 'GET', '/api/leagues', { cookie: heir.cookie })).json()
      .leagues as LeagueSummary[];
    expect(card).toMatchObject({
      id: league.id,
      isAdmin: true,
      memberCount: 2,
      pendingRequests: 2,
      adminHandover: { reason: 'account_deleted', at: LEAGUE_TIME },
    });
    const [forLater] = (await send(context.app, 'GET', '/api/leagues', { cookie: later.cookie })).json()
      .leagues;
    expect(forLater).toMatchObject({ isAdmin: false, adminHandover: null });
    // The new admin is the admin: they cannot just leave.
    const leave = await context.app.inject({
      method: 'DELETE',
      url: `/api/leagues/${league.id}/membership`,
      headers: { origin: 'http://localhost:3000', cookie: heir.cookie },
    });
    expect(leave.json()).toMatchObject({
      reason: 'ADMIN_CANNOT_LEAVE',
      userMessage: LEAGUE_MESSAGES.adminCannotLeave,
    });
  });

  it('break a tie in joining time by the smaller user id', async () => {
    const { db } = context.database;
    const admin = await readyPlayer(context.app, db);
    const league = await seedLeague(db, { seasonId: await seasonId(), adminId: admin.id });
    const same = new Date('2025-08-02T00:00:00Z');
    const ids = await seedMembers(db, league.id, 3, 'approved', same);
    expect((await deleteAccount(admin.cookie)).statusCode).toBe(200);
    expect((await leagueRow(league.id))?.adminId).toBe([...ids].sort()[0]);
  });

  it('are deleted when no other member is approved, with their requests', async () => {
    const { db } = context.database;
    const admin = await readyPlayer(context.app, db);
    const lonely = await seedLeague(db, { seasonId: await seasonId(), adminId: admin.id });
    const waiting = await readyPlayer(context.app, db);
    await seedMembership(db, lonely.id, waiting.id, 'pending');
    await seedMembers(db, lonely.id, 1, 'kicked');
    expect((await deleteAccount(admin.cookie)).statusCode).toBe(200);
    expect(await leagueRow(lonely.id)).toBeUndefined();
    expect(await db.select().from(leagueMembers).where(eq(leagueMembers.leagueId, lonely.id))).toEqual([]);
    expect((await send(context.app, 'GET', '/api/leagues', { cookie: waiting.cookie })).json()).toEqual({
      leagues: [],
    });
  });

  it("leave the other leagues' counts right", async () => {
    const { db } = context.database;
    const season = await seasonId();
    const player = await readyPlayer(context.app, db);
    const joined = await seedLeague(db, { seasonId: season });
    const waiting = await seedLeague(db, { seasonId: season });
    await seedMembership(db, joined.id, player.id, 'approved');
    await seedMembership(db, waiting.id, player.id, 'pending');
    const [before] = await db.select().from(leagues).where(eq(leagues.id, joined.id));
    expect((await deleteAccount(player.cookie)).statusCode).toBe(200);
    for (const id of [joined.id, waiting.id])
      expect(await leagueCounts(db, id)).toEqual({
        stored: { approved: 1, pending: 0 },
        counted: { approved: 1, pending: 0 },
      });
    const [after] = await db.select().from(leagues).where(eq(leagues.id, joined.id));
    expect(after?.membersChangedAt.getTime()).toBeGreaterThan(before?.membersChangedAt.getTime() ?? Infinity);
  });
});
