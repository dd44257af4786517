import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../../src/db/database.ts';
import { prepareDatabase } from '../../../../src/db/prepare-database.ts';
import { runStatsSync } from '../../../../src/plugins/app/stats-sync/run-stats-sync.ts';
import { readFplCsvWorld } from '../../../fixtures/fpl-api/fpl-api-from-csv.ts';
import { createTestDatabase, engines } from '../../../support/test-database.ts';
import { type Answer, type Answers, startFplApiServer } from './fpl-api-server.ts';
import { committedFacts, resetToSeasonStart, storedGoals } from './sync-test-database.ts';

const ENGINES = engines('both', 'goal writes on a connection of its own');

const SHARED_SEASON_DIR = fileURLToPath(
  new URL('../../../../../../../shared/data/fpl/2025-26', import.meta.url),
);
const hasSharedData = existsSync(path.join(SHARED_SEASON_DIR, 'fixtures.csv'));
const ALL_WEEKS = Array.from({ length: 38 }, (_, index) => index + 1);

// Optional, when ../shared is beside the repository: the whole real season served as the FPL API.
describe.runIf(hasSharedData).each(ENGINES)(
  'the goals sync over the whole 2025/26 season on %s',
  (engine) => {
    let database: DatabaseHandle;
    let api: Awaited<ReturnType<typeof startFplApiServer>>;

    beforeAll(async () => {
      const world = await readFplCsvWorld(SHARED_SEASON_DIR, { throughGameweek: 38 });
      const answers: Answers = new Map<string, Answer>([
        ['bootstrap-static/', { json: world.bootstrap(38) }],
        ['fixtures/', { json: world.fixtures(38) }],
        ...ALL_WEEKS.map((week) => [`event/${week}/live/`, { json: world.live(week) }] as const),
      ]);
      api = await startFplApiServer(() => answers);
      database = await createTestDatabase(engine, { migrate: false });
    });
    afterAll(async () => {
      await api.close();
      await database.close();
    });

    it('finds nothing to change in the committed facts the CSV importer made of the same season', async () => {
      await prepareDatabase(database);
      const before = await storedGoals(database.db);

      const result = await runStatsSync({ database, source: api.baseUrl });

      expect(result).toEqual({
        status: 'ok',
        summary: {
          goalsAdded: 0,
          goalsChanged: 0,
          goalsRemoved: 0,
          playersAdded: 0,
          transfers: 0,
          gameweeks: ALL_WEEKS,
        },
      });
      expect(before).toHaveLength(912);
      expect(await storedGoals(database.db)).toEqual(before);
    });

    it('brings an empty season to every goal of it: 841 players, 912 player-match rows, 1,005 goals', async () => {
      await resetToSeasonStart(database.db);

      const result = await runStatsSync({ database, source: api.baseUrl });

      expect(result).toMatchObject({ status: 'ok', summary: { goalsAdded: 912, playersAdded: 841 } });
      const goals = await storedGoals(database.db);
      expect(goals.reduce((sum, goal) => sum + goal.goals, 0)).toBe(1005);
      const committed = (await committedFacts()).goals;
      const key = (goal: (typeof goals)[number]) => JSON.stringify(goal);
      expect(new Set(goals.map(key))).toEqual(new Set(committed.map(key)));
    });
  },
);
