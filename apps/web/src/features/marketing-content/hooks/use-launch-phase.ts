import { useEffect, useState } from 'react';
import { type LaunchPhase, launchPhase, nextPhaseChangeAt, type PhaseSeason } from '../lib/launch-phase.ts';

/** setTimeout's longest delay (about 24.8 days); a longer wait is taken in steps. */
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * The season's phase on the server's clock (`clockOffsetMs` is added to the device clock),
 * moving on by itself at the launch and at the deadline. Null while the season loads.
 */
export function useLaunchPhase(season: PhaseSeason | undefined, clockOffsetMs: number): LaunchPhase | null {
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  const serverNow = deviceNow + clockOffsetMs;
  const phase = season ? launchPhase(season, serverNow) : null;
  const nextChange = season ? nextPhaseChangeAt(season, serverNow) : null;

  useEffect(() => {
    if (nextChange === null) return;
    const delay = Math.min(Math.max(nextChange - (deviceNow + clockOffsetMs), 0) + 1, MAX_TIMEOUT_MS);
    const timer = window.setTimeout(() => setDeviceNow(Date.now()), delay);
    return () => window.clearTimeout(timer);
  }, [nextChange, deviceNow, clockOffsetMs]);

  return phase;
}
