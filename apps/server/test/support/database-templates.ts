import { createHash } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SERVER_ROOT } from '../../src/config/env.ts';
import { type DatabaseHandle, MIGRATIONS_FOLDER, openDatabase } from '../../src/db/database.ts';
import { prepareDatabase } from '../../src/db/prepare-database.ts';
import { SEASONS_DATA_DIR } from '../../src/plugins/app/season/bundled-seasons.ts';

/**
 * Migrating a database (and loading the committed season into it) for every test file cost
 * more than most files' own tests. Each engine does it once instead: `migrated` is the schema
 * alone, `prepared` is what prepareDatabase leaves (the committed season loaded). Test files
 * then copy one: PostgreSQL with CREATE DATABASE ... TEMPLATE, PGlite by loading a dump of
 * its data folder.
 */
export type TemplateKind = 'migrated' | 'prepared';
/** PGlite also keeps an `empty` one: a new in-memory PGlite spends seconds creating its cluster. */
export type PgliteTemplateKind = TemplateKind | 'empty';

/** Everything a template is made from: a change to any of it builds new ones. */
const TEMPLATE_SOURCES = [
  MIGRATIONS_FOLDER,
  SEASONS_DATA_DIR,
  path.join(SERVER_ROOT, 'src/db/prepare-database.ts'),
  path.join(SERVER_ROOT, 'src/plugins/app/season'),
  path.join(SERVER_ROOT, 'package.json'),
];

/** Session lock on the admin database while a worker builds the PostgreSQL templates. */
const TEMPLATE_BUILD_LOCK = 2190;
const POSTGRES_PREFIX = 'hit21_template_';

let sourcesHash: Promise<string> | undefined;

function templateSourcesHash(): Promise<string> {
  sourcesHash ??= (async () => {
    const hash = createHash('sha256');
    for (const source of TEMPLATE_SOURCES) {
      for (const file of await filesUnder(source)) {
        hash.update(path.relative(SERVER_ROOT, file));
        hash.update(await readFile(file));
      }
    }
    return hash.digest('hex').slice(0, 16);
  })();
  return sourcesHash;
}

async function filesUnder(source: string): Promise<string[]> {
  const entries = await readdir(source, { withFileTypes: true }).catch(() => undefined);
  if (!entries) return [source];
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(source, entry.name);
    files.push(...(entry.isDirectory() ? await filesUnder(full) : [full]));
  }
  return files;
}

async function fillTemplate(handle: DatabaseHandle, kind: PgliteTemplateKind): Promise<void> {
  if (kind === 'prepared') await prepareDatabase(handle);
  else if (kind === 'migrated') await handle.migrate();
}

// PGlite: one dump per kind, kept in this worker's memory (files of a worker share modules)
// and in a file that the project's global setup and the other workers read.
const pgliteDumps = new Map<PgliteTemplateKind, Promise<Blob>>();

export function pgliteTemplate(kind: PgliteTemplateKind): Promise<Blob> {
  let dump = pgliteDumps.get(kind);
  if (!dump) {
    dump = readOrBuildPgliteDump(kind);
    dump.catch(() => pgliteDumps.delete(kind));
    pgliteDumps.set(kind, dump);
  }
  return dump;
}

async function readOrBuildPgliteDump(kind: PgliteTemplateKind): Promise<Blob> {
  const file = path.join(tmpdir(), `hit21-pglite-${kind}-${await templateSourcesHash()}.tar`);
  const saved = await readFile(file).catch(() => undefined);
  if (saved) return new Blob([saved]);

  const handle = await openDatabase({ engine: 'pglite', dataDir: 'memory://' });
  try {
    await fillTemplate(handle, kind);
    const dump = await pgliteClientOf(handle).dumpDataDir('none');
    // Written under a name of its own and renamed: a reader never sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
    await rename(partial, file).catch(() => rm(partial, { force: true }));
    return dump;
  } finally {
    await handle.close();
  }
}

function pgliteClientOf(handle: DatabaseHandle) {
  return (handle.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client;
}

// PostgreSQL: template databases named by kind and sources hash, built once under a lock.
const postgresTemplates = new Map<TemplateKind, Promise<string>>();

export function postgresTemplate(kind: TemplateKind): Promise<string> {
  let name = postgresTemplates.get(kind);
  if (!name) {
    name = buildPostgresTemplate(kind);
    name.catch(() => postgresTemplates.delete(kind));
    postgresTemplates.set(kind, name);
  }
  return name;
}

/** Forgets a template another run dropped (it was built from other sources), to build it again. */
export function forgetPostgresTemplate(kind: TemplateKind): void {
  postgresTemplates.delete(kind);
}

async function buildPostgresTemplate(kind: TemplateKind): Promise<string> {
  const name = `${POSTGRES_PREFIX}${kind}_${await templateSourcesHash()}`;
  const serverUrl = adminUrl();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_BUILD_LOCK]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return name;

    const building = `${name}_building`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    const handle = await openDatabase({ engine: 'postgres', url: url.toString() });
    try {
      await fillTemplate(handle, kind);
    } finally {
      await handle.close();
    }
    await admin.query(`alter database ${building} rename to ${name}`);
    await dropOtherTemplates(admin, kind, name);
    return name;
  } finally {
    await admin.end();
  }
}

/** Templates of older sources; one being copied by another run right now is left alone. */
async function dropOtherTemplates(admin: pg.Client, kind: TemplateKind, keep: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    'select datname from pg_database where datname like $1 and datname <> $2',
    [`${POSTGRES_PREFIX}${kind}\\_%`, keep],
  );
  for (const { datname } of rows) {
    await admin.query(`drop database if exists ${datname}`).catch(() => {});
  }
}

export function adminUrl(): string {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  return serverUrl;
}

/** Builds every template before the files run, so that workers do not each build their own. */
export async function buildTemplates(): Promise<void> {
  const kinds: TemplateKind[] = ['migrated', 'prepared'];
  await Promise.all([...kinds, 'empty' as const].map((kind) => pgliteTemplate(kind)));
  if (process.env.TEST_DATABASE_URL) await Promise.all(kinds.map((kind) => postgresTemplate(kind)));
}
