import { describe, expect, it } from 'vitest';
import {
  buildSeasonStory,
  type SeasonStoryInput,
  type SquadGoal,
  seasonChartRows,
  squadGoalsSchema,
} from './season-story.ts';

const GAMEWEEKS = Array.from({ length: 38 }, (_, index) => ({
  week: index + 1,
  date: new Date(Date.UTC(2025, 7, 15 + index * 7)).toISOString().slice(0, 10),
}));

const PICKS = [
  { playerId: 'haaland', name: 'Erling Haaland' },
  { playerId: 'saka', name: 'Bukayo Saka' },
  { playerId: 'watkins', name: 'Ollie Watkins' },
  { playerId: 'semenyo', name: 'Antoine Semenyo' },
];

let fixtureId = 0;
function goal(playerId: string, gameweek: number, kickoffAt: string, goals = 1): SquadGoal {
  fixtureId += 1;
  return { playerId, fixtureId, gameweek, kickoffAt, goals, clubCode: 'MCI' };
}

function season(overrides: Partial<SeasonStoryInput['season']> = {}): SeasonStoryInput['season'] {
  return {
    gameweeks: GAMEWEEKS,
    currentGameweek: 10,
    weeksLeft: 28,
    isDeadlinePassed: true,
    isSeasonOver: false,
    ...overrides,
  };
}

describe('seasonChartRows', () => {
  it.each([
    [0, 25],
    [20, 25],
    [21, 26],
    [30, 35],
    [45, 50],
    [70, 50],
  ])('a total of %i gives %i rows', (total, rows) => {
    expect(seasonChartRows(total)).toBe(rows);
  });
});

