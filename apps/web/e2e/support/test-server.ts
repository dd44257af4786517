import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { BrowserTestServer } from './global-setup.ts';

/**
 * The server this test file runs against (support/global-setup.ts starts one per worker of the
 * browser project). A file claims a free one at its first use and gives it back when it ends
 * (support/release-test-server.ts), so two files never share a server, whose demo clock a test
 * may move. The claim is a file only one process can create; one left by a process that died is
 * taken over. (Vitest's VITEST_POOL_ID cannot serve: after the other projects' groups it was 1
 * in every browser worker at once.)
 */
let claimed: BrowserTestServer | undefined;

export function testServer(): BrowserTestServer {
  if (claimed) return claimed;
  const servers = inject('browserServers');
  for (const server of servers) {
    if (tryClaim(server.claimFile)) {
      claimed = server;
      process.once('exit', releaseTestServer);
      return server;
    }
  }
  throw new Error(
    `All ${servers.length} browser test servers are in use: more test files run at once than servers`,
  );
}

export function releaseTestServer(): void {
  if (!claimed) return;
  try {
    if (readFileSync(claimed.claimFile, 'utf8') === String(process.pid)) unlinkSync(claimed.claimFile);
  } catch {
    // Already gone.
  }
  claimed = undefined;
}

function tryClaim(claimFile: string): boolean {
  if (createClaim(claimFile)) return true;
  if (!isHeldByDeadProcess(claimFile)) return false;
  try {
    unlinkSync(claimFile);
  } catch {
    // Another process took it over first.
  }
  return createClaim(claimFile);
}

/** Creates the claim with this process's id, unless it exists ('wx': exclusive creation). */
function createClaim(claimFile: string): boolean {
  try {
    writeFileSync(claimFile, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    return false;
  }
}

function isHeldByDeadProcess(claimFile: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(claimFile, 'utf8'));
  } catch {
    return false;
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}
