import { describe, expect, it } from 'vitest';
import { currentGameweek, isDeadlinePassed, isSeasonOver, seasonStateAt, weeksLeft } from './calendar.ts';
import { type SeasonConfig, seasonConfigSchema } from './season.schemas.ts';

// The 2025/26 calendar as the specification tables it; the tests walk every boundary of it.
const DATES = [
  '2025-08-15',
  '2025-08-22',
  '2025-08-30',
  '2025-09-13',
  '2025-09-20',
  '2025-09-27',
  '2025-10-03',
  '2025-10-18',
  '2025-10-24',
  '2025-11-01',
  '2025-11-08',
  '2025-11-22',
  '2025-11-29',
  '2025-12-03',
  '2025-12-06',
  '2025-12-13',
  '2025-12-20',
  '2025-12-27',
  '2025-12-30',
  '2026-01-03',
  '2026-01-07',
  '2026-01-17',
  '2026-01-24',
  '2026-01-31',
  '2026-02-07',
  '2026-02-11',
  '2026-02-21',
  '2026-02-28',
  '2026-03-04',
  '2026-03-14',
  '2026-03-21',
  '2026-04-11',
  '2026-04-18',
  '2026-04-25',
  '2026-05-02',
  '2026-05-09',
  '2026-05-17',
  '2026-05-24',
];
const season: SeasonConfig = {
  id: '2025-26',
  name: '2025/26',
  competition: 'Premier League',
  pickDeadline: '2025-08-15T17:30:00Z',
  launchAt: '2025-08-08T19:00:00Z',
  gameweeks: DATES.map((date, index) => ({ week: index + 1, date })),
};
const at = (iso: string) => new Date(iso);

describe('currentGameweek', () => {
  it('is 1 before the season starts', () => {
    expect(currentGameweek(season.gameweeks, at('2025-07-01T00:00:00Z'))).toBe(1);
    expect(currentGameweek(season.gameweeks, at('2025-08-14T23:59:59.999Z'))).toBe(1);
  });

  it.each(season.gameweeks.slice(1))('turns to week $week at the start of $date (UTC)', ({ week, date }) => {
    const start = Date.parse(`${date}T00:00:00Z`);
    expect(currentGameweek(season.gameweeks, new Date(start - 1))).toBe(week - 1);
    expect(currentGameweek(season.gameweeks, new Date(start))).toBe(week);
  });

  it('stays at 38 after the season', () => {
    expect(currentGameweek(season.gameweeks, at('2026-08-01T00:00:00Z'))).toBe(38);
  });
});

describe('isSeasonOver and weeksLeft', () => {
  it('counts every week until the picks lock at gameweek 1, as none has been played', () => {
    const first = season.gameweeks[0]?.date ?? '';
    expect(weeksLeft(season, at('2025-08-01T00:00:00Z'))).toBe(38);
    // On gameweek 1's date, before its kick-off, gameweek 1 is current but still to play.
    expect(weeksLeft(season, at(`${first}T00:00:00Z`))).toBe(38);
    expect(weeksLeft(season, new Date(Date.parse(season.pickDeadline) - 1))).toBe(38);
    expect(weeksLeft(season, at(season.pickDeadline))).toBe(37);
  });

  it('counts the weeks still to come after the current one', () => {
    expect(weeksLeft(season, at('2026-01-03T12:00:00Z'))).toBe(18);
    expect(weeksLeft(season, at('2026-05-24T15:00:00Z'))).toBe(0);
  });

  it('ends the season once the day after the week-38 date begins', () => {
    expect(isSeasonOver(season.gameweeks, at('2026-05-24T23:59:59.999Z'))).toBe(false);
    expect(isSeasonOver(season.gameweeks, at('2026-05-25T00:00:00Z'))).toBe(true);
    expect(weeksLeft(season, at('2026-05-25T00:00:00Z'))).toBe(0);
  });

  it('is never over for an empty calendar', () => {
    expect(isSeasonOver([], at('2030-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('isDeadlinePassed', () => {
  it('locks picks at the deadline itself', () => {
    expect(isDeadlinePassed(season.pickDeadline, at('2025-08-15T17:29:59.999Z'))).toBe(false);
    expect(isDeadlinePassed(season.pickDeadline, at('2025-08-15T17:30:00Z'))).toBe(true);
  });
});

describe('seasonStateAt', () => {
  it('describes the season at a moment', () => {
    const state = seasonStateAt(season, at('2025-11-25T10:00:00Z'));
    expect(state).toMatchObject({
      id: '2025-26',
      now: '2025-11-25T10:00:00.000Z',
      currentGameweek: 12,
      weeksLeft: 26,
      isDeadlinePassed: true,
      isSeasonOver: false,
    });
  });
});

describe('seasonConfigSchema', () => {
  it('accepts the 2025/26 season', () => {
    expect(seasonConfigSchema.safeParse(season).success).toBe(true);
  });

  it('refuses weeks out of order or dates that do not increase', () => {
    const swapped = { ...season, gameweeks: [season.gameweeks[1], season.gameweeks[0]] };
    const result = seasonConfigSchema.safeParse(swapped);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(
      expect.arrayContaining(['Expected week 1', 'Expected week 2', 'Dates must increase']),
    );
  });

  it('refuses a deadline without a time zone', () => {
    expect(seasonConfigSchema.safeParse({ ...season, pickDeadline: '2025-08-15 17:30' }).success).toBe(false);
  });
});
