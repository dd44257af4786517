import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database.ts';
import { send, signUp } from '../../support/accounts.ts';
import { clockAt, setUpTestApp } from '../../support/build-test-app.ts';
import { engines } from '../../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

const ONBOARDING = {
  fullName: 'Jordan Fan',
  dob: '1990-05-01',
  country: 'United Kingdom',
  favouriteClub: 'Arsenal',
  howDidYouHear: 'friend',
};

/** Runs `work` while the last write of a profile operation (logging the member's change for the boards) fails in the database. */
async function refuseMemberChanges(db: Database, work: () => Promise<void>) {
  await db.execute(sql`
    create function refuse_member_changes() returns trigger language plpgsql as $$
    begin raise exception 'member changes refused by the test'; end $$`);
  await db.execute(sql`
    create trigger refuse_member_changes before insert or update on standings_member_changes
    for each row execute function refuse_member_changes()`);
  try {
    await work();
  } finally {
    await db.execute(sql`drop trigger refuse_member_changes on standings_member_changes`);
    await db.execute(sql`drop function refuse_member_changes()`);
  }
}

describe.each(ENGINES)('profile writes as one operation on %s', (engine) => {
  const context = setUpTestApp(engine, { prepare: true, clock: clockAt('2025-08-10T12:00:00Z') });

  it('writes nothing when its last step fails: the profile stays as it was', async () => {
    const { db } = context.database;
    const { cookie } = await signUp(context.app);
    await refuseMemberChanges(db, async () => {
      const failed = await send(context.app, 'PUT', '/api/profile/onboarding', { cookie, body: ONBOARDING });
      expect(failed.statusCode).toBe(500);
    });
    expect((await send(context.app, 'GET', '/api/profile', { cookie })).json()).toMatchObject({
      fullName: null,
      country: null,
      favouriteClub: null,
      onboardingComplete: false,
    });

    const retried = await send(context.app, 'PUT', '/api/profile/onboarding', { cookie, body: ONBOARDING });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({
      fullName: 'Jordan Fan',
      country: 'United Kingdom',
      onboardingComplete: true,
    });
  });

  it('changes the name and date of birth in settings together with the boards, or not at all', async () => {
    const { db } = context.database;
    const { cookie } = await signUp(context.app);
    await send(context.app, 'PUT', '/api/profile/onboarding', { cookie, body: ONBOARDING });
    await refuseMemberChanges(db, async () => {
      const failed = await send(context.app, 'PATCH', '/api/profile', {
        cookie,
        body: { fullName: 'Someone Else', dob: '1985-01-01' },
      });
      expect(failed.statusCode).toBe(500);
    });
    expect((await send(context.app, 'GET', '/api/profile', { cookie })).json()).toMatchObject({
      fullName: 'Jordan Fan',
      dob: '1990-05-01',
    });
  });

  it('stores the official name of the country a request names in another case or spelling', async () => {
    for (const [typed, stored] of [
      ['united KINGDOM', 'United Kingdom'],
      ['UK', 'United Kingdom'],
      ['usa', 'United States of America'],
    ]) {
      const { cookie } = await signUp(context.app);
      const onboarded = await send(context.app, 'PUT', '/api/profile/onboarding', {
        cookie,
        body: { ...ONBOARDING, country: typed },
      });
      expect(onboarded.statusCode, typed).toBe(200);
      expect(onboarded.json().country, typed).toBe(stored);
    }
    const { cookie } = await signUp(context.app);
    const refused = await send(context.app, 'PUT', '/api/profile/onboarding', {
      cookie,
      body: { ...ONBOARDING, country: 'Atlantis' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().userMessage).toBe('Please choose a country from the list');
  });

  it('names the refused field and its reason', async () => {
    const { cookie } = await signUp(context.app);
    const refused = await send(context.app, 'PUT', '/api/profile/onboarding', {
      cookie,
      body: { ...ONBOARDING, favouriteClub: 'Real Madrid' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      reason: 'INVALID_PROFILE_FIELD',
      userMessage: 'Please select your favourite team',
      issues: [{ path: 'body.favouriteClub', message: 'Please select your favourite team' }],
    });
  });
});
