import {
  demoAfterGameweek,
  demoStart,
  type MatchKickoff,
  writeDemoClock,
} from '../../../server/src/plugins/app/demo/demo-clock.ts';
import { readBundledSeasonFacts } from '../../../server/src/plugins/app/season/bundled-seasons.ts';
import type { SeasonFacts } from '../../../server/src/plugins/app/season/season-facts.schemas.ts';
import { testServer } from './test-server.ts';

/*
 * The browser tests' servers run on the demo clock, a day before the pick deadline. A test
 * that needs another moment moves its own server's clock here and puts it back with
 * resetServerClock() when done (a server runs one test file at a time).
 */

let facts: Promise<SeasonFacts> | undefined;
async function season2025(): Promise<SeasonFacts> {
  facts ??= readBundledSeasonFacts().then((all) => {
    const found = all.find((candidate) => candidate.season.id === '2025-26');
    if (!found) throw new Error('The committed 2025/26 season is missing');
    return found;
  });
  return facts;
}

/** The committed season's facts (players, goals with kick-off times) to compute expectations. */
export const committedSeason = season2025;

export async function setServerClock(target: { at: string } | { afterGameweek: number }): Promise<void> {
  const { season, goals } = await season2025();
  const kickoffs: MatchKickoff[] = goals;
  const setting =
    'at' in target
      ? { now: new Date(target.at).toISOString(), label: 'set by a test' }
      : demoAfterGameweek(season, kickoffs, target.afterGameweek);
  await writeDemoClock(testServer().demoClockFile, setting);
}

/** Back to a day before the pick deadline. */
export async function resetServerClock(): Promise<void> {
  const { season } = await season2025();
  await writeDemoClock(testServer().demoClockFile, demoStart(season));
}
