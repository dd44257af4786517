import { LEAGUE_LIMITS, LEAGUE_MESSAGES, type LeagueDetail } from '@hit21/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leagues } from '../../../../src/db/schema/index.ts';
import { setUpTestApp } from '../../../support/build-test-app.ts';
import { engines } from '../../../support/test-database.ts';
import { call, LEAGUE_TIME, readyPlayer, seedLeague, seedMembership } from './membership-fixtures.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

const NOW = new Date(LEAGUE_TIME);

describe.each(ENGINES)('handing a league over on %s', (engine) => {
  const context = setUpTestApp(engine, { prepare: true, clock: () => NOW });

  async function adminWithLeague() {
    const admin = await readyPlayer(context.app, context.database.db);
    const created = await call(context.app, 'POST', '/api/leagues', {
      cookie: admin.cookie,
      body: { name: 'Office Legends' },
    });
    expect(created.statusCode).toBe(201);
    return { admin, leagueId: created.json().id as string };
  }

  const handOver = (cookie: string, leagueId: string, email: unknown) =>
    call(context.app, 'POST', `/api/leagues/${leagueId}/admin`, { cookie, body: { email } });

  async function storedAdmin(leagueId: string) {
    const [row] = await context.database.db
      .select({ adminId: leagues.adminId, reason: leagues.adminHandoverReason, at: leagues.adminHandoverAt })
      .from(leagues)
      .where(eq(leagues.id, leagueId));
    return row;
  }

  it('hands the league to an approved member found by e-mail (any case); the former admin is a plain member', async () => {
    const { db } = context.database;
    const { admin, leagueId } = await adminWithLeague();
    const heir = await readyPlayer(context.app, db);
    await seedMembership(db, leagueId, heir.id, 'approved');

    const response = await handOver(admin.cookie, leagueId, `  ${heir.email.toUpperCase()} `);
    expect(response.statusCode).toBe(200);
    const detail = response.json() as LeagueDetail;
    expect(detail).toMatchObject({ id: leagueId, isAdmin: false, myStatus: 'approved', pendingRequests: 0 });
    expect(detail.adminHandover).toBeNull();
    expect(await storedAdmin(leagueId)).toEqual({ adminId: heir.id, reason: 'transferred', at: NOW });

    // The new admin sees why, and manages; the former admin no longer may.
    const heirView = await call(context.app, 'GET', `/api/leagues/${leagueId}`, { cookie: heir.cookie });
    expect(heirView.json()).toMatchObject({
      isAdmin: true,
      adminHandover: { reason: 'transferred', at: LEAGUE_TIME },
    });
    expect(
      (await call(context.app, 'GET', `/api/leagues/${leagueId}/members`, { cookie: heir.cookie }))
        .statusCode,
    ).toBe(200);
    const formerTries = await call(context.app, 'GET', `/api/leagues/${leagueId}/members`, {
      cookie: admin.cookie,
    });
    expect(formerTries.statusCode).toBe(403);
    expect(formerTries.json().reason).toBe('NOT_LEAGUE_ADMIN');
    // The former admin may now leave; the new one may not.
    expect(
      (await call(context.app, 'DELETE', `/api/leagues/${leagueId}/membership`, { cookie: admin.cookie }))
        .statusCode,
    ).toBe(204);
  });

  it('gives one answer for a pending, rejected or kicked member, a stranger and an unknown address', async () => {
    const { db } = context.database;
    const { admin, leagueId } = await adminWithLeague();
    const addresses = ['nobody.here@example.com'];
    for (const status of ['pending', 'rejected', 'kicked'] as const) {
      const player = await readyPlayer(context.app, db);
      await seedMembership(db, leagueId, player.id, status);
      addresses.push(player.email);
    }
    const stranger = await readyPlayer(context.app, db);
    addresses.push(stranger.email);
    for (const email of addresses) {
      const response = await handOver(admin.cookie, leagueId, email);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        reason: 'NEW_ADMIN_NOT_MEMBER',
        userMessage: 'The new administrator must be an approved member of this league',
      });
    }
    expect(await storedAdmin(leagueId)).toEqual({ adminId: admin.id, reason: null, at: null });
  });

  it('refuses the admin’s own address', async () => {
    const { admin, leagueId } = await adminWithLeague();
    const response = await handOver(admin.cookie, leagueId, admin.email);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      reason: 'NEW_ADMIN_IS_YOU',
      userMessage: LEAGUE_MESSAGES.newAdminIsYou,
    });
    expect((await storedAdmin(leagueId))?.adminId).toBe(admin.id);
  });

  it('refuses a member who already runs the most leagues a player may', async () => {
    const { db } = context.database;
    const { admin, leagueId } = await adminWithLeague();
    const busy = await readyPlayer(context.app, db);
    await seedMembership(db, leagueId, busy.id, 'approved');
    const seasonId = (await context.app.activeSeason.get()).id;
    for (let index = 0; index < LEAGUE_LIMITS.administered; index += 1) {
      await seedLeague(db, { seasonId, adminId: busy.id });
    }
    const response = await handOver(admin.cookie, leagueId, busy.email);
    expect(response.statusCode).toBe(409);
    expect(response.json().reason).toBe('TOO_MANY_ADMINISTERED');
    expect((await storedAdmin(leagueId))?.adminId).toBe(admin.id);
  });

  it.each([
    ['', LEAGUE_MESSAGES.emailRequired],
    ['   ', LEAGUE_MESSAGES.emailRequired],
    ['not-an-address', LEAGUE_MESSAGES.emailInvalid],
    [undefined, LEAGUE_MESSAGES.emailRequired],
  ])('refuses the e-mail %j with its message', async (email, message) => {
    const { admin, leagueId } = await adminWithLeague();
    const response = await handOver(admin.cookie, leagueId, email);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
  });
});
