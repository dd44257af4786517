import type { PlayerBreakdownEntry } from '@hit21/core';
import { describe, expect, it } from 'vitest';
import { joinNames, statusBannerCopy } from './status-banner-copy.ts';

function breakdown(goals: Record<string, number>): PlayerBreakdownEntry[] {
  return Object.entries(goals).map(([playerName, count], pickIndex) => ({
    playerId: playerName.toLowerCase(),
    pickIndex,
    playerName,
    goals: count,
  }));
}

const running = { hasSeasonStarted: true, isSeasonOver: false };
const KICK_OFF = 'Fri 15 Aug 2025';

describe('statusBannerCopy', () => {
  it('waits for kick-off before the picks lock, naming gameweek 1 and its date', () => {
    const copy = statusBannerCopy(
      {
        banner: 'going_bust',
        currentGoals: 0,
        hasSeasonStarted: false,
        isSeasonOver: false,
        breakdown: breakdown({ Haaland: 0, Saka: 0, Watkins: 0, Palmer: 0 }),
      },
      KICK_OFF,
    );
    expect(copy.tone).toBe('waiting');
    expect(copy.message).toBe(
      'Your count starts at kick-off on Fri 15 Aug 2025, gameweek 1. Until all 4 of your players have scored, you are Going Bust.',
    );
  });

  it('names the players still to score when going bust', () => {
    const copy = statusBannerCopy(
      {
        ...running,
        banner: 'going_bust',
        currentGoals: 9,
        breakdown: breakdown({ Haaland: 9, Saka: 0, Watkins: 0, Palmer: 0 }),
      },
      KICK_OFF,
    );
    expect(copy).toMatchObject({ tone: 'warning', title: 'Going Bust' });
    expect(copy.message).toMatch(/^Saka, Watkins and Palmer still need a goal\./);
  });

  it('counts the goals to 21 when safe, and the goals over it when bust', () => {
    const safe = statusBannerCopy(
      {
        ...running,
        banner: 'safe',
        currentGoals: 17,
        breakdown: breakdown({ A: 5, B: 4, C: 4, D: 4 }),
      },
      KICK_OFF,
    );
    expect(safe).toMatchObject({ tone: 'safe', title: 'Safe' });
    expect(safe.message).toContain(
      'you are on 17: 4 more goals to hit 21 exactly, and one past that is bust',
    );
    const bust = statusBannerCopy(
      {
        ...running,
        banner: 'bust',
        currentGoals: 24,
        breakdown: breakdown({ A: 9, B: 9, C: 6, D: 0 }),
      },
      KICK_OFF,
    );
    expect(bust).toMatchObject({ tone: 'bust', title: 'Bust' });
    expect(bust.message).toContain('24 goals between them, 3 over 21');
  });

  it('celebrates exactly 21', () => {
    const copy = statusBannerCopy(
      {
        ...running,
        banner: 'optimal',
        currentGoals: 21,
        breakdown: breakdown({ A: 9, B: 4, C: 5, D: 3 }),
      },
      KICK_OFF,
    );
    expect(copy).toMatchObject({ tone: 'optimal', title: 'Optimal' });
    expect(copy.message).toContain('now you need them to stop scoring');
  });

  it('stops asking an optimal team to hold on once the season is over', () => {
    const copy = statusBannerCopy(
      {
        hasSeasonStarted: true,
        isSeasonOver: true,
        banner: 'optimal',
        currentGoals: 21,
        breakdown: breakdown({ A: 9, B: 4, C: 5, D: 3 }),
      },
      KICK_OFF,
    );
    expect(copy).toMatchObject({ tone: 'optimal', title: 'Optimal' });
    expect(copy.message).toBe(
      'Full time: you finished on exactly 21 with all 4 players on the scoresheet. Perfect.',
    );
  });

  it('gives the full-time verdicts once the season is over', () => {
    const over = { hasSeasonStarted: true, isSeasonOver: true };
    const unscored = statusBannerCopy(
      {
        ...over,
        banner: 'final_bust',
        currentGoals: 15,
        breakdown: breakdown({ A: 10, B: 5, C: 0, D: 0 }),
      },
      KICK_OFF,
    );
    expect(unscored).toMatchObject({ tone: 'bust', title: 'Bust' });
    expect(unscored.message).toBe('Full time: C and D never scored, so your team finished bust on 15 goals.');
    const overTarget = statusBannerCopy(
      {
        ...over,
        banner: 'final_bust',
        currentGoals: 30,
        breakdown: breakdown({ A: 10, B: 10, C: 5, D: 5 }),
      },
      KICK_OFF,
    );
    expect(overTarget.message).toBe('Full time: your team finished on 30 goals, over 21.');
    const safe = statusBannerCopy(
      {
        ...over,
        banner: 'safe',
        currentGoals: 19,
        breakdown: breakdown({ A: 10, B: 5, C: 2, D: 2 }),
      },
      KICK_OFF,
    );
    expect(safe.message).toBe(
      'Full time: you finished on 19 goals with all 4 players on the scoresheet, 2 short of 21.',
    );
  });
});

describe('joinNames', () => {
  it.each([
    [[], ''],
    [['Saka'], 'Saka'],
    [['Saka', 'Rice'], 'Saka and Rice'],
    [['Saka', 'Rice', 'Ødegaard'], 'Saka, Rice and Ødegaard'],
  ])('%o reads "%s"', (names, text) => {
    expect(joinNames(names)).toBe(text);
  });
});
