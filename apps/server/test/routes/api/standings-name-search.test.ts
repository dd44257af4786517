import { beforeAll, describe, expect, it } from 'vitest';
import { requestBoardRebuild } from '../../../src/plugins/app/standings/standings-inputs-repository.ts';
import { completeOnboarding, send, signUp } from '../../support/accounts.ts';
import { setUpTestApp } from '../../support/build-test-app.ts';
import { insertLeague, insertMemberships, setMembership } from '../../support/league-standings.ts';
import { addPopulationBeside } from '../../support/population.ts';
import { engines } from '../../support/test-database.ts';

const ENGINES = engines('both', 'name search SQL');

const AFTER_GAMEWEEK_20 = '2026-01-05T12:00:00Z';
const SEASON = '2025-26';

/** The leaderboard's and league standings' name search ignores accents, case and punctuation. */
describe.each(ENGINES)('the standings name search on %s', (engine) => {
  const context = setUpTestApp(engine, { prepare: true, clock: () => new Date(AFTER_GAMEWEEK_20) });
  const fans: Record<'zoe' | 'obrien' | 'jeanPierre', { cookie: string; id: string }> = {
    zoe: { cookie: '', id: '' },
    obrien: { cookie: '', id: '' },
    jeanPierre: { cookie: '', id: '' },
  };
  let leagueId = '';

  const found = async (url: string): Promise<string[]> => {
    const response = await send(context.app, 'GET', url, { cookie: fans.zoe.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().rows.map((row: { userId: string }) => row.userId);
  };

  beforeAll(async () => {
    const { db } = context.database;
    const names = { zoe: 'Zoë Quill', obrien: "Hollis O'Brien", jeanPierre: 'Jean-Pierre Ærø' };
    for (const key of Object.keys(names) as (keyof typeof names)[]) {
      const { cookie } = await signUp(context.app);
      fans[key] = { cookie, id: (await completeOnboarding(context.app, cookie, names[key])).id };
    }
    const { userIds } = await addPopulationBeside(db, { seasonId: SEASON, size: 40, idPrefix: 'namesearch' });
    leagueId = await insertLeague(db, { seasonId: SEASON, adminId: fans.zoe.id });
    await insertMemberships(db, leagueId, userIds, 'approved');
    await setMembership(db, leagueId, fans.obrien.id, 'approved');
    await setMembership(db, leagueId, fans.jeanPierre.id, 'approved');
    await requestBoardRebuild(db);
    await context.app.standings.refresh();
  });

  it('finds Zoë by "zoe" and O\'Brien by "obrien" on the leaderboard', async () => {
    const leaderboard = (search: string) =>
      found(`/api/leaderboard/global?search=${encodeURIComponent(search)}`);
    // The crowd has its own Zoes and O'Briens.
    for (const search of ['zoe', 'ZOË', 'zo']) expect(await leaderboard(search)).toContain(fans.zoe.id);
    for (const search of ['obrien', "O'Brien", 'O’Brien', 'ob']) {
      expect(await leaderboard(search)).toContain(fans.obrien.id);
    }
    expect(await leaderboard('zoe quill')).toEqual([fans.zoe.id]);
    expect(await leaderboard('hollis obrien')).toEqual([fans.obrien.id]);
    expect(await leaderboard('jean pierre aro')).toEqual([fans.jeanPierre.id]);
  });

  it("finds them the same way in a league's standings", async () => {
    const standings = (search: string) =>
      found(`/api/leagues/${leagueId}/standings?search=${encodeURIComponent(search)}`);
    expect(await standings('zoe')).toContain(fans.zoe.id);
    expect(await standings('obrien')).toContain(fans.obrien.id);
    expect(await standings('Zoë quill')).toEqual([fans.zoe.id]);
    expect(await standings('hollis obrien')).toEqual([fans.obrien.id]);
    expect(await standings("Hollis O'Brien")).toEqual([fans.obrien.id]);
    expect(await standings('jean-pierre')).toEqual([fans.jeanPierre.id]);
    expect(await standings('jean pierre')).toEqual([fans.jeanPierre.id]);
  });
});