describe('buildSeasonStory', () => {
  it('puts one dot per goal in its gameweek at the running total, in kick-off order', () => {
    const story = buildSeasonStory({
      picks: PICKS,
      // Deliberately out of order: the story sorts by kick-off.
      goals: [
        goal('saka', 2, '2025-08-23T14:00:00.000Z'),
        goal('haaland', 1, '2025-08-16T16:30:00.000Z', 2),
        goal('watkins', 2, '2025-08-23T14:00:00.000Z'),
        goal('semenyo', 2, '2025-08-24T13:00:00.000Z'),
      ],
      season: season(),
    });

    expect(story.gameweeks).toHaveLength(38);
    expect(story.gameweeks[0]?.dots.map((dot) => [dot.playerName, dot.runningTotal, dot.kickoffAt])).toEqual([
      ['Erling Haaland', 1, '2025-08-16T16:30:00.000Z'],
      ['Erling Haaland', 2, '2025-08-16T16:30:00.000Z'],
    ]);
    // Saka and Watkins kicked off together: slot order settles it.
    expect(story.gameweeks[1]?.dots.map((dot) => [dot.playerName, dot.runningTotal])).toEqual([
      ['Bukayo Saka', 3],
      ['Ollie Watkins', 4],
      ['Antoine Semenyo', 5],
    ]);
    expect(story.gameweeks[1]?.dots[0]).toMatchObject({
      playerName: 'Bukayo Saka',
      pickIndex: 1,
      gameweek: 2,
    });
    expect(story.gameweeks.slice(2).every((gameweek) => gameweek.dots.length === 0)).toBe(true);
    expect(story.gameweeks.map((gameweek) => gameweek.totalAfter).slice(0, 12)).toEqual([
      2, 5, 5, 5, 5, 5, 5, 5, 5, 5, 0, 0,
    ]);
    expect(story).toMatchObject({ currentGoals: 5, goalsNeeded: 16, chartRows: 25, banner: 'safe' });
  });

  it('marks the current gameweek and the weeks played', () => {
    const story = buildSeasonStory({ picks: PICKS, goals: [], season: season({ currentGameweek: 20 }) });
    expect(story.gameweeks.filter((gameweek) => gameweek.isCurrent).map((gameweek) => gameweek.week)).toEqual(
      [20],
    );
    expect(story.gameweeks.filter((gameweek) => gameweek.isPlayed)).toHaveLength(20);
    expect(story.currentGameweek).toBe(20);
  });

  it('flags the close-to-21 warning from 18 and the danger zone above 21', () => {
    const story = buildSeasonStory({
      picks: PICKS,
      goals: [
        goal('haaland', 3, '2025-08-30T14:00:00.000Z', 10),
        goal('saka', 4, '2025-09-13T14:00:00.000Z', 5),
        goal('watkins', 5, '2025-09-20T14:00:00.000Z', 4),
        goal('semenyo', 6, '2025-09-27T14:00:00.000Z', 4),
      ],
      season: season(),
    });
    const dots = story.gameweeks.flatMap((gameweek) => gameweek.dots);
    expect(dots).toHaveLength(23);
    expect(dots.filter((dot) => dot.isCloseToTarget).map((dot) => dot.runningTotal)).toEqual([
      18, 19, 20, 21, 22, 23,
    ]);
    expect(dots.filter((dot) => dot.isDangerZone).map((dot) => dot.runningTotal)).toEqual([22, 23]);
    // Over 21 no number of goals brings the squad back: nothing is "needed".
    expect(story).toMatchObject({ currentGoals: 23, goalsNeeded: null, chartRows: 28, banner: 'bust' });
  });

  it('says going bust while a pick has not scored, and final bust once the season is over', () => {
    const goals = [
      goal('haaland', 1, '2025-08-16T16:30:00.000Z', 3),
      goal('saka', 1, '2025-08-17T14:00:00.000Z'),
    ];
    expect(buildSeasonStory({ picks: PICKS, goals, season: season() }).banner).toBe('going_bust');
    const over = buildSeasonStory({
      picks: PICKS,
      goals,
      season: season({ currentGameweek: 38, weeksLeft: 0, isSeasonOver: true }),
    });
    expect(over.banner).toBe('final_bust');
    expect(over.weeksLeft).toBe(0);
    // At full time a bust squad under 21 needs no more goals: none can count any more.
    expect(over).toMatchObject({ currentGoals: 4, goalsNeeded: null });
  });

  it('is optimal at exactly 21 with all four scoring, and stays safe at full time', () => {
    const goals = [
      goal('haaland', 1, '2025-08-16T16:30:00.000Z', 9),
      goal('saka', 2, '2025-08-23T14:00:00.000Z', 4),
      goal('watkins', 3, '2025-08-30T14:00:00.000Z', 5),
      goal('semenyo', 4, '2025-09-13T14:00:00.000Z', 3),
    ];
    expect(buildSeasonStory({ picks: PICKS, goals, season: season() }).banner).toBe('optimal');
    const safeAtFullTime = buildSeasonStory({
      picks: PICKS,
      goals: goals.slice(1).concat(goal('haaland', 5, '2025-09-20T14:00:00.000Z', 2)),
      season: season({ currentGameweek: 38, weeksLeft: 0, isSeasonOver: true }),
    });
    expect(safeAtFullTime).toMatchObject({ currentGoals: 14, banner: 'safe', goalsNeeded: null });
    const optimalAtFullTime = buildSeasonStory({
      picks: PICKS,
      goals,
      season: season({ currentGameweek: 38, weeksLeft: 0, isSeasonOver: true }),
    });
    expect(optimalAtFullTime).toMatchObject({ banner: 'optimal', isSeasonOver: true, goalsNeeded: null });
  });

  it('projects the total over 38 weeks from the current week, to one decimal', () => {
    const goals = [goal('haaland', 1, '2025-08-16T16:30:00.000Z', 7)];
    expect(
      buildSeasonStory({ picks: PICKS, goals, season: season({ currentGameweek: 12 }) }).projectedGoals,
    ).toBe(22.2);
  });

  it('breaks the goals down by display name, most first, the players still to score last', () => {
    const story = buildSeasonStory({
      picks: PICKS,
      goals: [
        goal('watkins', 1, '2025-08-16T14:00:00.000Z', 2),
        goal('saka', 1, '2025-08-16T14:00:00.000Z', 2),
        goal('haaland', 2, '2025-08-23T14:00:00.000Z', 5),
        // Not a pick (an old squad's player): ignored.
        goal('someone-else', 2, '2025-08-23T14:00:00.000Z', 3),
      ],
      season: season(),
    });
    expect(story.breakdown.map((entry) => [entry.playerName, entry.goals, entry.pickIndex])).toEqual([
      ['Erling Haaland', 5, 0],
      ['Bukayo Saka', 2, 1],
      ['Ollie Watkins', 2, 2],
      ['Antoine Semenyo', 0, 3],
    ]);
    expect(story.currentGoals).toBe(9);
  });

  it('tells nothing before the picks lock: no week played, no current week, all 38 to play', () => {
    const story = buildSeasonStory({
      picks: PICKS,
      goals: [],
      // On gameweek 1's date before its kick-off the calendar already counts it as current.
      season: season({ currentGameweek: 1, weeksLeft: 38, isDeadlinePassed: false }),
    });
    expect(story.weeksLeft).toBe(38);
    expect(story.hasSeasonStarted).toBe(false);
    expect(story.gameweeks.some((gameweek) => gameweek.isPlayed || gameweek.isCurrent)).toBe(false);
    expect(story).toMatchObject({
      currentGoals: 0,
      goalsNeeded: 21,
      projectedGoals: 0,
      banner: 'going_bust',
    });
  });

  it('caps the chart at 50 rows however many goals there are', () => {
    const goals = PICKS.map((pick, index) =>
      goal(pick.playerId, index + 1, `2025-0${index + 1}-01T12:00:00.000Z`, 15),
    );
    const story = buildSeasonStory({ picks: PICKS, goals, season: season() });
    expect(story.currentGoals).toBe(60);
    expect(story.chartRows).toBe(50);
  });
});

describe('squadGoalsSchema', () => {
  it('accepts the endpoint answer and refuses a goal row without goals', () => {
    const row = goal('haaland', 1, '2025-08-16T16:30:00.000Z');
    expect(squadGoalsSchema.parse({ goals: [row] })).toEqual({ goals: [row] });
    expect(squadGoalsSchema.safeParse({ goals: [{ ...row, goals: 0 }] }).success).toBe(false);
    expect(squadGoalsSchema.safeParse({ goals: [{ ...row, kickoffAt: 'yesterday' }] }).success).toBe(false);
  });
});
