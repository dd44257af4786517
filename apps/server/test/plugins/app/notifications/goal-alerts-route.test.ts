import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../../../../src/db/database.ts';
import { GOAL_ALERTS_JOB } from '../../../../src/plugins/app/notifications/goal-alerts/goal-alerts-job.ts';
import { send, signUp, signUpOnboarded } from '../../../support/accounts.ts';
import { setUpTestApp } from '../../../support/build-test-app.ts';
import { takeTurn } from '../../../support/scheduled-jobs.ts';
import { engines } from '../../../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

/** Saturday of gameweek 1 of the committed season: the morning before its matches, and the evening. */
const MORNING = '2025-08-16T10:00:00Z';
const NOW = '2025-08-16T21:00:00Z';

describe.each(ENGINES)('choosing goal alerts, and the goal-alerts job, on %s', (engine) => {
  let now = MORNING;
  const context = setUpTestApp(engine, { prepare: true, clock: () => new Date(now) });

  async function storedPreference(userId: string) {
    const [row] = await selectRows<{ goal_alerts: string }>(
      context.app.db,
      sql`select goal_alerts from profiles where id = ${userId}`,
    );
    return row?.goal_alerts;
  }

  it('refuses a signed-out request', async () => {
    const response = await send(context.app, 'PUT', '/api/profile/goal-alerts', {
      body: { goalAlerts: 'none' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a choice that is not one of the three, and changes nothing', async () => {
    const { cookie, id } = await signUpOnboarded(context.app);
    for (const body of [{ goalAlerts: 'some' }, { goalAlerts: null }, { goalAlerts: 'ALL' }, {}]) {
      const response = await send(context.app, 'PUT', '/api/profile/goal-alerts', { cookie, body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_REQUEST' });
      expect(await storedPreference(id)).toBe('all');
    }
  });

  it('saves the choice and answers the profile with it', async () => {
    const { cookie } = await signUp(context.app);
    const response = await send(context.app, 'PUT', '/api/profile/goal-alerts', {
      cookie,
      body: { goalAlerts: 'milestones' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ goalAlerts: 'milestones' });
    const profile = await send(context.app, 'GET', '/api/profile', { cookie });
    expect(profile.json()).toMatchObject({ goalAlerts: 'milestones' });
  });

  it('alerts a player whose pick scored when the clock passes the kick-off and the job takes its turn', async () => {
    expect(await takeTurn(context.app, GOAL_ALERTS_JOB)).toBe('done');
    const { id } = await signUpOnboarded(context.app);
    // A scorer whose data short name ("Saka", "M.Salah") is not the name the screens show.
    const [scorer] = await selectRows<{
      player_id: string;
      web_name: string;
      full_name: string;
      goals: number;
    }>(
      context.app.db,
      sql`select g.player_id, p.web_name, p.first_name || ' ' || p.second_name as full_name, g.goals
        from goals g join players p on p.id = g.player_id
        where g.kickoff_at between ${MORNING}::timestamptz and ${NOW}::timestamptz and p.web_name <> p.first_name || ' ' || p.second_name
        order by g.kickoff_at, g.fixture_id, g.player_id limit 1`,
    );
    if (!scorer) throw new Error('The committed season has no goal on 16 August');
    await context.app.db.execute(
      sql`insert into picks (user_id, season_id, player_id, slot) values (${id}, '2025-26', ${scorer.player_id}, 1)`,
    );
    now = NOW;
    expect(await takeTurn(context.app, GOAL_ALERTS_JOB)).toBe('done');
    const alerts = await selectRows<{ actor_name: string; goal_kind: string; message: string }>(
      context.app.db,
      sql`select actor_name, goal_kind, message from notifications where user_id = ${id} order by id`,
    );
    expect(alerts).toHaveLength(scorer.goals);
    expect(scorer.full_name).not.toBe(scorer.web_name);
    expect(alerts[0]).toMatchObject({ actor_name: scorer.full_name, goal_kind: 'off_zero' });
    expect(alerts[0]?.message.startsWith(`${scorer.full_name} scored for `)).toBe(true);
  });

  it('alerts a goal written to the goals at once, without waiting for the next turn', async () => {
    now = NOW;
    const { id } = await signUpOnboarded(context.app);
    const [scorer] = await selectRows<{ player_id: string; club_code: string }>(
      context.app.db,
      sql`select g.player_id, g.club_code from goals g where g.kickoff_at <= ${NOW}::timestamptz
        order by g.kickoff_at desc, g.fixture_id, g.player_id limit 1`,
    );
    if (!scorer) throw new Error('The committed season has no goal before the evening');
    await context.app.db.execute(
      sql`insert into picks (user_id, season_id, player_id, slot) values (${id}, '2025-26', ${scorer.player_id}, 1)`,
    );
    // A turn just taken: the next one by the timer is seconds away.
    expect(await takeTurn(context.app, GOAL_ALERTS_JOB)).toBe('done');
    const started = Date.now();
    await context.app.db.execute(
      sql`insert into goals (player_id, fixture_id, gameweek, kickoff_at, goals, club_code)
        values (${scorer.player_id}, 990001, 1, ${NOW}::timestamptz - interval '1 hour', 1, ${scorer.club_code})`,
    );
    await expect
      .poll(
        async () =>
          (
            await selectRows(
              context.app.db,
              sql`select 1 from notifications where user_id = ${id} and fixture_id = 990001`,
            )
          ).length,
        { timeout: 2_000, interval: 20 },
      )
      .toBe(1);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
