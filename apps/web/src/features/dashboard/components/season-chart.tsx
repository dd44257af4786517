import { GOAL_TARGET, type GoalDot, type SeasonStory, type StoryGameweek } from '@hit21/core';
import { ChevronLeft, ChevronRight, TriangleAlert } from 'lucide-react';
import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatGoalDate } from '../lib/format-goal-date.ts';
import { goalDotLabel, goalDotWarning } from '../lib/goal-dot-copy.ts';
import { PICK_COLOURS, pickColour } from '../lib/pick-colours.ts';

// The plot's height in CSS; every row is an equal share of it.
const PLOT_HEIGHT = 'h-72 sm:h-80';
const COLUMN_WIDTH = 'w-7 sm:w-9';

type ChartStory = Pick<SeasonStory, 'gameweeks' | 'chartRows' | 'hasSeasonStarted' | 'currentGameweek'>;

export interface SeasonChartProps {
  story: ChartStory;
  /** Names the chart for assistive technology (the panel's heading). */
  labelledBy: string;
}

/**
 * The season story: 38 gameweek columns, each goal a dot at the height of the squad's running
 * total after it, over the gold 21 line and the red danger zone above it. Scrolls sideways,
 * opening on the current week; the dots are one tab stop, the arrow keys move between them.
 */
export function SeasonChart({ story, labelledBy }: SeasonChartProps) {
  const scrollerRef = useRef<HTMLElement>(null);
  const currentColumnRef = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(scrollerRef);
  const dots = story.gameweeks.flatMap((gameweek) => gameweek.dots);
  const roving = useRovingDots(dots.length);
  const hintId = `${labelledBy}-hint`;

  // The current week in view on arrival, without an animation.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const column = currentColumnRef.current;
    if (!scroller || !column) return;
    const offset = column.getBoundingClientRect().left - scroller.getBoundingClientRect().left;
    scroller.scrollLeft += offset - (scroller.clientWidth - column.clientWidth) / 2;
  }, []);

  function scrollByPage(direction: -1 | 1) {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    scroller.scrollBy({
      left: direction * scroller.clientWidth * 0.75,
      behavior: reduceMotion ? 'auto' : 'smooth',
    });
  }

  let dotIndex = 0;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <ChartLegend />
        <div className="flex shrink-0 gap-2">
          <Button
            variant="secondary"
            size="icon"
            aria-label="Earlier gameweeks"
            disabled={!edges.canScrollBack}
            onClick={() => scrollByPage(-1)}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button
            variant="secondary"
            size="icon"
            aria-label="Later gameweeks"
            disabled={!edges.canScrollForward}
            onClick={() => scrollByPage(1)}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>

      <p id={hintId} className="sr-only">
        Each dot is one goal, drawn in its gameweek at the height of your running total.
        {dots.length > 0 ? ' Use the arrow keys to move from goal to goal.' : ''}
      </p>
      <div className="relative">
        <figure
          ref={scrollerRef}
          aria-labelledby={labelledBy}
          aria-describedby={hintId}
          // With no dot to focus, the region itself takes focus so the keyboard can scroll it.
          tabIndex={dots.length === 0 ? 0 : undefined}
          data-testid="season-chart"
          className="overflow-x-auto overscroll-x-contain rounded-xl bg-white ring-1 ring-line"
        >
          <div className="relative flex w-max pt-9 pr-3">
            <YAxis rows={story.chartRows} />
            <div className="relative">
              <TargetLayers
                rows={story.chartRows}
                // The label sits at the end away from the current week's highlight, which it would run into.
                labelSide={story.currentGameweek > story.gameweeks.length / 2 ? 'start' : 'end'}
              />
              <ol aria-label="Gameweeks" className="relative flex gap-0.5">
                {story.gameweeks.map((gameweek) => {
                  const firstDotIndex = dotIndex;
                  dotIndex += gameweek.dots.length;
                  return (
                    <GameweekColumn
                      key={gameweek.week}
                      gameweek={gameweek}
                      rows={story.chartRows}
                      columnRef={gameweek.isCurrent ? currentColumnRef : undefined}
                      renderDot={(dot, index) => (
                        <GoalDotButton
                          key={`${dot.runningTotal}`}
                          dot={dot}
                          rows={story.chartRows}
                          tabIndex={roving.tabIndexOf(firstDotIndex + index)}
                          buttonRef={roving.refFor(firstDotIndex + index)}
                          onFocus={() => roving.setActive(firstDotIndex + index)}
                          onKeyDown={(event) => roving.onKeyDown(event, firstDotIndex + index)}
                        />
                      )}
                    />
                  );
                })}
              </ol>
            </div>
          </div>
        </figure>
        {!story.hasSeasonStarted ? (
          <p className="pointer-events-none absolute inset-x-6 top-1/3 mx-auto w-fit max-w-[calc(100%-3rem)] rounded-xl bg-white/95 px-4 py-3 text-center font-display text-felt-900 uppercase tracking-wide shadow-md ring-1 ring-line">
            Goals appear here from gameweek 1
          </p>
        ) : null}
      </div>
    </div>
  );
}

