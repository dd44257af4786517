import { describe, expect, it } from 'vitest';
import { BLOCK_SPAN } from '../../../../src/db/schema/index.ts';
import {
  placeInBlock,
  SPREAD_SPACING,
} from '../../../../src/plugins/app/standings/placing/block-positions.ts';
import type { StoredMember } from '../../../../src/plugins/app/standings/placing/board-members-repository.ts';

/*
 * Positions for members entering a rank block (block-positions.ts): the block's order afterwards,
 * stored and entering members together, must be the order the gaps name, every position inside
 * the block and unique, and no new position one another stored member held.
 */

const BLOCK = 3;
const blockStart = BLOCK * BLOCK_SPAN;

function storedAt(offsets: readonly number[]): StoredMember[] {
  return offsets.map((offset, index) => ({ userId: `stored-${index}`, position: blockStart + offset }));
}

/** Checks the block after the placement and answers it: ids in position order, and who moved. */
function expectOrderedBlock(stored: readonly StoredMember[], gaps: readonly number[]) {
  const placed = placeInBlock(BLOCK, stored, gaps);
  if (!placed) throw new Error('no room');
  const movedTo = new Map(placed.moved.map((member) => [member.userId, member.position]));
  const after = [
    ...stored.map((member) => ({
      id: member.userId,
      position: movedTo.get(member.userId) ?? member.position,
    })),
    ...placed.positions.map((position, index) => ({ id: `entering-${index}`, position })),
  ].sort((a, b) => a.position - b.position);

  // The order the gaps name: entering members before the stored member their gap counts up to.
  const expected: string[] = [];
  for (let index = 0; index <= stored.length; index += 1) {
    for (const [entering, gap] of gaps.entries()) if (gap === index) expected.push(`entering-${entering}`);
    if (index < stored.length) expected.push(`stored-${index}`);
  }
  expect(after.map((member) => member.id)).toEqual(expected);
  expect(new Set(after.map((member) => member.position)).size).toBe(after.length);
  for (const { position } of after) {
    expect(Number.isSafeInteger(position)).toBe(true);
    expect(Math.floor((position - 1) / BLOCK_SPAN)).toBe(BLOCK);
  }
  const heldBy = new Map(stored.map((member) => [member.position, member.userId]));
  for (const member of placed.moved) {
    expect(member.position).not.toBe(stored.find((old) => old.userId === member.userId)?.position);
    const holder = heldBy.get(member.position);
    expect(holder === undefined || holder === member.userId).toBe(true);
  }
  for (const position of placed.positions) expect(heldBy.has(position)).toBe(false);
  return { after, placed };
}

describe('positions for members entering a rank block', () => {
  it('puts the members going into one gap in its lower half, evenly, and moves nobody', () => {
    const stride = 2 ** 28;
    const stored = storedAt([0.5, 1.5, 2.5, 3.5].map((rank) => rank * stride));
    const { placed } = expectOrderedBlock(stored, [0, 2, 2, 2, 4]);
    expect(placed.moved).toEqual([]);
    // Three into the gap between the second and third: a quarter of the gap's half apart.
    const step = Math.floor(stride / 6);
    expect(placed.positions.slice(1, 4)).toEqual(
      [3, 2, 1].map((back) => blockStart + 2.5 * stride - back * step),
    );
  });

  it('spreads out a stretch around a gap without room, and only as far as it must', () => {
    // A thousand members one position apart at the block's start, then a few far apart.
    const offsets = [
      ...Array.from({ length: 1_000 }, (_, index) => index + 1),
      ...[1, 2, 3, 4].map((step) => step * (BLOCK_SPAN / 5)),
    ];
    const stored = storedAt(offsets);
    const gaps = Array.from({ length: 500 }, () => 400);
    const { after, placed } = expectOrderedBlock(stored, gaps);
    expect(placed.moved.length).toBeGreaterThan(0);
    // The stretch reached past the squeezed thousand to the first far member, not beyond it.
    const moved = new Set(placed.moved.map((member) => member.userId));
    expect(moved.has('stored-1003')).toBe(false);
    expect(moved.has('stored-1004')).toBe(false);
    // Its members, the entering ones among them, are at least SPREAD_SPACING apart.
    const stretch = after.filter((member) => moved.has(member.id) || member.id.startsWith('entering-'));
    for (const [index, member] of stretch.entries()) {
      if (index > 0)
        expect(member.position - (stretch[index - 1]?.position ?? 0)).toBeGreaterThanOrEqual(SPREAD_SPACING);
    }
  });

  it('spreads the whole block when nothing less has room, and takes the block end as its last bound', () => {
    const stored = storedAt(Array.from({ length: 2_000 }, (_, index) => index + 1));
    const gaps = [0, 0, 1_000, 2_000, 2_000];
    const { placed } = expectOrderedBlock(stored, gaps);
    expect(placed.moved.length).toBeGreaterThan(1_000);
  });

  it('keeps the order, the block and unique positions for random blocks and gaps', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let spreads = 0;
    for (let trial = 0; trial < 200; trial += 1) {
      // Clusters of members one to a few positions apart, between wide gaps.
      const offsets: number[] = [];
      let offset = 0;
      const members = Math.floor(random() * 300);
      for (let index = 0; index < members; index += 1) {
        offset += random() < 0.1 ? Math.floor(random() * 2 ** 30) + 1 : Math.floor(random() * 3) + 1;
        offsets.push(offset);
      }
      const stored = storedAt(offsets);
      const gaps = Array.from({ length: Math.floor(random() * 400) }, () =>
        Math.floor(random() * (members + 1)),
      ).sort((a, b) => a - b);
      if (expectOrderedBlock(stored, gaps).placed.moved.length > 0) spreads += 1;
    }
    // Most blocks this dense need a stretch spread out.
    expect(spreads).toBeGreaterThan(50);
  });
});
