import { readFileSync } from 'node:fs';

/** Assumed where the limit cannot be read (not Linux) or is unlimited: a common default. */
export const FALLBACK_OPEN_FILE_LIMIT = 1024;

/**
 * The soft "Max open files" limit from the text of /proc/<pid>/limits, or undefined when it is
 * missing or unlimited. Node raises its soft limit to the hard one as it starts, so the file
 * read from inside the process says what the server really has, unlike a shell's `ulimit -n`.
 */
export function parseOpenFileLimit(limitsText: string): number | undefined {
  const match = /^Max open files\s+(\S+)/m.exec(limitsText);
  const soft = match?.[1] === undefined ? Number.NaN : Number(match[1]);
  return Number.isSafeInteger(soft) && soft > 0 ? soft : undefined;
}

/** This process's open-file limit, read once by the caller at start. */
export function readOpenFileLimit(): number {
  try {
    return parseOpenFileLimit(readFileSync('/proc/self/limits', 'utf8')) ?? FALLBACK_OPEN_FILE_LIMIT;
  } catch {
    return FALLBACK_OPEN_FILE_LIMIT;
  }
}
