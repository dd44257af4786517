import { describe, expect, it } from 'vitest';
import { send } from '../../../support/accounts.ts';
import { setUpTestApp } from '../../../support/build-test-app.ts';
import { engines } from '../../../support/test-database.ts';
import { LEAGUE_TIME, readyPlayer, seedLeague, seedMembers, seedMembership } from './membership-fixtures.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

/*
 * The invite says, before any click, why Join League would be refused for whoever reads it:
 * the same rule (decideJoin) the join applies, for a visitor and for a signed-in player.
 */
describe.each(ENGINES)('the invite’s join block on %s', (engine) => {
  const now = new Date(LEAGUE_TIME);
  const context = setUpTestApp(engine, { prepare: true, clock: () => now });
  const seasonId = async () => (await context.app.activeSeason.get()).id;
  const invite = async (code: string, cookie?: string) => {
    const response = await send(context.app, 'GET', `/api/leagues/invite/${code}`, { cookie });
    expect(response.statusCode).toBe(200);
    return response.json() as { joinBlock: { reason: string; retryAt: string | null } | null };
  };

  it('tells a visitor of a passed deadline and of a full league, and nothing when a request would go', async () => {
    const { db } = context.database;
    const passed = await seedLeague(db, {
      seasonId: await seasonId(),
      joinDeadline: new Date('2025-08-09T12:00:00Z'),
    });
    expect((await invite(passed.code)).joinBlock).toEqual({ reason: 'JOIN_DEADLINE_PASSED', retryAt: null });

    const full = await seedLeague(db, { seasonId: await seasonId(), maxMembers: 50 });
    await seedMembers(db, full.id, 49, 'approved');
    expect((await invite(full.code)).joinBlock).toEqual({ reason: 'LEAGUE_FULL', retryAt: null });

    const open = await seedLeague(db, {
      seasonId: await seasonId(),
      joinDeadline: new Date('2025-08-11T12:00:00Z'),
    });
    expect((await invite(open.code)).joinBlock).toBeNull();
    // An expired or forged session reads as a visitor's, not as an error.
    expect((await invite(open.code, 'better-auth.session_token=forged.value')).joinBlock).toBeNull();
  });

  it('tells a signed-in player they are in, waiting, or kicked until when', async () => {
    const { db } = context.database;
    const league = await seedLeague(db, { seasonId: await seasonId() });
    const member = await readyPlayer(context.app, db);
    const waiting = await readyPlayer(context.app, db);
    const kicked = await readyPlayer(context.app, db);
    const stranger = await readyPlayer(context.app, db);
    await seedMembership(db, league.id, member.id, 'approved');
    await seedMembership(db, league.id, waiting.id, 'pending');
    await seedMembership(db, league.id, kicked.id, 'kicked', new Date('2025-08-10T09:15:00Z'));

    expect((await invite(league.code, member.cookie)).joinBlock).toEqual({
      reason: 'ALREADY_MEMBER',
      retryAt: null,
    });
    expect((await invite(league.code, waiting.cookie)).joinBlock).toEqual({
      reason: 'ALREADY_PENDING',
      retryAt: null,
    });
    expect((await invite(league.code, kicked.cookie)).joinBlock).toEqual({
      reason: 'REJOIN_TOO_SOON',
      retryAt: '2025-08-11T09:15:00.000Z',
    });
    expect((await invite(league.code, stranger.cookie)).joinBlock).toBeNull();
    // The kicked player's card says when rejoining opens; nobody else's carries a moment.
    const cards = async (cookie: string) => {
      const response = await send(context.app, 'GET', '/api/leagues', { cookie });
      const { leagues } = response.json() as { leagues: { id: string; canRejoinAt: string | null }[] };
      return leagues.find((card) => card.id === league.id)?.canRejoinAt;
    };
    expect(await cards(kicked.cookie)).toBe('2025-08-11T09:15:00.000Z');
    expect(await cards(member.cookie)).toBeNull();
    expect(await cards(waiting.cookie)).toBeNull();
    // The visitor's answer is the league's alone.
    expect((await invite(league.code)).joinBlock).toBeNull();
  });
});
