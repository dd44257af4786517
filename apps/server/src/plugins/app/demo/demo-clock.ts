import { readFileSync, statSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SeasonConfig } from '@hit21/core';
import { z } from 'zod';
import type { Clock } from '../../../config/clock.ts';
import type { Config } from '../../../config/env.ts';

/*
 * The demo clock lets a newcomer play the 2025/26 season on the embedded database: it starts
 * before the pick deadline and `npm run demo -- --gameweek N` moves it to just after gameweek
 * N. It lives in a small file in DATA_DIR, so the command can move it while the server runs
 * (the embedded database admits only one process) and the server sees the move at once.
 */

export const DEMO_CLOCK_FILE_NAME = 'demo-clock.json';

const demoClockSettingSchema = z.object({ now: z.iso.datetime({ offset: true }), label: z.string() });
export type DemoClockSetting = z.infer<typeof demoClockSettingSchema>;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Long enough for the last match of a gameweek to finish. */
const AFTER_LAST_KICKOFF_MS = 2 * HOUR_MS;

export function demoClockFile(config: Pick<Config, 'DATA_DIR'>): string {
  return path.join(config.DATA_DIR, DEMO_CLOCK_FILE_NAME);
}

/** On by request, or by default for `npm start` on the embedded database (never in production). */
export function isDemoClockEnabled(
  config: Pick<Config, 'DEMO_CLOCK' | 'NODE_ENV' | 'DATABASE_URL' | 'CLOCK_NOW'>,
): boolean {
  if (config.DEMO_CLOCK !== 'auto') return config.DEMO_CLOCK === 'on';
  return config.NODE_ENV === 'development' && !config.DATABASE_URL && !config.CLOCK_NOW;
}

/**
 * A clock that reads the demo setting from `file`, re-reading it only when the file changes.
 * Until the file exists (or while it is unreadable) it falls back to `fallback`.
 */
export function createDemoClock(file: string, fallback: Clock): Clock {
  let seen: { key: string; now: number } | undefined;
  return () => {
    try {
      const stats = statSync(file);
      const key = `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
      if (seen?.key !== key) {
        const setting = demoClockSettingSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
        seen = { key, now: Date.parse(setting.now) };
      }
      return new Date(seen.now);
    } catch {
      return fallback();
    }
  };
}

export function readDemoClock(file: string): DemoClockSetting | undefined {
  try {
    return demoClockSettingSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return undefined;
  }
}

/** Replaces the setting in one step (write, then rename), so the server never reads half a file. */
export async function writeDemoClock(file: string, setting: DemoClockSetting): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(setting, null, 2)}\n`);
  await rename(temporary, file);
}

/** Where a fresh demo starts: a day before the pick deadline, so a squad can still be picked. */
export function demoStart(season: Pick<SeasonConfig, 'pickDeadline'>): DemoClockSetting {
  return {
    now: new Date(Date.parse(season.pickDeadline) - DAY_MS).toISOString(),
    label: 'a day before the pick deadline',
  };
}

export interface MatchKickoff {
  gameweek: number;
  kickoffAt: string;
}

/**
 * Just after gameweek `week`: two hours after its last kick-off, still before anything of a
 * later gameweek has kicked off and before the next gameweek's date, so exactly the goals of
 * gameweeks 1..week have been scored. After the last gameweek the season is over.
 */
export function instantAfterGameweek(
  season: Pick<SeasonConfig, 'gameweeks'>,
  kickoffs: readonly MatchKickoff[],
  week: number,
): Date {
  const gameweek = season.gameweeks.find((candidate) => candidate.week === week);
  if (!gameweek) throw new RangeError(`Gameweek ${week} is not in the season (1-${season.gameweeks.length})`);
  const startOfDay = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`);

  const next = season.gameweeks.find((candidate) => candidate.week === week + 1);
  if (!next) return new Date(startOfDay(gameweek.date) + DAY_MS + 12 * HOUR_MS);

  const times = (predicate: (kickoff: MatchKickoff) => boolean) =>
    kickoffs.filter(predicate).map((kickoff) => Date.parse(kickoff.kickoffAt));
  const lastOfWeek = Math.max(startOfDay(gameweek.date) + 12 * HOUR_MS, ...times((k) => k.gameweek === week));
  const firstLater = Math.min(startOfDay(next.date), ...times((k) => k.gameweek > week));
  return new Date(Math.min(lastOfWeek + AFTER_LAST_KICKOFF_MS, firstLater - 60_000));
}

export function demoAfterGameweek(
  season: Pick<SeasonConfig, 'gameweeks'>,
  kickoffs: readonly MatchKickoff[],
  week: number,
): DemoClockSetting {
  const isLast = week === season.gameweeks.length;
  return {
    now: instantAfterGameweek(season, kickoffs, week).toISOString(),
    label: isLast ? `after gameweek ${week}: the season is over` : `after gameweek ${week}`,
  };
}
