import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  formatSeasonFacts,
  readBundledSeasonFacts,
  readSeasonConfig,
} from '../../../../src/plugins/app/season/bundled-seasons.ts';
import { readFplSeason } from '../../../../src/plugins/app/season/read-fpl-season.ts';

const SHARED_FPL_DIR = fileURLToPath(new URL('../../../../../../../shared/data/fpl', import.meta.url));
const hasSharedData = existsSync(path.join(SHARED_FPL_DIR, '2025-26/players_raw.csv'));

function seasonTotals(facts: Awaited<ReturnType<typeof readBundledSeasonFacts>>[number]) {
  const totals = new Map<number, number>();
  for (const goal of facts.goals) totals.set(goal.fplCode, (totals.get(goal.fplCode) ?? 0) + goal.goals);
  return totals;
}

describe('the committed 2025/26 facts', () => {
  it('hold the real season: 20 clubs, 841 players, the top scorers', async () => {
    const [facts] = await readBundledSeasonFacts();
    expect(facts?.season.id).toBe('2025-26');
    if (!facts) return;
    expect(facts.clubs).toHaveLength(20);
    expect(facts.players).toHaveLength(841);

    const totals = seasonTotals(facts);
    const nameOf = new Map(facts.players.map((player) => [player.fplCode, player.webName]));
    const top = [...totals].sort((a, b) => b[1] - a[1]).slice(0, 3);
    expect(top.map(([code, goals]) => [nameOf.get(code), goals])).toEqual([
      ['Haaland', 27],
      ['Thiago', 22],
      ['Semenyo', 17],
    ]);
  });

  it('follow mid-season transfers: Semenyo is Bournemouth until gameweek 21 and Manchester City from 22', async () => {
    const [facts] = await readBundledSeasonFacts();
    const semenyo = facts?.players.find((player) => player.webName === 'Semenyo');
    expect(semenyo?.clubSpells).toEqual([
      { fromGameweek: 1, clubCode: 'BOU' },
      { fromGameweek: 22, clubCode: 'MCI' },
    ]);
  });

  it('give last-season goals from 2024/25 (Salah 29, Isak 23)', async () => {
    const [facts] = await readBundledSeasonFacts();
    const lastSeason = Object.fromEntries(
      facts?.players.map((player) => [player.webName, player.lastSeasonGoals]) ?? [],
    );
    expect(lastSeason['M.Salah']).toBe(29);
    expect(lastSeason.Isak).toBe(23);
  });
});

// Optional checks against the raw data, when ../shared is beside the repository.
describe.runIf(hasSharedData)('the committed facts against the FPL files in ../shared', () => {
  it('are exactly what the importer makes of them today', async () => {
    const facts = await readFplSeason({
      seasonDir: path.join(SHARED_FPL_DIR, '2025-26'),
      previousSeasonDir: path.join(SHARED_FPL_DIR, '2024-25'),
      season: await readSeasonConfig('2025-26'),
    });
    const committed = await readFile(
      fileURLToPath(new URL('../../../../data/seasons/2025-26/facts.json', import.meta.url)),
      'utf8',
    );
    expect(formatSeasonFacts(facts)).toBe(committed);
  });

  it("give every player a season total equal to FPL's own goals_scored", async () => {
    const [facts] = await readBundledSeasonFacts();
    if (!facts) throw new Error('no committed facts');
    const rows = parse(await readFile(path.join(SHARED_FPL_DIR, '2025-26/players_raw.csv'), 'utf8'), {
      columns: true,
      bom: true,
    }) as { code: string; goals_scored: string; web_name: string }[];
    const totals = seasonTotals(facts);
    const mismatches = rows.filter((row) => (totals.get(Number(row.code)) ?? 0) !== Number(row.goals_scored));
    expect(rows).toHaveLength(841);
    expect(mismatches.map((row) => row.web_name)).toEqual([]);
  });
});
