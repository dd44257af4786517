import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/*
 * The embedded PGlite database is a folder that one process at a time may open, and PGlite
 * does not notice a second one: both run, and the writes of one are lost. So the process that
 * opens it (the server, `npm run sync`) first holds a lock file beside the folder; a second
 * process refuses to start, naming the holder. A lock left by a process that died is taken over.
 */

export class EmbeddedDatabaseInUseError extends Error {
  override name = 'EmbeddedDatabaseInUseError';
}

interface LockContent {
  pid: number;
  holder: string;
}

/** Takes the lock of the PGlite folder `dataDir` for `holder`; answers the function that releases it. */
export async function lockEmbeddedDatabase(dataDir: string, holder: string): Promise<() => Promise<void>> {
  const file = `${dataDir}.lock`;
  const content: LockContent = { pid: process.pid, holder };
  await mkdir(path.dirname(file), { recursive: true });
  for (let attempt = 0; ; attempt += 1) {
    try {
      await writeFile(file, JSON.stringify(content), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
    }
    const current = await readLock(file);
    if (current && current.pid !== process.pid && isAlive(current.pid)) {
      throw new EmbeddedDatabaseInUseError(
        `The embedded database in ${dataDir} is in use by ${current.holder} (process ${current.pid}). ` +
          `Stop it first, or use a PostgreSQL server (DATABASE_URL). If no such process runs, delete ${file}.`,
      );
    }
    await unlink(file).catch(() => {});
  }
  return async () => {
    if ((await readLock(file))?.pid === process.pid) await unlink(file).catch(() => {});
  };
}

/** For a command-line entry point: the lock, or a clear message and exit code 1. */
export async function lockEmbeddedDatabaseOrExit(
  dataDir: string,
  holder: string,
): Promise<() => Promise<void>> {
  try {
    return await lockEmbeddedDatabase(dataDir, holder);
  } catch (error) {
    if (!(error instanceof EmbeddedDatabaseInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

async function readLock(file: string): Promise<LockContent | undefined> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<LockContent>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, holder: String(parsed.holder) } : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
