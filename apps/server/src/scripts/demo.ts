import { parseArgs } from 'node:util';
import { ConfigError, parseConfig } from '../config/env.ts';
import {
  type DemoClockSetting,
  demoAfterGameweek,
  demoClockFile,
  demoStart,
  isDemoClockEnabled,
  readDemoClock,
  writeDemoClock,
} from '../plugins/app/demo/demo-clock.ts';
import { readBundledSeasonFacts } from '../plugins/app/season/bundled-seasons.ts';

/*
 * npm run demo                      where the demo clock stands
 * npm run demo -- --gameweek 20     just after gameweek 20 (the dashboards show gameweeks 1..20)
 * npm run demo -- --start           back to a day before the pick deadline
 * npm run demo -- --at 2025-12-01T12:00:00Z
 * The running server picks the change up at once; no restart.
 */

const USAGE = 'Usage: npm run demo -- [--gameweek N | --start | --at <ISO instant>]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      gameweek: { type: 'string' },
      start: { type: 'boolean' },
      at: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const config = parseConfig(process.env);
  const file = demoClockFile(config);
  const facts = (await readBundledSeasonFacts()).filter(
    (candidate) => !config.SEASON_ID || candidate.season.id === config.SEASON_ID,
  );
  const latest = facts.sort((a, b) => a.season.pickDeadline.localeCompare(b.season.pickDeadline)).at(-1);
  if (!latest) {
    console.error('No committed season found in apps/server/data/seasons.');
    return 1;
  }
  const { season } = latest;

  let setting: DemoClockSetting | undefined;
  if (values.gameweek !== undefined) {
    const week = Number(values.gameweek);
    if (!Number.isInteger(week) || week < 1 || week > season.gameweeks.length) {
      console.error(`--gameweek must be a whole number from 1 to ${season.gameweeks.length}.`);
      return 1;
    }
    setting = demoAfterGameweek(season, latest.goals, week);
  } else if (values.start) {
    setting = demoStart(season);
  } else if (values.at !== undefined) {
    if (Number.isNaN(Date.parse(values.at))) {
      console.error(`--at must be an ISO instant such as 2025-12-01T12:00:00Z.\n${USAGE}`);
      return 1;
    }
    setting = { now: new Date(values.at).toISOString(), label: 'set by hand' };
  }

  if (setting) await writeDemoClock(file, setting);
  const current = setting ?? readDemoClock(file) ?? demoStart(season);
  console.log(`Demo clock (${season.name}): ${current.now}, ${current.label}.`);
  if (!setting) console.log(USAGE);
  if (!isDemoClockEnabled(config)) {
    console.log(
      'Note: with this configuration the server does not use the demo clock (set DEMO_CLOCK=on, or run `npm start` on the embedded database).',
    );
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
