import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

/** Modules of the standings feature that compose repositories and must hold no SQL of their own. */
const OPERATIONS = ['list-leaderboard.ts', 'standings-service.ts'];

describe('the standings feature', () => {
  it.each(OPERATIONS)('%s reads and writes only through repositories', async (file) => {
    const source = await readFile(
      new URL(`../../../../src/plugins/app/standings/${file}`, import.meta.url),
      'utf8',
    );
    expect(source).not.toMatch(/from 'drizzle-orm'/);
    expect(source).not.toMatch(/db\/schema/);
    expect(source).not.toMatch(/\.(select|insert|update|delete|execute)\(/);
  });
});
