import type { SeasonStory } from '@hit21/core';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { statusBannerCopy } from '../lib/status-banner-copy.ts';
import { PlayerBreakdown } from './player-breakdown.tsx';
import { SeasonChart } from './season-chart.tsx';
import { StatusBanner } from './status-banner.tsx';
import { StoryStats } from './story-stats.tsx';

export interface SeasonStoryPanelProps {
  story: SeasonStory;
  /** Gameweek 1's date, en-GB, for the story before kick-off. */
  firstGameweekDate: string;
  className?: string;
}

/** SEASON STORY: the chart of every goal, the three numbers, the status banner and the breakdown. */
export function SeasonStoryPanel({ story, firstGameweekDate, className }: SeasonStoryPanelProps) {
  const headingId = useId();
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle id={headingId}>Season Story</CardTitle>
        <CardDescription>
          Every goal your players score, gameweek by gameweek, as your count climbs towards 21.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <SeasonChart story={story} labelledBy={headingId} />
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="flex flex-col gap-4">
            <StoryStats story={story} />
            <StatusBanner copy={statusBannerCopy(story, firstGameweekDate)} />
          </div>
          <PlayerBreakdown entries={story.breakdown} />
        </div>
      </CardContent>
    </Card>
  );
}
