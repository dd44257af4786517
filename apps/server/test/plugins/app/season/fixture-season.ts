import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SeasonConfig } from '@hit21/core';

/** A three-gameweek season in the FPL format, small enough to reason about by hand. */
export const FIXTURE_FPL_DIR = fileURLToPath(new URL('../../../fixtures/fpl', import.meta.url));

export const fixtureSeason: SeasonConfig = {
  id: '2025-26',
  name: '2025/26',
  competition: 'Premier League',
  pickDeadline: '2025-08-15T17:30:00Z',
  launchAt: '2025-08-08T19:00:00Z',
  gameweeks: [
    { week: 1, date: '2025-08-15' },
    { week: 2, date: '2025-08-22' },
    { week: 3, date: '2025-08-30' },
  ],
};

export function fixtureSource(root = FIXTURE_FPL_DIR) {
  return {
    seasonDir: path.join(root, '2025-26'),
    previousSeasonDir: path.join(root, '2024-25'),
    season: fixtureSeason,
  };
}

/** A writable copy of the fixture folder, for tests that break a file. */
export async function copyFixtureFolder(): Promise<string> {
  const target = await mkdtemp(path.join(tmpdir(), 'hit21-fpl-'));
  await cp(FIXTURE_FPL_DIR, target, { recursive: true });
  return target;
}
