import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { App } from '../../../../src/app.ts';
import type { Executor } from '../../../../src/db/database.ts';
import { leagueMembers, leagues, profiles, users } from '../../../../src/db/schema/index.ts';
import { ORIGIN, signUpOnboarded, uniqueEmail } from '../../../support/accounts.ts';

/** A signed-in player who may join and create leagues: onboarded, with a squad picked. */
export async function readyPlayer(app: App, db: Executor, email = uniqueEmail('league')) {
  const account = await signUpOnboarded(app, email);
  await db.update(profiles).set({ playerSelectionComplete: true }).where(eq(profiles.id, account.id));
  return account;
}

/** Any method, as the web sends it (the shared `send` has no DELETE). */
export function call(
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { body?: unknown; cookie?: string } = {},
) {
  return app.inject({
    method,
    url,
    headers: { origin: ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}) },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

/**
 * `count` players stored straight in the database (no sign-up: fast), as members of the league
 * with `status`, its maintained counts moved to match. Answers their ids.
 */
export async function seedMembers(
  db: Executor,
  leagueId: string,
  count: number,
  status: 'approved' | 'pending' | 'rejected' | 'kicked',
  joinedAt = new Date('2025-08-01T00:00:00Z'),
): Promise<string[]> {
  const ids = Array.from({ length: count }, () => `seed-${randomUUID()}`);
  if (count === 0) return ids;
  await db.insert(users).values(ids.map((id) => ({ id, name: id, email: `${id}@example.com` })));
  await db.insert(leagueMembers).values(
    ids.map((userId) => ({
      leagueId,
      userId,
      status,
      requestedAt: joinedAt,
      joinedAt: status === 'approved' || status === 'kicked' ? joinedAt : null,
      kickedAt: status === 'kicked' ? joinedAt : null,
    })),
  );
  await db
    .update(leagues)
    .set({
      approvedMembers: sql`${leagues.approvedMembers} + ${status === 'approved' ? count : 0}`,
      pendingRequests: sql`${leagues.pendingRequests} + ${status === 'pending' ? count : 0}`,
    })
    .where(eq(leagues.id, leagueId));
  return ids;
}

/** The counts as stored, and as counted from the rows: they must agree. */
export async function leagueCounts(db: Executor, leagueId: string) {
  const [stored] = await db
    .select({ approved: leagues.approvedMembers, pending: leagues.pendingRequests })
    .from(leagues)
    .where(eq(leagues.id, leagueId));
  const rows = await db
    .select({ status: leagueMembers.status })
    .from(leagueMembers)
    .where(eq(leagueMembers.leagueId, leagueId));
  return {
    stored,
    counted: {
      approved: rows.filter((row) => row.status === 'approved').length,
      pending: rows.filter((row) => row.status === 'pending').length,
    },
  };
}

export const LEAGUE_TIME = '2025-08-10T12:00:00.000Z';

let seeded = 0;
/** A league stored straight in the database, run by a seeded admin (its first approved member). */
export async function seedLeague(
  db: Executor,
  values: {
    seasonId: string;
    joinMode?: 'open' | 'invite_only' | 'locked';
    maxMembers?: number;
    joinDeadline?: Date | null;
    adminId?: string;
  },
): Promise<{ id: string; code: string; adminId: string }> {
  seeded += 1;
  const code = `S${String(seeded).padStart(3, '0')}${randomUUID().replaceAll('-', '').slice(0, 4).toUpperCase()}`;
  const adminId = values.adminId ?? `seed-admin-${randomUUID()}`;
  if (!values.adminId)
    await db.insert(users).values({ id: adminId, name: adminId, email: `${adminId}@example.com` });
  const joinedAt = new Date('2025-07-01T00:00:00Z');
  const [league] = await db
    .insert(leagues)
    .values({
      seasonId: values.seasonId,
      name: `Seeded ${seeded}`,
      code,
      adminId,
      maxMembers: values.maxMembers ?? 50,
      joinMode: values.joinMode ?? 'open',
      joinDeadline: values.joinDeadline ?? null,
      createdAt: joinedAt,
      approvedMembers: 1,
    })
    .returning({ id: leagues.id });
  if (!league) throw new Error('No league stored');
  await db
    .insert(leagueMembers)
    .values({ leagueId: league.id, userId: adminId, status: 'approved', requestedAt: joinedAt, joinedAt });
  return { id: league.id, code, adminId };
}

/** Stores the player's membership of the league with `status`, counts moved to match. */
export async function seedMembership(
  db: Executor,
  leagueId: string,
  userId: string,
  status: 'approved' | 'pending' | 'rejected' | 'kicked',
  at = new Date('2025-08-01T00:00:00Z'),
): Promise<void> {
  await db.insert(leagueMembers).values({
    leagueId,
    userId,
    status,
    requestedAt: at,
    joinedAt: status === 'approved' || status === 'kicked' ? at : null,
    kickedAt: status === 'kicked' ? at : null,
  });
  await db
    .update(leagues)
    .set({
      approvedMembers: sql`${leagues.approvedMembers} + ${status === 'approved' ? 1 : 0}`,
      pendingRequests: sql`${leagues.pendingRequests} + ${status === 'pending' ? 1 : 0}`,
    })
    .where(eq(leagues.id, leagueId));
}
