import { listPlayersQuerySchema } from '@hit21/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../../src/db/database.ts';
import { listCatalogPlayers } from '../../../../src/plugins/app/squads/player-catalog-repository.ts';
import { runStatsSync } from '../../../../src/plugins/app/stats-sync/run-stats-sync.ts';
import { createTestDatabase, engines } from '../../../support/test-database.ts';
import { type Answers, jsonOf, recordedAnswers, startFplApiServer } from './fpl-api-server.ts';
import {
  CODES,
  committedGoals,
  playerOf,
  resetToSeasonStart,
  storedGoals,
  storedState,
  syncRuns,
} from './sync-test-database.ts';

const ENGINES = engines('both', 'goal writes on a connection of its own');

type Fixture = { id: number; stats: { identifier: string; a: Entry[]; h: Entry[] }[] };
type Entry = { element: number; value: number };
type Live = {
  elements: {
    id: number;
    stats: { goals_scored: number };
    explain: { fixture: number; stats: { identifier: string; value: number }[] }[];
  }[];
};

const ELEMENT = { semenyo: 82, haaland: 430 };
const SIX = Object.values(CODES);

/** Sets an element's goals in a fixture in both the live answer and the fixture stats, as a correction does. */
function correctGoals(answers: Answers, gameweek: number, fixtureId: number, element: number, goals: number) {
  const live = jsonOf<Live>(answers, `event/${gameweek}/live/`).elements.find(
    (entry) => entry.id === element,
  );
  const explain = live?.explain.find((entry) => entry.fixture === fixtureId);
  const stat = explain?.stats.find((entry) => entry.identifier === 'goals_scored');
  if (!live || !stat) throw new Error(`element ${element} did not score in fixture ${fixtureId}`);
  live.stats.goals_scored += goals - stat.value;
  stat.value = goals;
  const fixture = jsonOf<Fixture[]>(answers, 'fixtures/').find((entry) => entry.id === fixtureId);
  const scorers = fixture?.stats.find((entry) => entry.identifier === 'goals_scored');
  if (!scorers) throw new Error(`fixture ${fixtureId} has no scorers`);
  for (const side of ['h', 'a'] as const) {
    scorers[side] = scorers[side].flatMap((entry) =>
      entry.element !== element ? [entry] : goals === 0 ? [] : [{ element, value: goals }],
    );
  }
}

