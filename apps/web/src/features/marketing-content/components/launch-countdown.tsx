import { type ReactNode, useEffect, useRef } from 'react';
import { sendAnalyticsEvent } from '../../../lib/analytics.ts';
import { cn } from '../../../lib/cn.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import type { CountdownParts } from '../lib/countdown.ts';
import { ReaderDateTime } from './reader-date-time.tsx';

export interface LaunchCountdownProps {
  /** The season's launch moment (ISO); undefined while the season loads. */
  launchAt: string | undefined;
  /** Milliseconds to add to the device clock to get the server's clock. */
  clockOffsetMs?: number;
  /** What to say under the zeros once the launch has passed (it depends on the season's phase). */
  launchedNotice: ReactNode;
  className?: string;
}

const UNITS: readonly { key: keyof Omit<CountdownParts, 'isFinished'>; label: string }[] = [
  { key: 'days', label: 'Days' },
  { key: 'hours', label: 'Hours' },
  { key: 'minutes', label: 'Minutes' },
  { key: 'seconds', label: 'Seconds' },
];

/**
 * Days, hours, minutes and seconds to the launch, ticking every second. Once the launch has
 * passed it shows zeros and the launched notice (DECISIONS.md). Records `countdown_view` once.
 */
export function LaunchCountdown({
  launchAt,
  clockOffsetMs = 0,
  launchedNotice,
  className,
}: LaunchCountdownProps) {
  const parts = useCountdown(launchAt, clockOffsetMs);
  useCountdownViewEvent(parts);

  return (
    <div className={cn('flex flex-col gap-5', className)}>
      {/* A timer is not announced on every tick (its live region is off by default). */}
      <div role="timer" aria-label="Time until launch">
        <dl className="grid grid-cols-4 gap-2 sm:gap-3">
          {UNITS.map((unit) => (
            <div
              key={unit.key}
              className="flex flex-col-reverse items-center gap-1 rounded-xl bg-felt-950/50 px-1 py-3 ring-1 ring-white/15 sm:py-4"
            >
              <dt className="font-display font-medium text-felt-100 text-xs uppercase tracking-widest">
                {unit.label}
              </dt>
              <dd className="numeric font-bold text-4xl text-white leading-none sm:text-5xl">
                {parts ? (
                  String(parts[unit.key]).padStart(2, '0')
                ) : (
                  <>
                    <span aria-hidden="true">--</span>
                    <span className="sr-only">Loading</span>
                  </>
                )}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      {parts?.isFinished ? (
        launchedNotice
      ) : (
        <p className="text-felt-100">
          {launchAt ? (
            <>
              Launching <ReaderDateTime iso={launchAt} />
            </>
          ) : (
            'Loading the launch date...'
          )}
        </p>
      )}
    </div>
  );
}

function useCountdownViewEvent(parts: CountdownParts | null) {
  const isRecorded = useRef(false);
  const isKnown = parts !== null;
  const isFinished = parts?.isFinished ?? false;
  useEffect(() => {
    if (!isKnown || isRecorded.current) return;
    isRecorded.current = true;
    sendAnalyticsEvent({
      name: 'countdown_view',
      path: window.location.pathname,
      properties: { launched: isFinished },
    });
  }, [isKnown, isFinished]);
}
