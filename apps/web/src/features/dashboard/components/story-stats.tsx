import { GOAL_TARGET, type SeasonStory } from '@hit21/core';
import type { ReactNode } from 'react';

/** Current Goals, Goals Needed and Weeks Left under the chart. */
export function StoryStats({
  story,
}: {
  story: Pick<SeasonStory, 'currentGoals' | 'goalsNeeded' | 'weeksLeft'>;
}) {
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-3">
      <StatTile label="Current Goals" suffix={`/ ${GOAL_TARGET}`}>
        {story.currentGoals}
      </StatTile>
      <StatTile label="Goals Needed">
        {story.goalsNeeded === null ? (
          // 21 is out of reach (over it, or full time): no number of goals is needed any more.
          <>
            <span aria-hidden="true">–</span>
            <span className="sr-only">None</span>
          </>
        ) : (
          story.goalsNeeded
        )}
      </StatTile>
      <StatTile label="Weeks Left">{story.weeksLeft}</StatTile>
    </dl>
  );
}

function StatTile({ label, suffix, children }: { label: string; suffix?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 rounded-xl bg-felt-50 px-3 py-3 ring-1 ring-felt-100 sm:px-4">
      <dt className="font-display font-medium text-[0.6875rem] text-muted uppercase leading-tight tracking-wider sm:text-xs">
        {label}
      </dt>
      <dd className="flex items-baseline gap-1">
        <span className="numeric font-bold text-3xl text-felt-900 leading-none">{children}</span>
        {suffix ? <span className="numeric text-muted text-sm">{suffix}</span> : null}
      </dd>
    </div>
  );
}
