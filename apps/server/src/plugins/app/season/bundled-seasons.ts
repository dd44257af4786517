import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type SeasonConfig, seasonConfigSchema } from '@hit21/core';
import { SERVER_ROOT } from '../../../config/env.ts';
import { type SeasonFacts, seasonFactsSchema } from './season-facts.schemas.ts';

/** Committed season data: data/seasons/<id>/season.json (hand-written) and facts.json (imported). */
export const SEASONS_DATA_DIR = path.join(SERVER_ROOT, 'data/seasons');

export function seasonDataDir(seasonId: string): string {
  return path.join(SEASONS_DATA_DIR, seasonId);
}

export async function readSeasonConfig(seasonId: string): Promise<SeasonConfig> {
  const text = await readFile(path.join(seasonDataDir(seasonId), 'season.json'), 'utf8');
  return seasonConfigSchema.parse(JSON.parse(text));
}

/** Every committed season that has facts, oldest first. */
export async function readBundledSeasonFacts(): Promise<SeasonFacts[]> {
  const entries = await readdir(SEASONS_DATA_DIR, { withFileTypes: true });
  const all: SeasonFacts[] = [];
  for (const entry of entries
    .filter((item) => item.isDirectory())
    .sort((a, b) => a.name.localeCompare(b.name))) {
    const factsFile = path.join(SEASONS_DATA_DIR, entry.name, 'facts.json');
    const text = await readFile(factsFile, 'utf8').catch(() => undefined);
    if (text !== undefined) all.push(seasonFactsSchema.parse(JSON.parse(text)));
  }
  return all;
}

/**
 * Writes facts one record per line: small diffs when a season's data changes,
 * and still plain JSON.
 */
export function formatSeasonFacts(facts: SeasonFacts): string {
  const list = (items: unknown[]) =>
    `[\n${items.map((item) => `    ${JSON.stringify(item)}`).join(',\n')}\n  ]`;
  return `{
  "formatVersion": ${facts.formatVersion},
  "season": ${JSON.stringify(facts.season)},
  "clubs": ${list(facts.clubs)},
  "players": ${list(facts.players)},
  "goals": ${list(facts.goals)}
}
`;
}
