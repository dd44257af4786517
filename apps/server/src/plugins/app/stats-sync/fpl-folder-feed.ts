import path from 'node:path';
import type { SeasonConfig } from '@hit21/core';
import { z } from 'zod';
import { ImportError } from '../season/import-error.ts';
import { readCsvRows } from '../season/read-csv.ts';
import { fileExists, previousSeasonId, readFplSeason } from '../season/read-fpl-season.ts';
import { FeedError, type GoalFeed } from './goal-feed.ts';

const fixtureColumnSchema = z.object({ fixture: z.coerce.number().int() });

/**
 * Reads goals from a folder in the FPL CSV format (as ../shared/data/fpl: one sub-folder per
 * season; the season's own folder works too) with the season importer. Each gameweek file
 * present covers every fixture it lists; a bad file throws a FeedError naming it and its line.
 */
export async function readFplFolderFeed(folder: string, season: SeasonConfig): Promise<GoalFeed> {
  const seasonDir = (await fileExists(path.join(folder, 'teams.csv')))
    ? folder
    : path.join(folder, season.id);
  const previousSeasonDir = path.join(path.dirname(seasonDir), previousSeasonId(season.id));
  const root = path.dirname(seasonDir);
  try {
    const facts = await readFplSeason({
      seasonDir,
      previousSeasonDir: (await fileExists(path.join(previousSeasonDir, 'players_raw.csv')))
        ? previousSeasonDir
        : undefined,
      season,
    });
    const gameweeks: number[] = [];
    const coveredFixtureIds = new Set<number>();
    for (const { week } of season.gameweeks) {
      const file = path.join(seasonDir, 'gws', `gw${week}.csv`);
      if (!(await fileExists(file))) continue;
      gameweeks.push(week);
      for (const { row } of await readCsvRows(file, fixtureColumnSchema, root))
        coveredFixtureIds.add(row.fixture);
    }
    return {
      players: facts.players,
      goals: facts.goals,
      gameweeks,
      coveredFixtureIds: [...coveredFixtureIds],
    };
  } catch (error) {
    if (error instanceof ImportError) throw new FeedError(root, error.message);
    throw error;
  }
}
