import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../src/db/database.ts';
import { prepareDatabase } from '../../../../src/db/prepare-database.ts';
import { leagues } from '../../../../src/db/schema/index.ts';
import { cookieFrom, GOOD_PASSWORD, signIn } from '../../../support/accounts.ts';
import { buildTestApp } from '../../../support/build-test-app.ts';
import { call, LEAGUE_TIME, readyPlayer } from './membership-fixtures.ts';

/*
 * Opt-in: how fast the admin's members page is in a league of 1,000,000 members on PostgreSQL.
 *   SCALE_DB=postgres://postgres@127.0.0.1:5432/<an empty database> \
 *     ./node_modules/.bin/vitest run --project server apps/server/test/routes/api/leagues/manage-scale.test.ts
 * The first run seeds the database (a few minutes) and keeps it; later runs only measure.
 */
describe.runIf(process.env.SCALE_DB)('the members page of a league of 1,000,000 on PostgreSQL', () => {
  it('prints the time of first, middle, last and filtered pages', async () => {
    const database = await openDatabase({ engine: 'postgres', url: process.env.SCALE_DB ?? '' });
    await database.migrate();
    await prepareDatabase(database);
    const app = await buildTestApp(database, { clock: () => new Date(LEAGUE_TIME) });
    const { db } = database;
    const email = 'big.admin@example.com';
    let [league] = await db.select().from(leagues).where(eq(leagues.name, 'Big'));
    let cookie = '';
    if (!league) {
      const admin = await readyPlayer(app, db, email);
      cookie = admin.cookie;
      const created = await call(app, 'POST', '/api/leagues', {
        cookie,
        body: { name: 'Big', maxMembers: -1 },
      });
      const leagueId = created.json().id;
      await db.execute(sql`insert into users (id, name, email, email_verified, created_at, updated_at)
        select 'big-' || i, 'Big ' || i, 'big' || i || '@example.com', false, now(), now() from generate_series(1, 1000000) i`);
      await db.execute(sql`insert into profiles (id, email, full_name, created_at, updated_at)
        select 'big-' || i, 'big' || i || '@example.com', 'Big Fan ' || i, now(), now() from generate_series(1, 1000000) i`);
      await db.execute(sql`insert into league_members (league_id, user_id, status, requested_at, joined_at, kicked_at)
        select ${leagueId}, 'big-' || i, case when i % 100 = 0 then 'pending' when i % 1000 = 1 then 'kicked' when i % 1000 = 2 then 'rejected' else 'approved' end,
        timestamptz '2025-08-01' - (i || ' seconds')::interval, timestamptz '2025-08-01', case when i % 1000 = 1 then timestamptz '2025-08-01' end from generate_series(1, 1000000) i`);
      await db.execute(
        sql`update leagues set approved_members = (select count(*) from league_members where league_id = ${leagueId} and status = 'approved'), pending_requests = (select count(*) from league_members where league_id = ${leagueId} and status = 'pending') where id = ${leagueId}`,
      );
      [league] = await db.select().from(leagues).where(eq(leagues.name, 'Big'));
    } else {
      cookie = cookieFrom(await signIn(app, email, GOOD_PASSWORD));
    }
    await db.execute(sql`vacuum analyze league_members`);
    const leagueId = league?.id;
    for (const query of [
      '',
      '?page=2',
      '?page=1000',
      '?page=10000',
      '?page=20000',
      '?status=pending',
      '?status=pending&page=200',
      '?status=kicked',
      '?status=approved&page=19000',
    ]) {
      const times: number[] = [];
      let body = '';
      for (let i = 0; i < 7; i += 1) {
        const start = performance.now();
        const response = await call(app, 'GET', `/api/leagues/${leagueId}/members${query}`, { cookie });
        times.push(performance.now() - start);
        expect(response.statusCode).toBe(200);
        body = response.body;
      }
      times.sort((a, b) => a - b);
      console.log(
        query || '(page 1)',
        'median',
        times[3]?.toFixed(1),
        'max',
        times[6]?.toFixed(1),
        JSON.parse(body).members.length,
        JSON.parse(body).members[0]?.userId,
      );
    }
    await app.close();
    await database.close();
  }, 900_000);
});
