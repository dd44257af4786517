import { GOAL_TARGET, type SeasonStory } from '@hit21/core';

export type BannerTone = 'waiting' | 'safe' | 'warning' | 'bust' | 'optimal';

export interface BannerCopy {
  tone: BannerTone;
  /** The status word of the game rules (Safe, Going Bust, Bust), or Optimal. */
  title: string;
  message: string;
}

type BannerStory = Pick<
  SeasonStory,
  'banner' | 'currentGoals' | 'hasSeasonStarted' | 'isSeasonOver' | 'breakdown'
>;

/** "Saka", "Saka and Watkins", "Saka, Watkins and Palmer". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function goalsWord(count: number): string {
  return count === 1 ? 'goal' : 'goals';
}

/** The banner under the season story: the squad's status in a fan's words. */
export function statusBannerCopy(story: BannerStory, firstKickoffDate: string): BannerCopy {
  const total = story.currentGoals;
  const unscored = story.breakdown.filter((entry) => entry.goals === 0).map((entry) => entry.playerName);

  if (!story.hasSeasonStarted) {
    return {
      tone: 'waiting',
      title: 'Waiting for kick-off',
      message: `Your count starts at kick-off on ${firstKickoffDate}, gameweek 1. Until all 4 of your players have scored, you are Going Bust.`,
    };
  }

  switch (story.banner) {
    case 'optimal':
      return {
        tone: 'optimal',
        title: 'Optimal',
        message: story.isSeasonOver
          ? 'Full time: you finished on exactly 21 with all 4 players on the scoresheet. Perfect.'
          : 'Exactly 21 with all 4 players on the scoresheet. Perfect: now you need them to stop scoring.',
      };
    case 'safe':
      return {
        tone: 'safe',
        title: 'Safe',
        message: story.isSeasonOver
          ? `Full time: you finished on ${total} ${goalsWord(total)} with all 4 players on the scoresheet, ${GOAL_TARGET - total} short of 21.`
          : `All 4 of your players have scored and you are on ${total}: ${GOAL_TARGET - total} more ${goalsWord(GOAL_TARGET - total)} to hit 21 exactly, and one past that is bust.`,
      };
    case 'going_bust':
      return {
        tone: 'warning',
        title: 'Going Bust',
        message: `${joinNames(unscored)} ${unscored.length === 1 ? 'still needs' : 'still need'} a goal. Every player must score before the season ends, or you are bust.`,
      };
    case 'bust':
      return {
        tone: 'bust',
        title: 'Bust',
        message: `Your players have scored ${total} goals between them, ${total - GOAL_TARGET} over 21. Your team is out of the running this season.`,
      };
    case 'final_bust':
      return {
        tone: 'bust',
        title: 'Bust',
        message:
          total > GOAL_TARGET
            ? `Full time: your team finished on ${total} goals, over 21.`
            : `Full time: ${joinNames(unscored)} never scored, so your team finished bust on ${total} ${goalsWord(total)}.`,
      };
  }
}