describe.each(ENGINES)('the goals sync from the FPL API on %s', (engine) => {
  let database: DatabaseHandle;
  let answers: Answers;
  let api: Awaited<ReturnType<typeof startFplApiServer>>;
  const sync = (options: { fetchTimeoutMs?: number } = {}) =>
    runStatsSync({ database, source: api.baseUrl, ...options });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    api = await startFplApiServer(() => answers);
  });
  afterAll(async () => {
    await api.close();
    await database.close();
  });
  beforeEach(async () => {
    await resetToSeasonStart(database.db);
    answers = await recordedAnswers('after-gw3');
    api.requests.length = 0;
  });

  it('records every goal with its gameweek, kick-off and club, and adds the players it sees', async () => {
    const result = await sync();

    expect(result).toEqual({
      status: 'ok',
      summary: {
        goalsAdded: 3,
        goalsChanged: 0,
        goalsRemoved: 0,
        playersAdded: 4,
        transfers: 0,
        gameweeks: [1, 2, 3],
      },
    });
    expect(api.requests).toEqual([
      'bootstrap-static/',
      'fixtures/',
      'event/1/live/',
      'event/2/live/',
      'event/3/live/',
    ]);
    expect(await storedGoals(database.db)).toEqual([
      {
        fplCode: CODES.semenyo,
        fixtureId: 1,
        gameweek: 1,
        kickoffAt: '2025-08-15T19:00:00.000Z',
        goals: 2,
        clubCode: 'BOU',
      },
      {
        fplCode: CODES.haaland,
        fixtureId: 7,
        gameweek: 1,
        kickoffAt: '2025-08-16T16:30:00.000Z',
        goals: 2,
        clubCode: 'MCI',
      },
      {
        fplCode: CODES.haaland,
        fixtureId: 22,
        gameweek: 3,
        kickoffAt: '2025-08-31T13:00:00.000Z',
        goals: 1,
        clubCode: 'MCI',
      },
    ]);
    // The same goals as the CSV importer made of the same matches.
    expect(await storedGoals(database.db)).toEqual(await committedGoals(SIX, 3));
    // Adli came into the game in gameweek 2; an API player is new to us, so 0 last-season goals.
    expect(await playerOf(database.db, CODES.adli)).toMatchObject({
      first_gameweek: 2,
      last_season_goals: 0,
      spells: [[2, 'BOU']],
    });
    expect(await playerOf(database.db, CODES.alleyne)).toBeUndefined();

    const [run] = await syncRuns(database.db);
    expect(run).toMatchObject({
      source: api.baseUrl,
      status: 'ok',
      error: null,
      summary: result.status === 'ok' ? result.summary : {},
    });
    expect(run?.finishedAt).toBeInstanceOf(Date);
  });

  it('never counts twice: a second run changes nothing', async () => {
    await sync();
    const once = await storedState(database.db);

    const again = await sync();

    expect(again).toEqual({
      status: 'ok',
      summary: {
        goalsAdded: 0,
        goalsChanged: 0,
        goalsRemoved: 0,
        playersAdded: 0,
        transfers: 0,
        gameweeks: [1, 2, 3],
      },
    });
    expect(await storedState(database.db)).toEqual(once);
  });

  it('applies corrections: a goal lowered and a goal taken away', async () => {
    await sync();
    correctGoals(answers, 1, 7, ELEMENT.haaland, 1);
    correctGoals(answers, 1, 1, ELEMENT.semenyo, 0);

    const result = await sync();

    expect(result).toMatchObject({
      status: 'ok',
      summary: { goalsAdded: 0, goalsChanged: 1, goalsRemoved: 1 },
    });
    expect(
      (await storedGoals(database.db)).map((goal) => [goal.fplCode, goal.fixtureId, goal.goals]),
    ).toEqual([
      [CODES.haaland, 7, 1],
      [CODES.haaland, 22, 1],
    ]);
  });

  it('follows the season: a transfer adds a club spell, mid-season players appear from their first gameweek, old goals still count', async () => {
    await sync();
    answers = await recordedAnswers('after-gw22');

    const result = await sync();

    expect(result).toMatchObject({
      status: 'ok',
      summary: { goalsChanged: 0, goalsRemoved: 0, playersAdded: 2, transfers: 1 },
    });
    expect(await storedGoals(database.db)).toEqual(await committedGoals(SIX, 22));
    expect((await playerOf(database.db, CODES.semenyo))?.spells).toEqual([
      [1, 'BOU'],
      [22, 'MCI'],
    ]);
    expect(await playerOf(database.db, CODES.alleyne)).toMatchObject({
      first_gameweek: 21,
      spells: [[21, 'MCI']],
    });
    // Stevens sat on the bench in gameweek 22 (in no stats list): his club is the one he is listed with.
    expect(await playerOf(database.db, CODES.stevens)).toMatchObject({
      first_gameweek: 22,
      spells: [[22, 'BOU']],
    });

    // The catalogue follows the clock: his club at each gameweek, his goals whichever club scored them.
    const catalogueAt = async (now: string, gameweek: number) =>
      (
        await listCatalogPlayers(database.db, {
          seasonId: '2025-26',
          now: new Date(now),
          gameweek,
          query: listPlayersQuerySchema.parse({ pageSize: 50 }),
          isUnscoredOnly: false,
        })
      ).players.map((player) => `${player.webName} ${player.clubCode} ${player.goals}`);
    expect(await catalogueAt('2026-01-10T12:00:00Z', 21)).toEqual(
      // By full name: Amine Adli, Antoine Semenyo, Erling Haaland, Junior Kroupi, Max Alleyne.
      ['Adli BOU 1', 'Semenyo BOU 10', 'Haaland MCI 20', 'Kroupi.Jr BOU 7', 'Alleyne MCI 0'],
    );
    expect(await catalogueAt('2026-01-20T12:00:00Z', 22)).toContain('Semenyo MCI 10');
    expect(await catalogueAt('2026-01-20T12:00:00Z', 22)).toContain('Stevens BOU 0');
  });

  describe('a feed that fails leaves every stored goal as it was and names the URL', () => {
    const cases: {
      name: string;
      breakFeed: (answers: Answers, base: string) => void | Promise<void>;
      message: (base: string) => string;
    }[] = [
      {
        name: 'a server error',
        breakFeed: (broken) => void broken.set('fixtures/', { status: 500, text: '{"detail":"down"}' }),
        message: (base) => `${base}fixtures/: answered HTTP 500 Internal Server Error`,
      },
      {
        name: 'an answer that is not JSON',
        breakFeed: (broken) =>
          void broken.set('bootstrap-static/', { text: '<html>The game is being updated.</html>' }),
        message: (base) => `${base}bootstrap-static/: answered with something that is not JSON`,
      },
      {
        name: 'an answer in the wrong shape',
        breakFeed: (broken) => {
          const live = jsonOf<Live>(broken, 'event/2/live/');
          (live.elements[0] as unknown as { id: string }).id = 'eighty-two';
        },
        message: (base) =>
          `${base}event/2/live/: answered in an unexpected shape (elements.0.id: Invalid input: expected number, received string)`,
      },
      {
        name: 'a failure half-way, after the first gameweeks were fine',
        breakFeed: (broken) =>
          void broken.set('event/21/live/', { status: 503, text: 'Service Unavailable' }),
        message: (base) => `${base}event/21/live/: answered HTTP 503 Service Unavailable`,
      },
      {
        name: 'live stats and fixture stats that disagree',
        breakFeed: (broken) => {
          const fixture = jsonOf<Fixture[]>(broken, 'fixtures/').find((entry) => entry.id === 7);
          const scorers = fixture?.stats.find((entry) => entry.identifier === 'goals_scored');
          if (scorers) scorers.a = [{ element: ELEMENT.haaland, value: 3 }];
        },
        message: (base) =>
          `${base}fixtures/ and ${base}event/1/live/: disagree on fixture 7: element 430 scored 3 by the fixture stats and 2 by the live stats`,
      },
    ];

    it.each(cases)('$name', async ({ breakFeed, message }) => {
      await sync();
      const before = await storedState(database.db);
      answers = await recordedAnswers('after-gw22');
      await breakFeed(answers, api.baseUrl);

      const result = await sync();

      expect(result.status).toBe('failed');
      expect(result.status === 'failed' && result.error).toContain(message(api.baseUrl));
      expect(await storedState(database.db)).toEqual(before);
      const runs = await syncRuns(database.db);
      expect(runs.map((run) => run.status)).toEqual(['ok', 'failed']);
      expect(runs[1]?.error).toContain(message(api.baseUrl));
    });

    it('the half-way failure came after earlier gameweeks had been read', async () => {
      answers = await recordedAnswers('after-gw22');
      answers.set('event/3/live/', { status: 500, text: '' });
      const result = await sync();
      expect(result).toMatchObject({
        status: 'failed',
        error: `${api.baseUrl}event/3/live/: answered HTTP 500 Internal Server Error`,
      });
      expect(api.requests.slice(0, 5)).toEqual([
        'bootstrap-static/',
        'fixtures/',
        'event/1/live/',
        'event/2/live/',
        'event/3/live/',
      ]);
      expect(await storedGoals(database.db)).toEqual([]);
    });

    it('a server that does not answer in time', async () => {
      answers.set('bootstrap-static/', { hang: true });
      const result = await sync({ fetchTimeoutMs: 200 });
      expect(result).toEqual({
        status: 'failed',
        error: `${api.baseUrl}bootstrap-static/: did not answer within 0.2 s`,
      });
    });

    it('a server that is down', async () => {
      const gone = await startFplApiServer(() => answers);
      await gone.close();
      const result = await runStatsSync({ database, source: gone.baseUrl });
      expect(result).toEqual({
        status: 'failed',
        error: `${gone.baseUrl}bootstrap-static/: could not be reached (ECONNREFUSED)`,
      });
      expect(await storedGoals(database.db)).toEqual([]);
    });
  });

  it('two syncs at once: one applies, the other is skipped and says so', async () => {
    const results = await Promise.all([sync(), sync()]);

    expect(results.map((result) => result.status).sort()).toEqual(['ok', 'skipped']);
    expect(results.find((result) => result.status === 'skipped')).toEqual({
      status: 'skipped',
      reason: 'another goals sync is running',
    });
    expect(await storedGoals(database.db)).toEqual(await committedGoals(SIX, 3));
    expect((await syncRuns(database.db)).map((run) => run.status).sort()).toEqual(['ok', 'skipped']);
  });
});
