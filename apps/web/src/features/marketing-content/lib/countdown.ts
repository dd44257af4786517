export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** True once the target has been reached: every part is then 0. */
  isFinished: boolean;
}

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Whole days, hours, minutes and seconds left until `targetMs`; zeros once it has passed. */
export function countdownParts(targetMs: number, nowMs: number): CountdownParts {
  const remaining = Math.max(0, targetMs - nowMs);
  // Round up to the next second so the last second shows 1, not 0, until the target.
  const total = Math.ceil(remaining / SECOND_MS) * SECOND_MS;
  return {
    days: Math.floor(total / DAY_MS),
    hours: Math.floor((total % DAY_MS) / HOUR_MS),
    minutes: Math.floor((total % HOUR_MS) / MINUTE_MS),
    seconds: Math.floor((total % MINUTE_MS) / SECOND_MS),
    isFinished: remaining === 0,
  };
}
