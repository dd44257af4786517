import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, selectRows } from '../../../../src/db/database.ts';
import {
  buildNextBoardIndex,
  INDEX_BUILD_MEMORY,
  listStandingsIndexes,
  nextBoardIndexBuilds,
} from '../../../../src/plugins/app/standings/rebuilding/next-board-indexes-repository.ts';
import { createTestDatabase, engines } from '../../../support/test-database.ts';

const ENGINES = engines('both', 'index builds differ per engine');

describe.each(ENGINES)("a rebuild's index builds on %s", (engine) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.close();
  });

  it('builds every stored index on the new tables, the longest first', async () => {
    const indexes = await listStandingsIndexes(database.db);
    const builds = nextBoardIndexBuilds(indexes);
    expect(builds).toHaveLength(indexes.length);
    for (const index of indexes) {
      const build = builds.find((item) => item.statement.includes(` INDEX ${index.indexname}_next ON `));
      expect(build?.statement).toMatch(new RegExp(` ON (\\S+\\.)?${index.tablename}_next USING `));
    }
    const methods = builds.map((build) => build.method);
    const firstBtree = methods.indexOf('btree');
    // The league standings' trigram index; the board's name search has its own, never rebuilt.
    expect(methods.slice(0, firstBtree)).toEqual(['gin']);
    expect(methods.slice(firstBtree).every((method) => method === 'btree')).toBe(true);
    expect(builds[0]?.statement).toContain('league_standings_name_search_index_next ON');
    const boardBtrees = builds
      .map((build) => build.statement.match(/ INDEX (\w+)_next ON (?:\S+\.)?standings_next USING btree/)?.[1])
      .filter((name) => name !== undefined);
    // The longer keys first (their sorts take longer), the one in row order last.
    expect(boardBtrees.slice(0, 2).toSorted()).toEqual([
      'standings_club_order_index',
      'standings_country_order_index',
    ]);
    expect(boardBtrees.slice(2, 4).toSorted()).toEqual(['standings_name_index', 'standings_user_index']);
    expect(boardBtrees.slice(4)).toEqual(['standings_order_index']);
    // The board's b-trees that sort anew come before any smaller table's.
    const lastSortedBoardBuild = Math.max(
      ...['standings_user_index_next', 'standings_name_index_next'].map((name) =>
        builds.findIndex((build) => build.statement.includes(name)),
      ),
    );
    const firstOtherBtree = builds.findIndex(
      (build) => build.method === 'btree' && !/ ON (\S+\.)?standings_next /.test(build.statement),
    );
    expect(lastSortedBoardBuild).toBeLessThan(firstOtherBtree);
  });

  it('runs each index build, b-tree or trigram, in 4 MB of memory', async () => {
    const memory = await database.db.transaction(async (tx) => {
      await buildNextBoardIndex(
        tx,
        "select set_config('hit21.seen_memory', current_setting('maintenance_work_mem'), true)",
      );
      const [row] = await selectRows<{ memory: string }>(
        tx,
        sql`select current_setting('hit21.seen_memory') as memory`,
      );
      return row?.memory;
    });
    expect(memory).toBe(INDEX_BUILD_MEMORY);
    expect(INDEX_BUILD_MEMORY).toBe('4MB');
  });
});