function ChartLegend() {
  return (
    <ul aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-muted text-xs">
      <li className="flex items-center gap-1.5">
        <span className="flex -space-x-0.5">
          {PICK_COLOURS.map((colour) => (
            <span
              key={colour}
              className="size-2.5 rounded-full ring-1 ring-white"
              style={{ backgroundColor: colour }}
            />
          ))}
        </span>
        One goal per dot
      </li>
      <li className="flex items-center gap-1.5">
        <span className="h-0.5 w-4 bg-gold-500" />
        21 Goal Target
      </li>
      <li className="flex items-center gap-1.5">
        <span className="size-2.5 rounded-sm bg-bust-500/25 ring-1 ring-bust-500/50" />
        Danger zone
      </li>
    </ul>
  );
}

function rowBottom(row: number, rows: number): string {
  return `${(Math.min(row, rows) / rows) * 100}%`;
}

/** Goal counts up the side, kept in view while the columns scroll. */
function YAxis({ rows }: { rows: number }) {
  const ticks: number[] = [];
  for (let tick = 5; tick <= rows; tick += 5) {
    // 20 would sit on top of the 21 line's label.
    if (tick !== 20) ticks.push(tick);
  }
  return (
    <div aria-hidden="true" className="sticky left-0 z-30 flex w-9 shrink-0 flex-col bg-white">
      <div className={cn('relative', PLOT_HEIGHT)}>
        {ticks.map((tick) => (
          <span
            key={tick}
            className="numeric absolute right-1.5 translate-y-1/2 text-[0.6875rem] text-muted"
            style={{ bottom: rowBottom(tick, rows) }}
          >
            {tick}
          </span>
        ))}
        <span
          className="numeric absolute right-1 translate-y-1/2 rounded bg-gold-400 px-1 font-bold text-[0.6875rem] text-felt-950"
          style={{ bottom: rowBottom(GOAL_TARGET, rows) }}
        >
          {GOAL_TARGET}
        </span>
      </div>
      <span className="flex h-7 items-center justify-end pr-1.5 font-display text-[0.6875rem] text-muted uppercase">
        GW
      </span>
    </div>
  );
}

/** The danger zone above 21 behind the columns, and the gold target line over the bars but under the dots. */
function TargetLayers({ rows, labelSide }: { rows: number; labelSide: 'start' | 'end' }) {
  return (
    <div aria-hidden="true" className={cn('pointer-events-none absolute inset-x-0 top-0', PLOT_HEIGHT)}>
      <div
        className={cn(
          'absolute inset-x-0 top-0 flex bg-bust-500/10',
          labelSide === 'end' ? 'justify-end' : 'justify-start',
        )}
        style={{ bottom: rowBottom(GOAL_TARGET, rows) }}
      >
        {/* Kept in view while the columns scroll (clear of the sticky axis), below the dots. */}
        <span
          data-testid="danger-zone-label"
          className={cn(
            'sticky z-10 mt-1 self-start rounded bg-bust-100 px-1 font-display font-semibold text-[0.6875rem] text-bust-700 uppercase tracking-wider',
            labelSide === 'end' ? 'right-2 mr-2' : 'left-11 ml-2',
          )}
        >
          Danger zone
        </span>
      </div>
      <div
        className="absolute inset-x-0 z-10 h-0 border-gold-500 border-t-2"
        style={{ bottom: rowBottom(GOAL_TARGET, rows) }}
      >
        <span className="sticky left-11 ml-1 inline-block -translate-y-full rounded-t bg-gold-400 px-1.5 font-display font-semibold text-[0.6875rem] text-felt-950 uppercase tracking-wider">
          21 Goal Target
        </span>
      </div>
    </div>
  );
}

function GameweekColumn({
  gameweek,
  rows,
  columnRef,
  renderDot,
}: {
  gameweek: StoryGameweek;
  rows: number;
  columnRef?: RefObject<HTMLDivElement | null>;
  renderDot: (dot: GoalDot, index: number) => ReactNode;
}) {
  const totalBefore = gameweek.totalAfter - gameweek.dots.length;
  const goals = gameweek.dots.length;
  return (
    <li
      aria-label={`Gameweek ${gameweek.week}: ${goals} ${goals === 1 ? 'goal' : 'goals'}${gameweek.isCurrent ? ', the current week' : ''}`}
      className={cn('flex flex-col', COLUMN_WIDTH)}
    >
      <div
        ref={columnRef}
        data-testid={gameweek.isCurrent ? 'current-gameweek' : undefined}
        className={cn(
          'relative',
          PLOT_HEIGHT,
          // Translucent, so the danger zone shows through.
          gameweek.isCurrent
            ? 'bg-gold-300/25 ring-2 ring-gold-400 ring-inset'
            : gameweek.isPlayed
              ? ''
              : 'bg-stone-500/5',
        )}
      >
        {gameweek.isCurrent ? <WeekBadge week={gameweek.week} /> : null}
        {totalBefore > 0 ? (
          <span
            aria-hidden="true"
            className="absolute inset-x-2 bottom-0 rounded-t-sm bg-felt-100"
            style={{ height: rowBottom(totalBefore, rows) }}
          />
        ) : null}
        {gameweek.dots.map(renderDot)}
      </div>
      <span
        aria-hidden="true"
        className={cn(
          'numeric flex h-7 items-center justify-center text-[0.6875rem]',
          gameweek.isCurrent ? 'font-bold text-felt-900' : 'text-muted',
        )}
      >
        {gameweek.week}
      </span>
    </li>
  );
}

