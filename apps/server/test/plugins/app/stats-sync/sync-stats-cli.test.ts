import { execFile, spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '../../../../src/config/env.ts';
import { openDatabase, selectRows } from '../../../../src/db/database.ts';
import { prepareDatabase } from '../../../../src/db/prepare-database.ts';
import { loadSeasonFacts } from '../../../../src/plugins/app/season/load-season-facts.ts';
import { readFplSeason } from '../../../../src/plugins/app/season/read-fpl-season.ts';
import { FIXTURE_FPL_DIR, fixtureSeason, fixtureSource } from '../season/fixture-season.ts';

const run = promisify(execFile);
/** The fixture season under an id of its own, so the committed 2025/26 season loads beside it. */
const SEASON_ID = '2030-31';
const FOLDER = path.join(FIXTURE_FPL_DIR, '2025-26');

/** Runs a command of the repository as a person would, with a clean environment. */
async function runCommand(script: string, args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _url, STATS_SYNC_SOURCE: _source, SEASON_ID: _season, ...inherited } = process.env;
  try {
    const { stdout, stderr } = await run('node', ['--import', 'tsx', script, ...args], {
      cwd: REPOSITORY_ROOT,
      env: { ...inherited, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

/**
 * A DATA_DIR as the server leaves it (migrated, committed seasons loaded) that also holds the
 * fixture season, synced up to gameweek 1.
 */
async function dataDirSyncedToGameweekOne(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hit21-sync-cli-'));
  const database = await openDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    await prepareDatabase(database);
    const facts = await readFplSeason(fixtureSource());
    await loadSeasonFacts(database.db, {
      ...facts,
      season: { ...fixtureSeason, id: SEASON_ID },
      goals: facts.goals.filter((goal) => goal.gameweek === 1),
    });
  } finally {
    await database.close();
  }
  return dataDir;
}

async function storedGoalCount(dataDir: string): Promise<number> {
  const database = await openDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    const [row] = await selectRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from goals g join players p on p.id = g.player_id where p.season_id = ${SEASON_ID}`,
    );
    return row?.count ?? -1;
  } finally {
    await database.close();
  }
}

/** The id of a process that has ended, as a crashed server leaves in its lock file. */
async function deadPid(): Promise<number> {
  const child = spawn('node', ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid ?? 999_999;
}

describe('npm run sync', () => {
  let template: string;
  /** A copy of the prepared DATA_DIR for one test (preparing one takes seconds). */
  const freshDataDir = async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'hit21-sync-cli-'));
    await cp(template, dataDir, { recursive: true });
    return dataDir;
  };
  beforeAll(async () => {
    template = await dataDirSyncedToGameweekOne();
  });

  it('syncs once from a folder into the embedded database, prints what changed and exits 0', async () => {
    const dataDir = await freshDataDir();
    // A server that crashed left its lock behind: the command takes it over.
    await writeFile(
      path.join(dataDir, 'pglite.lock'),
      JSON.stringify({ pid: await deadPid(), holder: 'the Hit21 server' }),
    );

    const result = await runCommand('apps/server/src/scripts/sync-stats.ts', ['--source', FOLDER], {
      DATA_DIR: dataDir,
      SEASON_ID,
    });

    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe(
      `Goals sync from ${FOLDER}: 3 goals added, 0 changed, 0 removed; 0 players added; 0 transfers; gameweeks 1–3`,
    );
    expect(result.code).toBe(0);
    expect(await storedGoalCount(dataDir)).toBe(5);
    await expect(readFile(path.join(dataDir, 'pglite.lock'))).rejects.toThrow('ENOENT');
  });

  it('reports a source it cannot read and exits 1, changing nothing', async () => {
    const dataDir = await freshDataDir();

    const result = await runCommand('apps/server/src/scripts/sync-stats.ts', ['--source', '/nowhere/fpl'], {
      DATA_DIR: dataDir,
      SEASON_ID,
    });

    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `Goals sync from /nowhere/fpl failed, nothing was changed: /nowhere/fpl: ${SEASON_ID}/teams.csv: cannot be read (ENOENT)`,
    );
    expect(await storedGoalCount(dataDir)).toBe(2);
  });

  it('asks for a source when none is given', async () => {
    const result = await runCommand('apps/server/src/scripts/sync-stats.ts', [], { DATA_DIR: tmpdir() });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Usage: npm run sync -- --source <FPL API base URL or folder>');
  });

  it('refuses to open the embedded database while the server holds it, and the server refuses beside the command', async () => {
    const dataDir = await freshDataDir();
    const lock = path.join(dataDir, 'pglite.lock');
    // This test's own process stands for a running server.
    await writeFile(lock, JSON.stringify({ pid: process.pid, holder: 'the Hit21 server' }));

    const sync = await runCommand('apps/server/src/scripts/sync-stats.ts', ['--source', FOLDER], {
      DATA_DIR: dataDir,
      SEASON_ID,
    });

    expect(sync.code).toBe(1);
    expect(sync.stderr.trim()).toBe(
      `The embedded database in ${path.join(dataDir, 'pglite')} is in use by the Hit21 server (process ${process.pid}). ` +
        `Stop it first, or use a PostgreSQL server (DATABASE_URL). If no such process runs, delete ${lock}.`,
    );
    expect(await storedGoalCount(dataDir)).toBe(2);

    await writeFile(lock, JSON.stringify({ pid: process.pid, holder: 'npm run sync' }));
    const server = await runCommand('apps/server/src/server.ts', [], { DATA_DIR: dataDir, PORT: '0' });
    expect(server.code).toBe(1);
    expect(server.stderr).toContain(`is in use by npm run sync (process ${process.pid})`);
  });
});
