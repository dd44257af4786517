import { describe, expect, it } from 'vitest';
import {
  createLeagueMembershipCache,
  type KeptMembership,
} from '../../../../src/plugins/app/leagues/league-membership-cache.ts';

const APPROVED: KeptMembership = {
  seasonId: '2025-26',
  membersChangedAt: '1754136000000000',
  approvedMembers: 12,
  isApproved: true,
};
const PENDING: KeptMembership = { ...APPROVED, isApproved: false };

/** A look-up's loader that counts its reads and answers `value`. */
function counted(value: KeptMembership | undefined) {
  const loader = Object.assign(
    async () => {
      loader.reads += 1;
      return value;
    },
    { reads: 0 },
  );
  return loader;
}

describe('the league membership cache', () => {
  it("keeps an approved member's membership, and reads anyone else's every time", async () => {
    const cache = createLeagueMembershipCache();
    const member = counted(APPROVED);
    expect(await cache.lookup('league-a', 'ada', member)).toEqual(APPROVED);
    expect(await cache.lookup('league-a', 'ada', member)).toEqual(APPROVED);
    expect(member.reads).toBe(1);

    for (const other of [counted(PENDING), counted(undefined)]) {
      await cache.lookup('league-a', 'bo', other);
      await cache.lookup('league-a', 'bo', other);
      expect(other.reads).toBe(2);
    }
    expect(cache.size).toBe(1);
  });

  it("forgets one league's members, not another's", async () => {
    const cache = createLeagueMembershipCache();
    const inA = counted(APPROVED);
    const inB = counted(APPROVED);
    await cache.lookup('league-a', 'ada', inA);
    await cache.lookup('league-b', 'ada', inB);
    cache.forgetLeague('league-a');
    await cache.lookup('league-a', 'ada', inA);
    await cache.lookup('league-b', 'ada', inB);
    expect([inA.reads, inB.reads]).toEqual([2, 1]);

    cache.clear();
    await cache.lookup('league-b', 'ada', inB);
    expect(inB.reads).toBe(2);
  });

  it('does not keep what a look-up read while its league was forgotten', async () => {
    const cache = createLeagueMembershipCache();
    let finish = (_value: KeptMembership) => {};
    const slow = cache.lookup('league-a', 'ada', () => new Promise((resolve) => (finish = resolve)));
    cache.forgetLeague('league-a');
    finish(APPROVED);
    expect(await slow).toEqual(APPROVED);
    expect(cache.size).toBe(0);

    const beforeClear = cache.lookup('league-a', 'ada', () => new Promise((resolve) => (finish = resolve)));
    cache.clear();
    finish(APPROVED);
    await beforeClear;
    expect(cache.size).toBe(0);
  });

  it('trusts a membership no longer than its time to live', async () => {
    const cache = createLeagueMembershipCache({ ttlMs: 40 });
    const member = counted(APPROVED);
    await cache.lookup('league-a', 'ada', member);
    await cache.lookup('league-a', 'ada', member);
    expect(member.reads).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 80));
    await cache.lookup('league-a', 'ada', member);
    expect(member.reads).toBe(2);
  });
});
