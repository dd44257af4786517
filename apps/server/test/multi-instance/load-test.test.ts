import { describe, expect, it } from 'vitest';
import { REQUEST_KINDS } from '../../bench/load-test/simulated-player.ts';
import { runLoadTest } from '../../bench/load-test.ts';

const PLAYERS = 20;

/**
 * The load test of issue 14 (`npm run bench:load`, 1,000 players for 10 minutes), shortened so
 * that it cannot rot: the same build, production server, scenario and checks, with 20 players
 * for 20 s thinking under a second, must end without one error and with every kind of request
 * the scenario knows sent at least once.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the load test, shortened', () => {
  it(`plays ${PLAYERS} players for 20 s against the production build without an error`, async () => {
    const result = await runLoadTest({
      databaseUrl: process.env.TEST_DATABASE_URL as string,
      players: PLAYERS,
      seconds: 20,
      rampSeconds: 3,
      servers: 2,
      thinkSeconds: [0.2, 0.8],
      seed: 21,
    });

    expect(result.totalErrors, result.report).toBe(0);
    expect(result.playersWithSquads).toBe(PLAYERS);
    const sent = new Set(result.rows.filter((row) => row.count > 0).map((row) => row.kind));
    expect(
      Object.values(REQUEST_KINDS).filter((kind) => !sent.has(kind)),
      result.report,
    ).toEqual([]);
  }, 120_000);
});
