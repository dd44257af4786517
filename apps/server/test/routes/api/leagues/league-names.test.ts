import { LEAGUE_MESSAGES, type LeagueDetail, PERSON_NAME_MESSAGES } from '@hit21/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leagues } from '../../../../src/db/schema/index.ts';
import { setUpTestApp } from '../../../support/build-test-app.ts';
import { engines } from '../../../support/test-database.ts';
import { call, LEAGUE_TIME, readyPlayer } from './membership-fixtures.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

/** Names a reader sees as blank: each only invisible characters. */
const INVISIBLE_NAMES: [string, string][] = [
  ['zero-width spaces', '\u200B\u200B\u200B'],
  ['a word joiner', '\u2060'],
  ['a Hangul filler', '\u3164\u3164'],
  ['a soft hyphen', '\u00AD'],
  ['a Hangul half-width filler', '\uFFA0'],
  ['a Braille blank', '\u2800'],
  ['joiners and a BOM', '\u200D\u200C\uFEFF'],
  ['combining marks', '\u0301\u0301'],
  ['an ideographic space and a zero-width space', '\u3000\u200B'],
];

describe.each(ENGINES)('league names follow the rules of a person name on %s', (engine) => {
  const context = setUpTestApp(engine, { prepare: true, clock: () => new Date(LEAGUE_TIME) });
  const nameCount = async (name: string) =>
    (await context.database.db.select().from(leagues).where(eq(leagues.name, name))).length;

  it.each(INVISIBLE_NAMES)('refuses a new league named with only %s', async (_case, name) => {
    const player = await readyPlayer(context.app, context.database.db);
    const response = await call(context.app, 'POST', '/api/leagues', {
      cookie: player.cookie,
      body: { name },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'INVALID_REQUEST',
      userMessage: PERSON_NAME_MESSAGES.invisible,
    });
    expect(await nameCount(name)).toBe(0);
  });

  it('refuses a rename to only invisible characters, and keeps the name', async () => {
    const admin = await readyPlayer(context.app, context.database.db);
    const created = await call(context.app, 'POST', '/api/leagues', {
      cookie: admin.cookie,
      body: { name: 'Office Legends' },
    });
    const league = created.json() as LeagueDetail;
    for (const [, name] of INVISIBLE_NAMES) {
      const response = await call(context.app, 'PATCH', `/api/leagues/${league.id}`, {
        cookie: admin.cookie,
        body: { name, joinMode: 'open', joinDeadline: null },
      });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json().userMessage).toBe(PERSON_NAME_MESSAGES.invisible);
    }
    const [stored] = await context.database.db.select().from(leagues).where(eq(leagues.id, league.id));
    expect(stored?.name).toBe('Office Legends');
  });

  it('refuses line breaks and direction controls as in a person name', async () => {
    const player = await readyPlayer(context.app, context.database.db);
    for (const [name, message] of [
      ['Two\nLines', PERSON_NAME_MESSAGES.controlCharacters],
      ['\u202Eeugael', PERSON_NAME_MESSAGES.directionCharacters],
    ]) {
      const response = await call(context.app, 'POST', '/api/leagues', {
        cookie: player.cookie,
        body: { name },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().userMessage).toBe(message);
    }
  });

  it('stores a name normalised as a person name is, and counts its length in characters', async () => {
    const player = await readyPlayer(context.app, context.database.db);
    const spaced = await call(context.app, 'POST', '/api/leagues', {
      cookie: player.cookie,
      body: { name: '  Sunday\u00A0\u2003League ' },
    });
    expect(spaced.statusCode).toBe(201);
    // Spaces of any script collapse into one.
    expect(spaced.json().name).toBe('Sunday League');

    const emoji = await call(context.app, 'POST', '/api/leagues', {
      cookie: player.cookie,
      body: { name: '⚽'.repeat(50) },
    });
    expect(emoji.statusCode).toBe(201);
    const tooLong = await call(context.app, 'POST', '/api/leagues', {
      cookie: player.cookie,
      body: { name: '⚽'.repeat(51) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().userMessage).toBe(LEAGUE_MESSAGES.nameTooLong);
  });
});
