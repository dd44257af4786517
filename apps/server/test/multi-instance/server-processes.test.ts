import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  request,
  type ServerProcesses,
  signUpOnServer,
  startServerProcesses,
} from '../support/server-processes.ts';

/** The support for multi-process tests: two servers on one database share sessions. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes', () => {
  let processes: ServerProcesses;
  beforeAll(async () => {
    processes = await startServerProcesses({ count: 2 });
  });
  afterAll(async () => {
    await processes?.stop();
  });

  it('a session made on one server is signed in on the other', async () => {
    const [first, second] = processes.servers;
    if (!first || !second) throw new Error('Two servers expected');
    const account = await signUpOnServer(first, { databaseUrl: processes.databaseUrl });
    const profile = await request(second, 'GET', '/api/profile', { cookie: account.cookie });
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { id: string }).id).toBe(account.id);
    expect(first.logs()).toMatch(/Hit21 is running/);
  });
});
