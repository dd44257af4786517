import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Decision 007: SQL lives in repositories (`plugins/app/<feature>/<name>-repository.ts`), in a
 * feature's `locks.ts` (the locks it takes, in one place) and in `db/` (the handle, migrations,
 * schema). Routes and the plugins that wrap a library never
 * build a query; they call a repository.
 */
const SERVER_SOURCE = fileURLToPath(new URL('../../src', import.meta.url));

/** A value import of drizzle-orm (type-only imports build no query). */
const DRIZZLE_IMPORT = /^import\s+(?!type\b)[^;]*?from\s+'drizzle-orm(?:\/[^']*)?';/m;
/** A query built or run on a database handle or transaction. */
const QUERY_CALL =
  /\b(?:db|tx|executor)\s*\.\s*(?:select|selectDistinct|insert|update|delete|execute|query)\b/;

async function listSourceFiles(root: string, folder: string): Promise<string[]> {
  const entries = await readdir(path.join(root, folder), { withFileTypes: true, recursive: true }).catch(
    () => [],
  );
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** Files outside repositories and `db/` that import drizzle-orm or run a query themselves. */
export async function findSqlOutsideRepositories(root: string): Promise<string[]> {
  const files = [
    ...(await listSourceFiles(root, 'routes')),
    ...(await listSourceFiles(root, 'plugins/external')),
    ...(await listSourceFiles(root, 'plugins/app')).filter(
      (file) => !file.endsWith('-repository.ts') && !file.endsWith('/locks.ts'),
    ),
  ];
  const offenders: string[] = [];
  for (const file of files) {
    const text = await readFile(path.join(root, file), 'utf8');
    if (DRIZZLE_IMPORT.test(text) || QUERY_CALL.test(text)) offenders.push(file);
  }
  return offenders.sort();
}

describe('SQL only in repositories', () => {
  it('keeps queries out of routes, library plugins and operations', async () => {
    expect(await findSqlOutsideRepositories(SERVER_SOURCE)).toEqual([]);
  });

  it('catches a route that imports drizzle or queries the handle, and lets a repository do both', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'hit21-architecture-'));
    const write = async (file: string, text: string) => {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), text);
    };
    await write('routes/api/a/index.ts', "import { eq } from 'drizzle-orm';\n");
    await write('routes/api/b/index.ts', 'export const f = (fastify) => fastify.db.select().from(t);\n');
    await write('plugins/external/c.ts', "import { sql } from 'drizzle-orm/sql';\n");
    await write('plugins/app/d/save-d.ts', 'await tx.update(things).set({});\n');
    await write('plugins/app/d/d-repository.ts', "import { eq } from 'drizzle-orm';\ndb.select();\n");
    await write('plugins/app/d/locks.ts', "import { sql } from 'drizzle-orm';\ntx.execute(sql``);\n");
    await write('plugins/app/d/clocks.ts', "import { sql } from 'drizzle-orm';\n");
    await write('routes/api/e/index.ts', "import type { SQL } from 'drizzle-orm';\n");
    await write('db/database.ts', "import { sql } from 'drizzle-orm';\n");

    expect(await findSqlOutsideRepositories(root)).toEqual([
      'plugins/app/d/clocks.ts',
      'plugins/app/d/save-d.ts',
      'plugins/external/c.ts',
      'routes/api/a/index.ts',
      'routes/api/b/index.ts',
    ]);
  });
});
