import { clubListSchema, seasonStateSchema } from '@hit21/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/database.ts';
import { analyticsEvents } from '../../../src/db/schema/index.ts';
import { buildTestApp, clockAt } from '../../support/build-test-app.ts';
import { createTestDatabase, engines } from '../../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

describe.each(ENGINES)('season, clubs and analytics on %s', (engine) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(engine, { prepare: true });
  });
  afterAll(() => database.close());

  it('GET /api/season places the clock in the calendar', async () => {
    const app = await buildTestApp(database, { clock: clockAt('2026-01-05T09:00:00Z') });
    const response = await app.inject({ method: 'GET', url: '/api/season' });
    await app.close();
    expect(response.statusCode).toBe(200);
    const season = seasonStateSchema.parse(response.json());
    expect(season).toMatchObject({
      id: '2025-26',
      name: '2025/26',
      competition: 'Premier League',
      pickDeadline: '2025-08-15T17:30:00.000Z',
      now: '2026-01-05T09:00:00.000Z',
      currentGameweek: 20,
      weeksLeft: 18,
      isDeadlinePassed: true,
      isSeasonOver: false,
    });
    expect(season.gameweeks).toHaveLength(38);
  });

  it('GET /api/season before the deadline', async () => {
    const app = await buildTestApp(database, { clock: clockAt('2025-08-10T09:00:00Z') });
    const season = (await app.inject({ method: 'GET', url: '/api/season' })).json();
    await app.close();
    expect(season).toMatchObject({ currentGameweek: 1, isDeadlinePassed: false });
  });

  it('GET /api/clubs lists the 20 clubs by name with codes and colours', async () => {
    const app = await buildTestApp(database);
    const response = await app.inject({ method: 'GET', url: '/api/clubs' });
    await app.close();
    const { clubs } = clubListSchema.parse(response.json());
    expect(clubs).toHaveLength(20);
    expect(clubs[0]).toEqual({
      code: 'ARS',
      name: 'Arsenal',
      primaryColour: '#EF0107',
      secondaryColour: '#FFFFFF',
    });
    expect(clubs.map((club) => club.name)).toEqual([...clubs.map((club) => club.name)].sort());
    expect(clubs.find((club) => club.code === 'WES')?.name).toBe('West Ham');
  });

  it('POST /api/analytics/events records a page view, as JSON or as a beacon', async () => {
    const app = await buildTestApp(database);
    const json = await app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      payload: { name: 'page_view', path: '/rules' },
    });
    const beacon = await app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ name: 'page_view', path: '/leaderboard/global' }),
    });
    await app.close();
    expect([json.statusCode, beacon.statusCode]).toEqual([202, 202]);
    const events = await database.db
      .select({ name: analyticsEvents.name, path: analyticsEvents.path })
      .from(analyticsEvents);
    expect(events).toEqual([
      { name: 'page_view', path: '/rules' },
      { name: 'page_view', path: '/leaderboard/global' },
    ]);
  });

  it('GET /api/docs/json describes the API', async () => {
    const app = await buildTestApp(database);
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    await app.close();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/season', '/api/clubs', '/api/analytics/events']),
    );
  });
});

describe('GET /api/season with no season loaded', () => {
  it('answers 503 with a clear message', async () => {
    const database = await createTestDatabase('pglite');
    const app = await buildTestApp(database);
    const response = await app.inject({ method: 'GET', url: '/api/season' });
    await app.close();
    await database.close();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      code: 'UNAVAILABLE',
      reason: 'SEASON_NOT_LOADED',
      userMessage: 'The game is being set up. Please try again in a minute.',
    });
  });
});
