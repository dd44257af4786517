import { playerPageSchema } from '@hit21/core';
import { describe, expect, it } from 'vitest';
import { send, signUp } from '../../support/accounts.ts';
import { buildTestApp, clockAt, setUpTestApp } from '../../support/build-test-app.ts';
import { engines } from '../../support/test-database.ts';

const ENGINES = engines('both', 'accent and case folding in SQL');

describe.each(ENGINES)('the player list on %s', (engine) => {
  const context = setUpTestApp(engine, { prepare: true, clock: clockAt('2025-08-10T12:00:00Z') });

  async function list(query: string, app = context.app) {
    const { cookie } = await signUp(app);
    const response = await send(app, 'GET', `/api/players${query}`, { cookie });
    expect(response.statusCode).toBe(200);
    return playerPageSchema.parse(response.json());
  }

  it('lists outfield players only, by name, 20 a page, with the total', async () => {
    const page = await list('');
    expect(page.pageSize).toBe(20);
    expect(page.players).toHaveLength(20);
    expect(page.total).toBeGreaterThan(500);
    expect(page.players.every((player) => player.position !== 'goalkeeper')).toBe(true);
    // Ordered by name as the database collates it: each name sorts no later than the next.
    const names = page.players.map((player) => player.name.toLowerCase());
    const outOfOrder = names.filter(
      (name, index) =>
        index > 0 && (names[index - 1] ?? '') > name && !/[^a-z ]/.test(name + (names[index - 1] ?? '')),
    );
    expect(outOfOrder).toEqual([]);
    expect(page.isUnscoredOnly).toBe(false);
  });

  it('sorts by name ignoring accents and case, the same on every database', async () => {
    const { cookie } = await signUp(context.app);
    const names: string[] = [];
    for (let page = 1; ; page += 1) {
      const response = await send(context.app, 'GET', `/api/players?sort=name&pageSize=100&page=${page}`, {
        cookie,
      });
      const { players } = playerPageSchema.parse(response.json());
      if (players.length === 0) break;
      names.push(...players.map((player) => player.name));
    }
    // "İlkay Gündoğan" among the I names, long before "Zach Abbott" at the end.
    const position = (name: string) => names.indexOf(name);
    expect(position('İlkay Gündoğan')).toBeGreaterThan(0);
    expect(position('İlkay Gündoğan')).toBeLessThan(position('Zach Abbott'));
    const firstJ = names.findIndex((name) => name.startsWith('J'));
    expect(position('İlkay Gündoğan')).toBeLessThan(firstJ);
    expect(names.slice(firstJ).some((name) => name.startsWith('I') || name.startsWith('İ'))).toBe(false);
    // Every name in order of its letters without accents.
    const plain = (name: string) =>
      name
        .replace(/[ıİ]/g, 'i')
        .replace(/[Øø]/g, 'o')
        .replace(/[Đđ]/g, 'd')
        .replace(/[Łł]/g, 'l')
        .replace(/ß/g, 's')
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase();
    const keys = names.map(plain);
    expect(keys.filter((key, index) => index > 0 && (keys[index - 1] ?? '') > key)).toEqual([]);
  });

  it('searches name and club case-insensitively, ignoring commas', async () => {
    const byName = await list('?search=haa,land');
    expect(byName.players.map((player) => player.webName)).toContain('Haaland');
    const byClub = await list('?search=brighton&pageSize=100');
    expect(byClub.players.length).toBeGreaterThan(10);
    expect(byClub.players.every((player) => player.clubCode === 'BRI')).toBe(true);
    const literal = await list('?search=%25');
    expect(literal.total).toBe(0);
  });

  it('searches ignoring accents, as a person types a name', async () => {
    for (const typed of ['gundogan', 'GÜNDOĞAN', 'Gündoğan', 'ilkay']) {
      const page = await list(`?search=${encodeURIComponent(typed)}`);
      expect(
        page.players.map((player) => player.name),
        typed,
      ).toContain('İlkay Gündoğan');
    }
  });

  it('filters by club, position and last-season goals, and sorts by goals either way', async () => {
    const page = await list('?club=MCI&position=forward&minGoals=5&maxGoals=30&sort=total_goals&order=desc');
    expect(page.players.length).toBeGreaterThan(0);
    for (const player of page.players) {
      expect(player).toMatchObject({ clubCode: 'MCI', position: 'forward' });
      expect(player.lastSeasonGoals).toBeGreaterThanOrEqual(5);
      expect(player.lastSeasonGoals).toBeLessThanOrEqual(30);
    }
    expect(page.players[0]?.webName).toBe('Haaland');
    const goals = page.players.map((player) => player.lastSeasonGoals);
    expect(goals).toEqual([...goals].sort((a, b) => b - a));
    const ascending = (
      await list('?club=MCI&position=forward&minGoals=5&sort=total_goals&order=asc')
    ).players.map((player) => player.lastSeasonGoals);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  });

  it('pages through the whole list without repeating a player', async () => {
    const first = await list('?club=ARS&pageSize=5&page=1');
    const second = await list('?club=ARS&pageSize=5&page=2');
    expect(first.total).toBe(second.total);
    const ids = [...first.players, ...second.players].map((player) => player.id);
    expect(new Set(ids).size).toBe(ids.length);
    const beyond = await list(`?club=ARS&pageSize=5&page=${Math.ceil(first.total / 5) + 1}`);
    expect(beyond.players).toEqual([]);
  });

  it.each([
    ['?position=goalkeeper'],
    ['?club=ars'],
    ['?minGoals=-1'],
    ['?pageSize=500'],
    ['?page=0'],
    ['?sort=age'],
  ])('refuses %s with a 400', async (query) => {
    const { cookie } = await signUp(context.app);
    const response = await send(context.app, 'GET', `/api/players${query}`, { cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_REQUEST');
  });

  it('shows only players on 0 goals to a new user after the deadline, with their club at that moment', async () => {
    const later = await buildTestApp(context.database, { clock: clockAt('2026-02-01T12:00:00Z') });
    try {
      const page = await list('?search=semenyo', later);
      expect(page.isUnscoredOnly).toBe(true);
      expect(page.players.map((player) => player.webName)).not.toContain('Semenyo');
      const all = await list('?pageSize=100', later);
      expect(all.players.every((player) => player.goals === 0)).toBe(true);
    } finally {
      await later.close();
    }
  });

  it('refuses the list to a visitor who is not signed in', async () => {
    expect((await send(context.app, 'GET', '/api/players')).statusCode).toBe(401);
  });
});
