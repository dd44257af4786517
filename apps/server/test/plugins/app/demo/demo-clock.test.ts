import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { currentGameweek, isDeadlinePassed, isSeasonOver } from '@hit21/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '../../../../src/config/env.ts';
import {
  createDemoClock,
  demoAfterGameweek,
  demoStart,
  instantAfterGameweek,
  isDemoClockEnabled,
  writeDemoClock,
} from '../../../../src/plugins/app/demo/demo-clock.ts';
import { readBundledSeasonFacts } from '../../../../src/plugins/app/season/bundled-seasons.ts';
import type { SeasonFacts } from '../../../../src/plugins/app/season/season-facts.schemas.ts';

const run = promisify(execFile);

let facts: SeasonFacts;
beforeAll(async () => {
  const bundled = await readBundledSeasonFacts();
  const season = bundled.find((candidate) => candidate.season.id === '2025-26');
  if (!season) throw new Error('The committed 2025/26 season is missing');
  facts = season;
});

describe('just after a gameweek', () => {
  it('has exactly the goals of gameweeks 1..N scored, and N is the current gameweek, for every N', () => {
    const { gameweeks } = facts.season;
    for (const { week } of gameweeks.slice(0, -1)) {
      const instant = instantAfterGameweek(facts.season, facts.goals, week);
      expect(currentGameweek(gameweeks, instant), `gameweek ${week}`).toBe(week);
      expect(isSeasonOver(gameweeks, instant)).toBe(false);
      const scored = facts.goals.filter((goal) => Date.parse(goal.kickoffAt) <= instant.getTime());
      const expected = facts.goals.filter((goal) => goal.gameweek <= week);
      expect(scored.length, `goal rows by gameweek ${week}`).toBe(expected.length);
      expect(scored.every((goal) => goal.gameweek <= week)).toBe(true);
    }
  });

  it('after the last gameweek the season is over with every goal scored', () => {
    const instant = instantAfterGameweek(facts.season, facts.goals, 38);
    expect(isSeasonOver(facts.season.gameweeks, instant)).toBe(true);
    expect(facts.goals.every((goal) => Date.parse(goal.kickoffAt) <= instant.getTime())).toBe(true);
    expect(demoAfterGameweek(facts.season, facts.goals, 38).label).toBe(
      'after gameweek 38: the season is over',
    );
  });

  it('refuses a gameweek outside the season', () => {
    expect(() => instantAfterGameweek(facts.season, facts.goals, 39)).toThrow(/not in the season/);
  });

  it('starts a fresh demo before the pick deadline', () => {
    const start = new Date(demoStart(facts.season).now);
    expect(isDeadlinePassed(facts.season.pickDeadline, start)).toBe(false);
    expect(start.toISOString()).toBe('2025-08-14T17:30:00.000Z');
  });
});

describe('the demo clock file', () => {
  let directory: string;
  afterEach(async () => {
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('falls back until the file exists, then follows every change at once', async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'hit21-demo-'));
    const file = path.join(directory, 'demo-clock.json');
    const clock = createDemoClock(file, () => new Date('2030-01-01T00:00:00Z'));
    expect(clock().toISOString()).toBe('2030-01-01T00:00:00.000Z');

    await writeDemoClock(file, { now: '2025-08-14T17:30:00.000Z', label: 'start' });
    expect(clock().toISOString()).toBe('2025-08-14T17:30:00.000Z');
    await writeDemoClock(file, { now: '2026-01-04T19:30:00.000Z', label: 'after gameweek 20' });
    expect(clock().toISOString()).toBe('2026-01-04T19:30:00.000Z');

    await writeFile(file, 'not json');
    expect(clock().toISOString()).toBe('2030-01-01T00:00:00.000Z');
  });

  it('is on by default only for a development server on the embedded database', () => {
    const base = {
      DEMO_CLOCK: 'auto',
      NODE_ENV: 'development',
      DATABASE_URL: undefined,
      CLOCK_NOW: undefined,
    } as const;
    expect(isDemoClockEnabled(base)).toBe(true);
    expect(isDemoClockEnabled({ ...base, NODE_ENV: 'production' })).toBe(false);
    expect(isDemoClockEnabled({ ...base, NODE_ENV: 'test' })).toBe(false);
    expect(isDemoClockEnabled({ ...base, DATABASE_URL: 'postgres://localhost/hit21' })).toBe(false);
    expect(isDemoClockEnabled({ ...base, CLOCK_NOW: '2025-09-01T00:00:00Z' })).toBe(false);
    expect(isDemoClockEnabled({ ...base, NODE_ENV: 'test', DEMO_CLOCK: 'on' })).toBe(true);
    expect(isDemoClockEnabled({ ...base, DEMO_CLOCK: 'off' })).toBe(false);
  });
});

describe('npm run demo', () => {
  let dataDir: string;
  afterEach(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const demo = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'apps/server/src/scripts/demo.ts', ...args], {
      cwd: REPOSITORY_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development' },
    });

  it('moves the clock to just after a gameweek and back to the start', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'hit21-demo-cli-'));
    const moved = await demo('--gameweek', '20');
    expect(moved.stdout).toContain('after gameweek 20');
    const written = JSON.parse(await readFile(path.join(dataDir, 'demo-clock.json'), 'utf8'));
    expect(written.now).toBe(instantAfterGameweek(facts.season, facts.goals, 20).toISOString());

    await demo('--start');
    const reset = JSON.parse(await readFile(path.join(dataDir, 'demo-clock.json'), 'utf8'));
    expect(reset.now).toBe('2025-08-14T17:30:00.000Z');
  });

  it('refuses a gameweek that is not in the season, changing nothing', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'hit21-demo-cli-'));
    await expect(demo('--gameweek', '40')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--gameweek must be a whole number from 1 to 38'),
    });
    await expect(readFile(path.join(dataDir, 'demo-clock.json'), 'utf8')).rejects.toThrow();
  });
});
