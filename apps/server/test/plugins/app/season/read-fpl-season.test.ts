import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImportError } from '../../../../src/plugins/app/season/import-error.ts';
import { previousSeasonId, readFplSeason } from '../../../../src/plugins/app/season/read-fpl-season.ts';
import { copyFixtureFolder, fixtureSource } from './fixture-season.ts';

describe('readFplSeason', () => {
  it('maps clubs to the product names and codes, keeping unknown clubs with their own', async () => {
    const facts = await readFplSeason(fixtureSource());
    expect(facts.clubs).toEqual([
      { code: 'ARS', name: 'Arsenal', primaryColour: '#EF0107', secondaryColour: '#FFFFFF', fplCode: 3 },
      { code: 'BRI', name: 'Brighton', primaryColour: '#0057B8', secondaryColour: '#FFFFFF', fplCode: 36 },
      { code: 'NWT', name: 'Newtown', primaryColour: '#4B5563', secondaryColour: '#FFFFFF', fplCode: 999 },
    ]);
  });

  it('reads players with positions, last-season goals by code, and club spells', async () => {
    const facts = await readFplSeason(fixtureSource());
    const byName = Object.fromEntries(facts.players.map((player) => [player.webName, player]));
    expect(byName.Raya).toMatchObject({ position: 'goalkeeper', lastSeasonGoals: 0, firstGameweek: 1 });
    expect(byName.Saka).toMatchObject({
      fplCode: 1002,
      name: 'Bukayo Saka',
      position: 'midfielder',
      lastSeasonGoals: 12,
      clubSpells: [{ fromGameweek: 1, clubCode: 'ARS' }],
    });
    // Not in last season's file: 0 last-season goals.
    expect(byName.Newcomer).toMatchObject({
      position: 'defender',
      lastSeasonGoals: 0,
      clubSpells: [
        { fromGameweek: 1, clubCode: 'NWT' },
        { fromGameweek: 2, clubCode: 'BRI' },
      ],
    });
    // First seen in gameweek 2: in the game from then on.
    expect(byName.Signing).toMatchObject({
      firstGameweek: 2,
      clubSpells: [{ fromGameweek: 2, clubCode: 'ARS' }],
    });
  });

  it('counts a repeated player-match row once and keeps each goal with its gameweek, kick-off and club', async () => {
    const facts = await readFplSeason(fixtureSource());
    expect(facts.goals).toEqual([
      {
        fplCode: 1002,
        fixtureId: 11,
        gameweek: 1,
        kickoffAt: '2025-08-16T14:00:00.000Z',
        goals: 1,
        clubCode: 'ARS',
      },
      {
        fplCode: 1003,
        fixtureId: 12,
        gameweek: 1,
        kickoffAt: '2025-08-17T16:30:00.000Z',
        goals: 2,
        clubCode: 'BRI',
      },
      {
        fplCode: 1002,
        fixtureId: 21,
        gameweek: 2,
        kickoffAt: '2025-08-23T11:30:00.000Z',
        goals: 2,
        clubCode: 'ARS',
      },
      {
        fplCode: 1004,
        fixtureId: 22,
        gameweek: 2,
        kickoffAt: '2025-08-23T14:00:00.000Z',
        goals: 1,
        clubCode: 'BRI',
      },
      {
        fplCode: 1005,
        fixtureId: 31,
        gameweek: 3,
        kickoffAt: '2025-08-30T14:00:00.000Z',
        goals: 1,
        clubCode: 'ARS',
      },
    ]);
  });

  it('works without a previous season', async () => {
    const facts = await readFplSeason({ ...fixtureSource(), previousSeasonDir: undefined });
    expect(facts.players.every((player) => player.lastSeasonGoals === 0)).toBe(true);
  });

  it.each([
    {
      file: '2025-26/gws/gw2.csv',
      edit: (text: string) => text.replace('Bukayo Saka,Arsenal,2,21,2', 'Bukayo Saka,Arsenal,2,21,two'),
      message: '2025-26/gws/gw2.csv, line 3: column goals_scored',
    },
    {
      file: '2025-26/gws/gw1.csv',
      edit: (text: string) => text.replace('Danny Welbeck,Brighton,3,', 'Danny Welbeck,Brighton,77,'),
      message: '2025-26/gws/gw1.csv, line 5: unknown player element 77',
    },
    {
      file: '2025-26/gws/gw3.csv',
      edit: (text: string) => text.replace('Late Signing,Arsenal,5,32', 'Late Signing,Atlantis,5,32'),
      message: '2025-26/gws/gw3.csv, line 3: unknown team "Atlantis"',
    },
    {
      file: '2025-26/players_raw.csv',
      edit: (text: string) => text.replace('web_name,element_type', 'web_name,kind'),
      message: '2025-26/players_raw.csv, line 1: missing column element_type',
    },
    {
      file: '2025-26/teams.csv',
      edit: (text: string) => text.replace('36,2,Brighton,BHA,3', '36,2,"Brighton,BHA,3'),
      message: '2025-26/teams.csv, line',
    },
    {
      file: '2025-26/gws/gw1.csv',
      edit: (text: string) => text.replace('2025-08-17T16:30:00Z,1\nNia', 'yesterday,1\nNia'),
      message: '2025-26/gws/gw1.csv, line 5: column kickoff_time',
    },
  ])('refuses $file with the file and line named ($message)', async ({ file, edit, message }) => {
    const root = await copyFixtureFolder();
    const target = path.join(root, file);
    await writeFile(target, edit(await readFile(target, 'utf8')));
    const attempt = readFplSeason(fixtureSource(root));
    await expect(attempt).rejects.toBeInstanceOf(ImportError);
    await expect(attempt).rejects.toThrow(message);
  });

  it('names a missing file', async () => {
    await expect(readFplSeason({ ...fixtureSource(), seasonDir: '/nowhere/2025-26' })).rejects.toThrow(
      '2025-26/teams.csv: cannot be read (ENOENT)',
    );
  });
});

describe('previousSeasonId', () => {
  it('steps back one season', () => {
    expect(previousSeasonId('2025-26')).toBe('2024-25');
    expect(previousSeasonId('2000-01')).toBe('1999-00');
  });
});