function WeekBadge({ week }: { week: number }) {
  // Kept inside the chart at either end of the season.
  const placement = week <= 2 ? 'left-0' : week >= 37 ? 'right-0' : 'left-1/2 -translate-x-1/2';
  return (
    <span
      data-testid="week-badge"
      className={cn(
        'absolute -top-8 z-10 whitespace-nowrap rounded-full bg-felt-900 px-2.5 py-1 font-display font-semibold text-white text-xs uppercase tracking-wider shadow',
        placement,
      )}
    >
      Week {week}
    </span>
  );
}

function GoalDotButton({
  dot,
  rows,
  tabIndex,
  buttonRef,
  onFocus,
  onKeyDown,
}: {
  dot: GoalDot;
  rows: number;
  tabIndex: number;
  buttonRef: (element: HTMLButtonElement | null) => void;
  onFocus: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
}) {
  return (
    <Tooltip content={<GoalTooltip dot={dot} />}>
      <button
        ref={buttonRef}
        type="button"
        tabIndex={tabIndex}
        aria-label={goalDotLabel(dot)}
        data-testid="goal-dot"
        onFocus={onFocus}
        onKeyDown={onKeyDown}
        className="absolute inset-x-0 z-20 flex cursor-pointer items-center justify-center rounded-full"
        // Beyond the top row (over 45 goals) the dots stay on it rather than leave the chart.
        style={{ bottom: rowBottom(Math.min(dot.runningTotal, rows) - 1, rows), height: `${100 / rows}%` }}
      >
        <span
          className={cn(
            'aspect-square h-[85%] max-h-4 rounded-full',
            dot.isDangerZone ? 'ring-2 ring-bust-700 ring-offset-1' : 'ring-1 ring-white',
          )}
          style={{ backgroundColor: pickColour(dot.pickIndex) }}
        />
      </button>
    </Tooltip>
  );
}

function GoalTooltip({ dot }: { dot: GoalDot }) {
  const warning = goalDotWarning(dot);
  return (
    <div className="flex flex-col gap-0.5">
      <p className="font-display font-semibold uppercase tracking-wide">{dot.playerName}</p>
      <p className="text-felt-100 text-xs">
        {formatGoalDate(dot.kickoffAt)} · Week {dot.gameweek}
      </p>
      <p>
        Running total:{' '}
        <span className="numeric font-semibold">
          {dot.runningTotal} / {GOAL_TARGET}
        </span>
      </p>
      {warning ? (
        <p
          className={cn(
            'mt-1 flex items-start gap-1.5 font-medium',
            dot.isDangerZone ? 'text-red-300' : 'text-gold-300',
          )}
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {warning}
        </p>
      ) : null}
    </div>
  );
}

/** Whether the chart can scroll further back or forward, kept up to date. */
function useScrollEdges(scrollerRef: RefObject<HTMLElement | null>) {
  const [edges, setEdges] = useState({ canScrollBack: false, canScrollForward: false });
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const update = () =>
      setEdges({
        canScrollBack: scroller.scrollLeft > 1,
        canScrollForward: scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1,
      });
    update();
    scroller.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [scrollerRef]);
  return edges;
}

/** One tab stop for all the dots (the latest goal first); arrows, Home and End move between them. */
function useRovingDots(count: number) {
  const [active, setActive] = useState(count - 1);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.min(Math.max(active, 0), count - 1);

  const refFor = useCallback(
    (index: number) => (element: HTMLButtonElement | null) => {
      buttons.current[index] = element;
    },
    [],
  );

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const targets: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowUp: index + 1,
      ArrowLeft: index - 1,
      ArrowDown: index - 1,
      Home: 0,
      End: count - 1,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = Math.min(Math.max(target, 0), count - 1);
    setActive(next);
    buttons.current[next]?.focus();
    buttons.current[next]?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }

  return {
    tabIndexOf: (index: number) => (index === current ? 0 : -1),
    refFor,
    setActive,
    onKeyDown,
  };
}
