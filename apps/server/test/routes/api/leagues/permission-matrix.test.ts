import { and, asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../../src/app.ts';
import {
  leagueMembers,
  leagueStandings,
  leagues,
  players,
  profiles,
} from '../../../../src/db/schema/index.ts';
import { markMemberChanged } from '../../../../src/plugins/app/standings/placing/member-changes-repository.ts';
import { completeOnboarding, send, signUp, uniqueEmail } from '../../../support/accounts.ts';
import { setUpTestApp } from '../../../support/build-test-app.ts';
import { engines } from '../../../support/test-database.ts';
import { call, LEAGUE_TIME, seedMembers } from './membership-fixtures.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

/*
 * Every league endpoint of the contract (packages/core/src/leagues/league.schemas.ts) × every
 * role a player can have towards a league: the status each gets, that nothing leaks (only
 * approved members see names, only the admin sees e-mail addresses), and that a refused request
 * writes nothing to leagues, league_members or league_standings.
 */

const NOW = new Date(LEAGUE_TIME);
const ROLES = ['signedOut', 'nonMember', 'pending', 'approved', 'rejected', 'kicked', 'admin'] as const;
type Role = (typeof ROLES)[number];
const ADMIN_SEES_EMAILS = [
  'GET /api/leagues/:leagueId/members',
  'PUT /api/leagues/:leagueId/members/:userId',
];
const SIGNED_IN_ROLES = ROLES.filter((role) => role !== 'signedOut');

interface Case {
  leagueId: string;
  code: string;
  /** A pending member the admin's calls act on. */
  targetId: string;
}

interface Endpoint {
  name: string;
  request: (app: App, cookie: string, fixture: Case) => Promise<LightMyRequestResponse>;
  expected: Record<Role, number>;
}

/** The admin's endpoints: the admin may, an approved member is told they may not, anyone else learns nothing. */
const ADMIN_ONLY: Record<Role, number> = {
  signedOut: 401,
  nonMember: 404,
  pending: 404,
  approved: 403,
  rejected: 404,
  kicked: 404,
  admin: 200,
};
/** What approved members (the admin among them) may see. */
const MEMBERS_ONLY: Record<Role, number> = {
  signedOut: 401,
  nonMember: 404,
  pending: 404,
  approved: 200,
  rejected: 404,
  kicked: 404,
  admin: 200,
};
/** Anybody signed in. */
const SIGNED_IN: Record<Role, number> = {
  signedOut: 401,
  nonMember: 200,
  pending: 200,
  approved: 200,
  rejected: 200,
  kicked: 200,
  admin: 200,
};

describe.each(ENGINES)('league permission matrix on %s', (engine) => {
  const context = setUpTestApp(engine, { prepare: true, clock: () => NOW });
  const accounts = {} as Record<Exclude<Role, 'signedOut'>, { id: string; email: string; cookie: string }>;
  const names = (role: Role) => `Matrix ${role} Person`;

  const endpoints: Endpoint[] = [
    {
      name: 'GET /api/leagues',
      request: (app, cookie) => call(app, 'GET', '/api/leagues', { cookie }),
      expected: SIGNED_IN,
    },
    {
      name: 'POST /api/leagues',
      request: (app, cookie) =>
        call(app, 'POST', '/api/leagues', { cookie, body: { name: 'Another League' } }),
      expected: {
        ...SIGNED_IN,
        nonMember: 201,
        pending: 201,
        approved: 201,
        rejected: 201,
        kicked: 201,
        admin: 201,
      },
    },
    {
      name: 'GET /api/leagues/invite/:code',
      request: (app, cookie, fixture) => call(app, 'GET', `/api/leagues/invite/${fixture.code}`, { cookie }),
      expected: { ...SIGNED_IN, signedOut: 200 },
    },
    {
      name: 'POST /api/leagues/join',
      request: (app, cookie, fixture) =>
        call(app, 'POST', '/api/leagues/join', { cookie, body: { code: fixture.code } }),
      // Kicked an hour ago: the 24 hours have not passed.
      expected: {
        signedOut: 401,
        nonMember: 200,
        pending: 409,
        approved: 409,
        rejected: 200,
        kicked: 403,
        admin: 409,
      },
    },
    {
      name: 'POST /api/leagues/:leagueId/rejoin',
      request: (app, cookie, fixture) =>
        call(app, 'POST', `/api/leagues/${fixture.leagueId}/rejoin`, { cookie }),
      // Only a refused or kicked player asks by id; kicked an hour ago, they still wait.
      expected: {
        signedOut: 401,
        nonMember: 404,
        pending: 404,
        approved: 404,
        rejected: 200,
        kicked: 403,
        admin: 404,
      },
    },
    {
      name: 'GET /api/leagues/:leagueId',
      request: (app, cookie, fixture) => call(app, 'GET', `/api/leagues/${fixture.leagueId}`, { cookie }),
      expected: MEMBERS_ONLY,
    },
    {
      name: 'GET /api/leagues/:leagueId/standings',
      request: (app, cookie, fixture) =>
        call(app, 'GET', `/api/leagues/${fixture.leagueId}/standings`, { cookie }),
      expected: MEMBERS_ONLY,
    },
    {
      name: 'DELETE /api/leagues/:leagueId/membership',
      request: (app, cookie, fixture) =>
        call(app, 'DELETE', `/api/leagues/${fixture.leagueId}/membership`, { cookie }),
      expected: {
        signedOut: 401,
        nonMember: 404,
        pending: 204,
        approved: 204,
        rejected: 204,
        // Kicked an hour ago: the row (and its kick time) stays until the 24-hour wait is over.
        kicked: 403,
        admin: 403,
      },
    },
    {
      name: 'POST /api/leagues/:leagueId/handover-notice/dismiss',
      request: (app, cookie, fixture) =>
        call(app, 'POST', `/api/leagues/${fixture.leagueId}/handover-notice/dismiss`, { cookie }),
      expected: { ...ADMIN_ONLY, admin: 204 },
    },
    {
      name: 'PATCH /api/leagues/:leagueId',
      request: (app, cookie, fixture) =>
        call(app, 'PATCH', `/api/leagues/${fixture.leagueId}`, {
          cookie,
          body: { name: 'Taken Over', joinMode: 'open', joinDeadline: null },
        }),
      expected: ADMIN_ONLY,
    },
    {
      name: 'POST /api/leagues/:leagueId/code',
      request: (app, cookie, fixture) =>
        call(app, 'POST', `/api/leagues/${fixture.leagueId}/code`, { cookie }),
      expected: ADMIN_ONLY,
    },
    {
      name: 'GET /api/leagues/:leagueId/members',
      request: (app, cookie, fixture) =>
        call(app, 'GET', `/api/leagues/${fixture.leagueId}/members`, { cookie }),
      expected: ADMIN_ONLY,
    },
    {
      name: 'PUT /api/leagues/:leagueId/members/:userId',
      request: (app, cookie, fixture) =>
        call(app, 'PUT', `/api/leagues/${fixture.leagueId}/members/${fixture.targetId}`, {
          cookie,
          body: { status: 'approved' },
        }),
      expected: ADMIN_ONLY,
    },
    {
      name: 'POST /api/leagues/:leagueId/admin',
      request: (app, cookie, fixture) =>
        call(app, 'POST', `/api/leagues/${fixture.leagueId}/admin`, {
          cookie,
          body: { email: accounts.approved.email },
        }),
      expected: ADMIN_ONLY,
    },
    {
      name: 'DELETE /api/leagues/:leagueId',
      request: (app, cookie, fixture) => call(app, 'DELETE', `/api/leagues/${fixture.leagueId}`, { cookie }),
      expected: { ...ADMIN_ONLY, admin: 204 },
    },
  ];

  beforeAll(async () => {
    const { db } = context.database;
    const outfield = await db
      .select({ id: players.id })
      .from(players)
      .where(and(sql`${players.position} <> 'goalkeeper'`, eq(players.firstGameweek, 1)))
      .orderBy(asc(players.fplCode))
      .limit(4 * SIGNED_IN_ROLES.length);
    for (const [index, role] of SIGNED_IN_ROLES.entries()) {
      const account = await signUp(context.app, uniqueEmail(`matrix.${role}`));
      const { id } = await completeOnboarding(context.app, account.cookie, names(role));
      // A squad each, so the standings of approved members carry their names.
      const squad = outfield.slice(index * 4, index * 4 + 4).map((player) => player.id);
      const saved = await send(context.app, 'PUT', '/api/squad', {
        cookie: account.cookie,
        body: { playerIds: squad },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      accounts[role] = { id, email: account.email, cookie: account.cookie };
    }
  });

  /** A fresh league where each signed-in role has its membership, with its standings computed. */
  async function freshLeague(): Promise<Case> {
    const { db } = context.database;
    await db.delete(leagueStandings);
    await db.delete(leagues);
    const created = await call(context.app, 'POST', '/api/leagues', {
      cookie: accounts.admin.cookie,
      body: { name: 'Matrix League', joinMode: 'invite_only' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id: leagueId, code } = created.json() as { id: string; code: string };
    const statuses = {
      pending: 'pending',
      approved: 'approved',
      rejected: 'rejected',
      kicked: 'kicked',
    } as const;
    const anHourAgo = new Date(NOW.getTime() - 3_600_000);
    for (const [role, status] of Object.entries(statuses)) {
      await db.insert(leagueMembers).values({
        leagueId,
        userId: accounts[role as keyof typeof statuses].id,
        status,
        requestedAt: anHourAgo,
        joinedAt: status === 'approved' || status === 'kicked' ? anHourAgo : null,
        kickedAt: status === 'kicked' ? anHourAgo : null,
      });
    }
    await db
      .update(leagues)
      .set({ approvedMembers: 2, pendingRequests: 1, membersChangedAt: sql`now()` })
      .where(eq(leagues.id, leagueId));
    const [targetId = ''] = await seedMembers(db, leagueId, 1, 'pending', anHourAgo);
    await db
      .update(profiles)
      .set({ fullName: names('approved') })
      .where(eq(profiles.id, targetId));
    // The memberships were written here, not by the routes that log a member's change.
    await markMemberChanged(db, accounts.approved.id);
    await context.app.standings.refresh();
    return { leagueId, code, targetId };
  }

  async function dump() {
    const { db } = context.database;
    return {
      leagues: await db.select().from(leagues).orderBy(asc(leagues.id)),
      members: await db
        .select()
        .from(leagueMembers)
        .orderBy(asc(leagueMembers.leagueId), asc(leagueMembers.userId)),
      standings: await db
        .select()
        .from(leagueStandings)
        .orderBy(asc(leagueStandings.leagueId), asc(leagueStandings.userId)),
    };
  }

  it('computes the league standings of the approved members, with their names, for the test to compare against', async () => {
    const fixture = await freshLeague();
    const response = await call(context.app, 'GET', `/api/leagues/${fixture.leagueId}/standings`, {
      cookie: accounts.approved.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .rows.map((row: { fullName: string }) => row.fullName)
        .sort(),
    ).toEqual([names('admin'), names('approved')].sort());
  });

  for (const endpoint of endpoints) {
    it.each(ROLES)(`${endpoint.name} as %s`, async (role) => {
      const fixture = await freshLeague();
      const before = await dump();
      const cookie = role === 'signedOut' ? '' : accounts[role].cookie;
      const response = await endpoint.request(context.app, cookie, fixture);
      expect(response.statusCode, response.body).toBe(endpoint.expected[role]);

      // Only the admin's member management shows e-mail addresses.
      if (!(ADMIN_SEES_EMAILS.includes(endpoint.name) && role === 'admin')) {
        expect(response.body).not.toContain('@');
      }
      // Only approved members (the admin among them) see who is in the league.
      if (role !== 'approved' && role !== 'admin') {
        for (const member of ['admin', 'approved'] as const)
          expect(response.body).not.toContain(names(member));
      }
      // Only approved members (the admin among them) hold the code; the invite shows it to anyone who has it.
      if (role !== 'approved' && role !== 'admin' && endpoint.name !== 'GET /api/leagues/invite/:code') {
        expect(response.body).not.toContain(fixture.code);
      }
      if (response.statusCode >= 400) {
        expect(response.json().reason ?? response.json().code).toBeTruthy();
        expect(await dump()).toEqual(before);
      }
    });
  }
});
