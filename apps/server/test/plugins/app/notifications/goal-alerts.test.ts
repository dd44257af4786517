import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../../src/db/database.ts';
import { runGoalAlerts } from '../../../../src/plugins/app/notifications/goal-alerts/run-goal-alerts.ts';
import { NOTIFICATIONS_CHANNEL } from '../../../../src/plugins/app/notifications/notification-events.ts';
import { createTestDatabase, engines } from '../../../support/test-database.ts';
import {
  addPicker,
  NEWCOMER,
  RAYA,
  resetGoalAlertWorld,
  SAKA,
  SEASON_ID,
  SIGNING,
  storedAlerts,
  storedMarks,
  syncGoals,
  WELBECK,
} from './goal-alert-fixtures.ts';

const ENGINES = engines('postgres', 'two runs at the same time');

const SAKA_GOAL = { code: SAKA, fixtureId: 11, kickoffAt: '2025-08-16T14:00:00Z', goals: 1 };
const AFTER_SAKA = new Date('2025-08-16T16:00:00Z');

describe.each(ENGINES)('goal alerts on %s', (engine) => {
  let database: DatabaseHandle;
  const run = (now: Date, options: { batchSize?: number } = {}) =>
    runGoalAlerts({ db: database.db, seasonId: SEASON_ID, now, ...options });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.close());
  beforeEach(() => resetGoalAlertWorld(database.db));

  it('alerts the pickers of the scorer with their total, once, however often the sync sends the goal', async () => {
    await addPicker(database.db, 'fan', [SAKA, WELBECK, NEWCOMER, RAYA]);
    await addPicker(database.db, 'other', [WELBECK, NEWCOMER, RAYA, SIGNING]);
    const events: string[] = [];
    const stop = await database.listen(NOTIFICATIONS_CHANNEL, (payload) => events.push(payload));
    await syncGoals(database.db, [SAKA_GOAL]);

    expect(await run(AFTER_SAKA)).toMatchObject({ goals: 1, notifications: 1 });
    const alerts = await storedAlerts(database.db);
    expect(alerts).toEqual([
      {
        id: expect.any(Number),
        userId: 'fan',
        kind: 'scored',
        title: 'Goal for Bukayo Saka',
        message: "Bukayo Saka scored for Arsenal: you're on 1 of 21",
        actorName: 'Bukayo Saka',
        fixtureId: 11,
        scorerCode: SAKA,
      },
    ]);
    await expect.poll(() => events).toHaveLength(1);
    expect(JSON.parse(events[0] ?? '')).toEqual({
      kind: 'created-range',
      fromId: alerts[0]?.id,
      toId: alerts[0]?.id,
    });

    // The same feed again, and the next turns: nothing more.
    await syncGoals(database.db, [SAKA_GOAL]);
    expect(await run(AFTER_SAKA)).toMatchObject({ goals: 0, notifications: 0, batches: 0 });
    expect(await run(new Date('2025-08-16T16:05:00Z'))).toMatchObject({ notifications: 0 });
    expect(await storedAlerts(database.db)).toHaveLength(1);
    await stop();
  });

  it('sends one correction per goal taken away, with the total the team is back on', async () => {
    await addPicker(database.db, 'fan', [SAKA, WELBECK, NEWCOMER, RAYA]);
    const now = new Date('2025-08-17T19:00:00Z');
    const welbeck = { code: WELBECK, fixtureId: 12, kickoffAt: '2025-08-17T16:30:00Z', goals: 2 };
    await syncGoals(database.db, [SAKA_GOAL, welbeck]);
    await run(now);
    expect((await storedAlerts(database.db)).map((alert) => alert.message)).toEqual([
      "Bukayo Saka scored for Arsenal: you're on 1 of 21",
      "Danny Welbeck scored for Brighton: you're on 2 of 21",
      "Danny Welbeck scored for Brighton: you're on 3 of 21",
    ]);

    await syncGoals(database.db, [SAKA_GOAL, { ...welbeck, goals: 1 }]);
    expect(await run(now)).toMatchObject({ corrections: 1, notifications: 1 });
    await syncGoals(database.db, [SAKA_GOAL], [12]);
    expect(await run(now)).toMatchObject({ corrections: 1, notifications: 1 });

    const corrections = (await storedAlerts(database.db)).slice(3);
    expect(corrections.map(({ kind, title, message }) => ({ kind, title, message }))).toEqual([
      {
        kind: 'correction',
        title: 'Goal taken away',
        message: "A goal by Danny Welbeck for Brighton was taken away: you're back on 2 of 21",
      },
      {
        kind: 'correction',
        title: 'Goal taken away',
        message: "A goal by Danny Welbeck for Brighton was taken away: you're back on 1 of 21",
      },
    ]);
    expect(await storedMarks(database.db)).toEqual([
      { code: SAKA, fixtureId: 11, goals: 1, pendingGoal: null },
    ]);
    expect(await run(now)).toMatchObject({ notifications: 0 });
  });

  it('says when a goal gets the last pick off zero, reaches exactly 21 or busts, as each player asked', async () => {
    const squad = [SAKA, WELBECK, NEWCOMER, SIGNING];
    await addPicker(database.db, 'every', squad, 'all');
    await addPicker(database.db, 'big', squad, 'milestones');
    await addPicker(database.db, 'quiet', squad, 'none');
    await syncGoals(database.db, [
      { code: WELBECK, fixtureId: 101, kickoffAt: '2025-08-29T12:00:00Z', goals: 3 },
      { code: SAKA, fixtureId: 102, kickoffAt: '2025-08-29T15:00:00Z', goals: 1 },
      { code: NEWCOMER, fixtureId: 103, kickoffAt: '2025-08-30T12:00:00Z', goals: 1 },
      { code: SIGNING, fixtureId: 104, kickoffAt: '2025-08-30T14:00:00Z', goals: 16 },
      { code: SAKA, fixtureId: 105, kickoffAt: '2025-08-30T15:00:00Z', goals: 1 },
    ]);
    expect(await run(new Date('2025-08-30T17:00:00Z'))).toMatchObject({ goals: 22, notifications: 25 });

    const every = await storedAlerts(database.db, 'every');
    expect(every.map((alert) => alert.kind)).toEqual([
      ...Array(5).fill('scored'),
      'off_zero',
      ...Array(14).fill('scored'),
      'hit_21',
      'bust',
    ]);
    expect(every.map((alert) => alert.message.match(/on (exactly )?(\d+)/)?.[2] ?? '21')).toEqual(
      Array.from({ length: 22 }, (_, index) => String(index + 1)),
    );
    const milestones = (await storedAlerts(database.db, 'big')).map(({ kind, title, message }) => ({
      kind,
      title,
      message,
    }));
    expect(milestones).toEqual([
      {
        kind: 'off_zero',
        title: 'Every player has scored',
        message: "Late Signing scored for Arsenal: you're on 6 of 21, and all 4 of your players have scored.",
      },
      {
        kind: 'hit_21',
        title: 'Exactly 21!',
        message: "Late Signing scored for Arsenal: you're on exactly 21!",
      },
      {
        kind: 'bust',
        title: 'Bust!',
        message: "Bukayo Saka scored for Arsenal: you're on 22, over 21. Your team is bust.",
      },
    ]);
    expect(await storedAlerts(database.db, 'quiet')).toEqual([]);

    // Corrections follow the preference: the bust taken away reaches both, a plain goal only "every".
    await syncGoals(
      database.db,
      [
        { code: WELBECK, fixtureId: 101, kickoffAt: '2025-08-29T12:00:00Z', goals: 2 },
        { code: SAKA, fixtureId: 102, kickoffAt: '2025-08-29T15:00:00Z', goals: 1 },
        { code: NEWCOMER, fixtureId: 103, kickoffAt: '2025-08-30T12:00:00Z', goals: 1 },
        { code: SIGNING, fixtureId: 104, kickoffAt: '2025-08-30T14:00:00Z', goals: 16 },
      ],
      [105],
    );
    await run(new Date('2025-08-30T17:05:00Z'));
    expect((await storedAlerts(database.db, 'every')).slice(22).map((alert) => alert.message)).toEqual([
      "A goal by Danny Welbeck for Brighton was taken away: you're back on 20 of 21",
      "A goal by Bukayo Saka for Arsenal was taken away: you're back on 20 of 21",
    ]);
    expect((await storedAlerts(database.db, 'big')).slice(3).map((alert) => alert.message)).toEqual([
      "A goal by Bukayo Saka for Arsenal was taken away: you're back on 20 of 21",
    ]);
  });

  it('records goals older than 48 hours at first sight without alerting them', async () => {
    await addPicker(database.db, 'fan', [SAKA, WELBECK, NEWCOMER, RAYA]);
    await syncGoals(database.db, [
      SAKA_GOAL,
      { code: WELBECK, fixtureId: 12, kickoffAt: '2025-08-17T16:30:00Z', goals: 2 },
    ]);
    expect(await run(new Date('2025-08-18T15:00:00Z'))).toMatchObject({ silent: 1, goals: 2 });
    expect((await storedAlerts(database.db)).map((alert) => alert.message)).toEqual([
      "Danny Welbeck scored for Brighton: you're on 2 of 21",
      "Danny Welbeck scored for Brighton: you're on 3 of 21",
    ]);
    expect(await storedMarks(database.db)).toEqual([
      { code: SAKA, fixtureId: 11, goals: 1, pendingGoal: null },
      { code: WELBECK, fixtureId: 12, goals: 2, pendingGoal: null },
    ]);
  });

  it('forgets silently a goal whose kick-off the clock went back before, and alerts it when passed again', async () => {
    await addPicker(database.db, 'fan', [SAKA, WELBECK, NEWCOMER, RAYA]);
    await syncGoals(database.db, [SAKA_GOAL]);
    await run(AFTER_SAKA);
    expect(await run(new Date('2025-08-16T12:00:00Z'))).toMatchObject({ silent: 1, notifications: 0 });
    expect(await storedMarks(database.db)).toEqual([]);
    expect(await storedAlerts(database.db)).toHaveLength(1);
    expect(await run(AFTER_SAKA)).toMatchObject({ notifications: 1 });
  });

  it('alerts each picker once when two runs go at once', async () => {
    const pickers = Array.from({ length: 9 }, (_, index) => `fan-${index}`);
    for (const id of pickers) await addPicker(database.db, id, [SAKA, WELBECK]);
    await addPicker(database.db, 'other', [WELBECK]);
    await syncGoals(database.db, [{ ...SAKA_GOAL, goals: 2 }]);
    await Promise.all([run(AFTER_SAKA, { batchSize: 2 }), run(AFTER_SAKA, { batchSize: 2 })]);
    const alerts = await storedAlerts(database.db);
    expect(alerts).toHaveLength(18);
    expect(new Set(alerts.map((alert) => `${alert.userId}:${alert.message}`)).size).toBe(18);
    expect(alerts.some((alert) => alert.userId === 'other')).toBe(false);
  });

  it('resumes a fan-out cut off between batches without repeating or skipping anyone', async () => {
    const pickers = Array.from({ length: 7 }, (_, index) => `fan-${index}`);
    for (const id of pickers) await addPicker(database.db, id, [SAKA]);
    await syncGoals(database.db, [SAKA_GOAL]);
    const cutOff = runGoalAlerts({
      db: database.db,
      seasonId: SEASON_ID,
      now: AFTER_SAKA,
      batchSize: 3,
      afterStep(_goal, step) {
        if (step.status === 'batch') throw new Error('the instance went away');
      },
    });
    await expect(cutOff).rejects.toThrow('the instance went away');
    expect(await storedAlerts(database.db)).toHaveLength(3);
    expect(await storedMarks(database.db)).toEqual([{ code: SAKA, fixtureId: 11, goals: 0, pendingGoal: 1 }]);

    expect(await run(AFTER_SAKA, { batchSize: 3 })).toMatchObject({ goals: 1, notifications: 4, batches: 2 });
    expect((await storedAlerts(database.db)).map((alert) => alert.userId).sort()).toEqual(pickers);
    expect(await storedMarks(database.db)).toEqual([
      { code: SAKA, fixtureId: 11, goals: 1, pendingGoal: null },
    ]);
  });
});
