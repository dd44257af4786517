import type { Config } from './env.ts';

/** The server's one source of "now": real time, pinned, or shifted by configuration. */
export type Clock = () => Date;

export function createClock(config: Pick<Config, 'CLOCK_NOW' | 'CLOCK_OFFSET_SECONDS'>): Clock {
  if (config.CLOCK_NOW) {
    const pinned = Date.parse(config.CLOCK_NOW);
    return () => new Date(pinned);
  }
  const offsetMs = config.CLOCK_OFFSET_SECONDS * 1000;
  return () => new Date(Date.now() + offsetMs);
}
