import { describe, expect, it } from 'vitest';
import { ADVISORY_LOCK_KEYS } from '../../src/db/advisory-locks.ts';

describe('the advisory lock registry', () => {
  it('gives every lock a key of its own', () => {
    const keys = Object.values(ADVISORY_LOCK_KEYS);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('holds 32-bit integers, which pg_advisory_lock(bigint) and its callers treat alike', () => {
    for (const key of Object.values(ADVISORY_LOCK_KEYS)) {
      expect(Number.isInteger(key) && key > 0 && key < 2 ** 31).toBe(true);
    }
  });
});

describe('the server code', () => {
  it('takes advisory locks only by a key from the registry, never by a literal number', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const source = new URL('../../src/', import.meta.url);
    const files = (await readdir(source, { recursive: true })).filter((file) => file.endsWith('.ts'));
    const literalLocks = [];
    for (const file of files) {
      const text = await readFile(new URL(file, source), 'utf8');
      for (const match of text.matchAll(/pg_(?:try_)?advisory_(?:xact_)?(?:un)?lock(?:_shared)?\(\s*\d+/g)) {
        literalLocks.push(`${file}: ${match[0]}`);
      }
    }
    expect(literalLocks).toEqual([]);
  });
});
