import { access } from 'node:fs/promises';
import path from 'node:path';
import {
  CLUB_IDENTITIES_BY_FPL_CODE,
  NEUTRAL_CLUB_COLOURS,
  playerDisplayName,
  positionFromFplElementType,
  type SeasonConfig,
} from '@hit21/core';
import { z } from 'zod';
import { ImportError } from './import-error.ts';
import { readCsvRows } from './read-csv.ts';
import type { SeasonFacts } from './season-facts.schemas.ts';

/*
 * Reads one season in the Fantasy Premier League CSV format (teams.csv, players_raw.csv,
 * gws/gwN.csv, and the previous season's players_raw.csv for last-season goals) and
 * turns it into the season facts the product stores.
 */

const whole = z.coerce.number().int();
const count = whole.min(0);

const fplTeamRowSchema = z.object({
  id: whole,
  code: whole,
  name: z.string().min(1),
  short_name: z.string().min(1),
});
const playerRowSchema = z.object({
  id: whole,
  code: whole,
  first_name: z.string(),
  second_name: z.string(),
  web_name: z.string().min(1),
  element_type: whole.min(1).max(4),
  team: whole,
  goals_scored: count,
});
const previousPlayerRowSchema = z.object({ code: whole, goals_scored: count });
const gameweekRowSchema = z.object({
  element: whole,
  team: z.string().min(1),
  fixture: whole,
  goals_scored: count,
  kickoff_time: z.iso.datetime({ offset: true }),
  round: whole,
});

export interface FplSeasonSource {
  /** Folder of the season: teams.csv, players_raw.csv, gws/. */
  seasonDir: string;
  /** Folder of the previous season (players_raw.csv), when there is one. */
  previousSeasonDir?: string;
  season: SeasonConfig;
}

/**
 * The product's club for an FPL team (the CSV files and the live API share these fields):
 * known clubs by FPL's stable club code, any other with the data's own name and short name.
 */
export function clubFromFplTeam(team: { code: number; name: string; short_name: string }) {
  const identity = CLUB_IDENTITIES_BY_FPL_CODE[team.code];
  return identity
    ? { ...identity, fplCode: team.code }
    : { code: team.short_name.toUpperCase(), name: team.name, ...NEUTRAL_CLUB_COLOURS, fplCode: team.code };
}

/**
 * The product's name and position fields of an FPL player (the CSV files and the live API
 * share these fields). An element type outside 1..4 falls back to midfielder; both readers
 * refuse one before they get here.
 */
export function playerFromFplElement(element: {
  code: number;
  first_name: string;
  second_name: string;
  web_name: string;
  element_type: number;
}) {
  return {
    fplCode: element.code,
    name: playerDisplayName({
      firstName: element.first_name,
      secondName: element.second_name,
      webName: element.web_name,
    }),
    webName: element.web_name,
    firstName: element.first_name,
    secondName: element.second_name,
    position: positionFromFplElementType(element.element_type) ?? 'midfielder',
  };
}

/** The previous season's folder name: 2025-26 → 2024-25. */
export function previousSeasonId(seasonId: string): string {
  const start = Number(seasonId.slice(0, 4)) - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export async function readFplSeason({
  seasonDir,
  previousSeasonDir,
  season,
}: FplSeasonSource): Promise<SeasonFacts> {
  const root = path.dirname(seasonDir);

  const teams = await readCsvRows(path.join(seasonDir, 'teams.csv'), fplTeamRowSchema, root);
  const clubs = teams.map(({ row }) => clubFromFplTeam(row));
  const clubCodeByFplTeamId = new Map(teams.map(({ row }, index) => [row.id, clubs[index]?.code ?? '']));
  const clubCodeByFplTeamName = new Map(teams.map(({ row }, index) => [row.name, clubs[index]?.code ?? '']));

  const lastSeasonGoalsByCode = new Map<number, number>();
  if (previousSeasonDir) {
    const previousRows = await readCsvRows(
      path.join(previousSeasonDir, 'players_raw.csv'),
      previousPlayerRowSchema,
      root,
    );
    for (const { row } of previousRows) lastSeasonGoalsByCode.set(row.code, row.goals_scored);
  }

  const playersFile = path.join(seasonDir, 'players_raw.csv');
  const playerRows = await readCsvRows(playersFile, playerRowSchema, root);
  const codeByElementId = new Map<number, number>();
  for (const { row, line } of playerRows) {
    if (!clubCodeByFplTeamId.has(row.team)) {
      throw new ImportError(path.relative(root, playersFile), line, `unknown team id ${row.team}`);
    }
    codeByElementId.set(row.id, row.code);
  }

  // Every player-match row of the season, deduplicated on (element, fixture): the source repeats some rows.
  const matchRows = new Map<string, z.infer<typeof gameweekRowSchema>>();
  for (const { week } of season.gameweeks) {
    const file = path.join(seasonDir, 'gws', `gw${week}.csv`);
    if (!(await fileExists(file))) continue; // a season in progress has no files for future weeks
    for (const { row, line } of await readCsvRows(file, gameweekRowSchema, root)) {
      const fault = !codeByElementId.has(row.element)
        ? `unknown player element ${row.element}`
        : !clubCodeByFplTeamName.has(row.team)
          ? `unknown team "${row.team}"`
          : row.round !== week
            ? `round ${row.round} in the file of gameweek ${week}`
            : undefined;
      if (fault) throw new ImportError(path.relative(root, file), line, fault);
      matchRows.set(`${row.element}:${row.fixture}`, row);
    }
  }
  const orderedRows = [...matchRows.values()].sort(
    (a, b) => a.round - b.round || Date.parse(a.kickoff_time) - Date.parse(b.kickoff_time),
  );

  const rowsByElement = new Map<number, (typeof orderedRows)[number][]>();
  for (const row of orderedRows) {
    const rows = rowsByElement.get(row.element);
    if (rows) rows.push(row);
    else rowsByElement.set(row.element, [row]);
  }
  const players = playerRows.map(({ row }) => {
    const rows = rowsByElement.get(row.id) ?? [];
    const clubSpells: { fromGameweek: number; clubCode: string }[] = [];
    for (const match of rows) {
      const clubCode = clubCodeByFplTeamName.get(match.team) ?? '';
      if (clubSpells.at(-1)?.clubCode !== clubCode) clubSpells.push({ fromGameweek: match.round, clubCode });
    }
    // A player without a single match row is in the game from the start with his listed club.
    if (clubSpells.length === 0)
      clubSpells.push({ fromGameweek: 1, clubCode: clubCodeByFplTeamId.get(row.team) ?? '' });
    return {
      ...playerFromFplElement(row),
      lastSeasonGoals: lastSeasonGoalsByCode.get(row.code) ?? 0,
      firstGameweek: clubSpells[0]?.fromGameweek ?? 1,
      clubSpells,
    };
  });

  const goals = orderedRows
    .filter((row) => row.goals_scored > 0)
    .map((row) => ({
      fplCode: codeByElementId.get(row.element) ?? 0,
      fixtureId: row.fixture,
      gameweek: row.round,
      kickoffAt: new Date(row.kickoff_time).toISOString(),
      goals: row.goals_scored,
      clubCode: clubCodeByFplTeamName.get(row.team) ?? '',
    }));

  return { formatVersion: 1, season, clubs, players, goals };
}

export async function fileExists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}
