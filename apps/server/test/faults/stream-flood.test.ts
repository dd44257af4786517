import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD } from '../support/accounts.ts';
import {
  findFreePort,
  type LaunchedServer,
  launchServer,
  type ProcessAccount,
  request,
  signUpOnServer,
} from '../support/server-processes.ts';

/** The server's open-file limit here (the embedded database alone holds some 150): half of it, 512, is its cap on streams. */
const OPEN_FILE_LIMIT = 1024;
const STREAM_CAP = OPEN_FILE_LIMIT / 2;
/** More streams asked for than the process could hold sockets for. */
const ATTEMPTS = 1100;
/** At most 10 streams per account and 20 per address are asked for: only the instance cap refuses. */
const ACCOUNTS = 112;
const ADDRESSES = 64;

interface StreamAnswer {
  status: number;
  retryAfter: string | undefined;
  close(): void;
}

/** Opens a stream from `localAddress` (one socket each), answering once the head has come. */
function openStream(url: string, cookie: string, localAddress: string): Promise<StreamAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.get(
      `${url}/api/notifications/stream`,
      { agent: false, localAddress, headers: { accept: 'text/event-stream', cookie } },
      (response) => {
        response.resume();
        resolve({
          status: response.statusCode ?? 0,
          retryAfter: response.headers['retry-after'],
          close: () => outgoing.destroy(),
        });
      },
    );
    outgoing.on('error', reject);
  });
}

/**
 * A flood of streams from many accounts and client addresses against a server limited to 1,024
 * open files: it holds half of them as streams, refuses the rest with 503, and keeps answering
 * everyone else. Without the instance cap the streams took every file and nothing else answered.
 */
describe.skipIf(process.platform !== 'linux' || !existsSync('/usr/bin/prlimit'))(
  'a flood of live streams against a server with few open files',
  () => {
    let server: LaunchedServer | undefined;
    let folder: string | undefined;
    const streams: StreamAnswer[] = [];
    afterAll(async () => {
      for (const stream of streams) stream.close();
      await server?.stop();
      if (folder) await rm(folder, { recursive: true, force: true });
    });

    it('holds half the open-file limit as streams, refuses the rest, and answers everyone else', {
      timeout: 300_000,
    }, async () => {
      folder = await mkdtemp(path.join(tmpdir(), 'hit21-stream-flood-'));
      const webDist = path.join(folder, 'web');
      await mkdir(webDist);
      await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Hit21</title>');
      const port = await findFreePort();
      const url = `http://127.0.0.1:${port}`;
      server = launchServer(
        url,
        {
          NODE_ENV: 'test',
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_URL: url,
          DATA_DIR: path.join(folder, 'data'),
          WEB_DIST_DIR: webDist,
          LOG_LEVEL: 'info',
          BETTER_AUTH_SECRET: 'stream-flood-secret-stream-flood-secret-0',
          RATE_LIMIT_MAX: '100000',
          ACCOUNT_RATE_LIMIT_PER_CLIENT: '100000',
          ACCOUNT_RATE_LIMIT_PER_ADDRESS: '100000',
        },
        { openFileLimit: OPEN_FILE_LIMIT },
      );
      await server.waitUntilHealthy(90_000);
      expect(server.logs()).toContain(`at most ${STREAM_CAP} on this instance, 20 per client address`);

      const accounts: ProcessAccount[] = [];
      for (let index = 0; index < ACCOUNTS; index += 1) accounts.push(await signUpOnServer(server));
      for (let index = 0; index < ATTEMPTS; index += 1) {
        const account = accounts[index % ACCOUNTS] as ProcessAccount;
        streams.push(await openStream(url, account.cookie, `127.0.1.${(index % ADDRESSES) + 1}`));
      }
      const statuses = streams.map((stream) => stream.status);
      expect(statuses.slice(0, STREAM_CAP)).toEqual(Array(STREAM_CAP).fill(200));
      expect(statuses.slice(STREAM_CAP)).toEqual(Array(ATTEMPTS - STREAM_CAP).fill(503));
      expect(new Set(streams.slice(STREAM_CAP).map((stream) => stream.retryAfter))).toEqual(new Set(['30']));

      // Everyone else is still served: health, signing in, a page.
      expect((await request(server, 'GET', '/api/health')).status).toBe(200);
      const signIn = await request(server, 'POST', '/api/auth/sign-in/email', {
        body: { email: accounts[0]?.email, password: GOOD_PASSWORD },
      });
      expect(signIn.status).toBe(200);
      expect((await request(server, 'GET', '/login')).status).toBe(200);

      const logs = server.logs();
      expect(logs.match(/near this instance's cap/g)).toHaveLength(1);
      expect(logs.match(/this instance is at its cap/g)).toHaveLength(1);
      expect(logs).not.toMatch(/EMFILE|"level":50/);
    });
  },
);
