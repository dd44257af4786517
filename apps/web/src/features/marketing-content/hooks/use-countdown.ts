import { useEffect, useState } from 'react';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { type CountdownParts, countdownParts } from '../lib/countdown.ts';

const TICK_MS = 1000;

/**
 * The time left until `targetIso`, updated every second until it is reached (then it stops
 * ticking and stays at zeros). `clockOffsetMs` is added to the device clock, so the count
 * follows the server's clock rather than a device set to the wrong time.
 * Null while the target is unknown, and while a running count is taken over from the server's
 * drawing of the page (whose second has passed); zeros need no waiting.
 */
export function useCountdown(targetIso: string | undefined, clockOffsetMs = 0): CountdownParts | null {
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  const parts = targetIso ? countdownParts(Date.parse(targetIso), deviceNow + clockOffsetMs) : null;
  const isTicking = parts !== null && !parts.isFinished;
  const hydrated = useHydrated();

  useEffect(() => {
    if (!isTicking) return;
    const timer = window.setInterval(() => setDeviceNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, [isTicking]);

  return isTicking && !hydrated ? null : parts;
}
