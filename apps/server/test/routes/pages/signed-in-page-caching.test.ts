import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import type { DatabaseHandle } from '../../../src/db/database.ts';
import { signUp } from '../../support/accounts.ts';
import { testConfig } from '../../support/build-test-app.ts';
import { createTestDatabase } from '../../support/test-database.ts';

// A signed-in page carries the player's e-mail and date of birth: no cache may keep it.
describe('how long a drawn page may be kept', () => {
  let distDir: string;
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'hit21-dist-'));
    await writeFile(
      path.join(distDir, 'index.html'),
      '<!doctype html><title>Hit21</title><div id="root"></div>',
    );
    database = await createTestDatabase('pglite');
    app = await buildApp({ config: testConfig({ WEB_DIST_DIR: distDir }), database, logger: false });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('sends a signed-in player their pages with no-store', async () => {
    const { cookie } = await signUp(app);
    for (const url of ['/settings', '/dashboard', '/leagues', '/']) {
      const page = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(page.headers.vary).toMatch(/cookie/);
    }
  });

  it("lets a visitor's page be kept and revalidated", async () => {
    const page = await app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
