import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  FALLBACK_OPEN_FILE_LIMIT,
  parseOpenFileLimit,
  readOpenFileLimit,
} from '../../../../src/config/open-file-limit.ts';
import {
  clientKey,
  createStreamAdmission,
  defaultStreamCap,
} from '../../../../src/plugins/app/notifications/stream-admission.ts';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max processes             63502                63502                processes
Max open files            1024                 524288               files
Max locked memory         8388608              8388608              bytes
`;

describe('the instance cap on live streams', () => {
  it('is half the soft open-file limit, the rest kept for requests and the database', () => {
    expect(parseOpenFileLimit(LIMITS)).toBe(1024);
    expect(defaultStreamCap(1024)).toBe(512);
    expect(defaultStreamCap(1)).toBe(1);
  });

  it('falls back to a common default when the limit is unlimited or unreadable', () => {
    expect(parseOpenFileLimit(LIMITS.replace('1024 ', 'unlimited'))).toBeUndefined();
    expect(parseOpenFileLimit('')).toBeUndefined();
    expect(FALLBACK_OPEN_FILE_LIMIT).toBe(1024);
  });

  it.runIf(process.platform === 'linux')("reads this process's own limit", () => {
    expect(readOpenFileLimit()).toBe(parseOpenFileLimit(readFileSync('/proc/self/limits', 'utf8')));
  });
});

describe('whose streams count together', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:bbbb:cccc:dddd:eeee', '2001:db8:1:2::/64'],
    ['2001:0db8::9', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s counts as %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});

describe('admitting streams', () => {
  function admissionWithLog(perInstance: number) {
    const warnings: string[] = [];
    const log = { warn: (_fields: unknown, message: string) => warnings.push(message) };
    const admission = createStreamAdmission(
      { perClient: 100, perInstance, lifetimeSeconds: 600 },
      log as unknown as FastifyBaseLogger,
    );
    return { admission, warnings };
  }

  it('warns once per crossing of 80%, again only after falling under 70%', () => {
    const { admission, warnings } = admissionWithLog(10);
    const releases: (() => void)[] = [];
    let clients = 0;
    const open = (count: number) => {
      for (let index = 0; index < count; index += 1) {
        clients += 1;
        const admitted = admission.admit(`198.51.100.${clients}`);
        if (!admitted.isAdmitted) throw new Error('refused');
        releases.push(admitted.release);
      }
    };
    const close = (count: number) => {
      for (let index = 0; index < count; index += 1) releases.pop()?.();
    };
    open(9);
    expect(warnings).toHaveLength(1);
    close(1); // 8: still at 80%
    close(1); // 7: 70%, not under it
    open(2);
    expect(warnings).toHaveLength(1);
    close(3); // 6: under 70%
    open(2);
    expect(warnings).toHaveLength(2);
    expect(admission.counts()).toEqual({ streams: 8, clients: 8 });
  });

  it('frees a slot once however often it is released, and a refused client holds none', () => {
    const { admission } = admissionWithLog(2);
    const first = admission.admit('198.51.100.1');
    const second = admission.admit('198.51.100.1');
    expect(admission.admit('198.51.100.2')).toMatchObject({ isAdmitted: false, retryAfterSeconds: 30 });
    if (!first.isAdmitted || !second.isAdmitted) throw new Error('refused');
    first.release();
    first.release();
    expect(admission.counts()).toEqual({ streams: 1, clients: 1 });
    second.release();
    expect(admission.counts()).toEqual({ streams: 0, clients: 0 });
  });
});
