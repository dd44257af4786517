import { BLOCK_SPAN } from '../../../../db/schema/index.ts';
import type { StoredMember } from './board-members-repository.ts';
import type { MovedMember } from './board-rows-repository.ts';

/**
 * The spacing a spread-out stretch of a block leaves between its members: room for the next
 * popular goal's pickers (the most-picked scorer's: docs/benchmarks/standings.md) to go into any
 * one gap, and a few goals after it, before that stretch is spread again.
 */
export const SPREAD_SPACING = 2 ** 18;

/**
 * Positions in one rank block for members entering it, `gaps[i]` being how many of the block's
 * stored members (`stored`, in their order) rank before the i-th (`gaps` in the entering
 * members' order, so never decreasing). The members going into one gap fill its lower half,
 * evenly, in their order: a goal's pickers gather at the top of their new total's members, and
 * the next goal's pickers go above them, into the upper half left free.
 *
 * Goals at one kick-off (every match of the final day) send each goal's pickers into the gaps
 * the one before left, until a gap is too narrow for the members going into it. Then a stretch of
 * the block around that gap is spread out: the stored members in it and the members entering it,
 * in their order, evenly over the positions between its two ends. The stretch grows a member at a
 * time, on the side of the wider gap, until it leaves SPREAD_SPACING between its members (or is
 * the whole block), so the fewest stored members move rather than the block's tens of thousands;
 * `moved` lists them. Everyone stays in their block, so no rank block changes, and no new position
 * is one a stored member of the block holds, as the unique position indexes are checked row by
 * row. Undefined when even the whole block has no room (more members than half its 268 billion
 * positions).
 */
export function placeInBlock(
  block: number,
  stored: readonly StoredMember[],
  gaps: readonly number[],
): { positions: number[]; moved: MovedMember[] } | undefined {
  const layout = blockLayout(block, stored, gaps);
  const stretches = findStretches(layout);
  return stretches && spreadStretches(layout, stretches);
}

/** A block's stored members, the gaps members enter, and what is measured of them. */
interface BlockLayout {
  stored: readonly StoredMember[];
  gaps: readonly number[];
  /** The position just before stored member `index` (the previous member's, or the block's start). */
  before(index: number): number;
  /** Stored member `index`'s position, or the block's end after the last. */
  at(index: number): number;
  /** How many entering members go into the gaps from before stored member `low` to before `high`. */
  enteringBetween(low: number, high: number): number;
  /** The stretch from gap `low` to gap `high` leaves `spacing` between its members. */
  hasRoom(low: number, high: number, spacing: number): boolean;
}

function blockLayout(block: number, stored: readonly StoredMember[], gaps: readonly number[]): BlockLayout {
  const blockStart = block * BLOCK_SPAN;
  const blockEnd = (block + 1) * BLOCK_SPAN + 1;
  const before = (index: number) => stored[index - 1]?.position ?? blockStart;
  const at = (index: number) => stored[index]?.position ?? blockEnd;
  const enteringBetween = (low: number, high: number) => firstAbove(gaps, high) - firstAbove(gaps, low - 1);
  const hasRoom = (low: number, high: number, spacing: number) =>
    (at(high) - before(low)) / (high - low + enteringBetween(low, high) + 1) >= spacing;
  return { stored, gaps, before, at, enteringBetween, hasRoom };
}

/** A range [low, high] of gaps: the stored members low to high - 1 move, and the members entering gaps low to high go between them. */
interface Stretch {
  low: number;
  high: number;
}

/** The stretches to spread; undefined when one has no room even as the whole block. */
function findStretches(layout: BlockLayout): Stretch[] | undefined {
  const { stored, gaps, before, at, hasRoom } = layout;
  const stretches: Stretch[] = [];
  for (let start = 0; start < gaps.length; ) {
    const gap = gaps[start] ?? 0;
    if (hasRoom(gap, gap, 2)) {
      start = firstAbove(gaps, gap);
      continue;
    }
    let stretch = { low: gap, high: gap };
    while (!hasRoom(stretch.low, stretch.high, SPREAD_SPACING)) {
      // Grown by one member at a time, on the side of the wider gap: the fewest members move.
      const { low, high } = stretch;
      if (low === 0 && high === stored.length) break;
      const widerBelow = low > 0 ? before(low) - before(low - 1) : -1;
      const widerAbove = high < stored.length ? at(high + 1) - at(high) : -1;
      stretch = widerAbove >= widerBelow ? { low, high: high + 1 } : { low: low - 1, high };
      // Grown into the stretch before: one stretch.
      const last = stretches.at(-1);
      if (last && stretch.low <= last.high) {
        stretches.pop();
        stretch = { low: last.low, high: stretch.high };
      }
    }
    if (!hasRoom(stretch.low, stretch.high, 2)) return undefined;
    stretches.push(stretch);
    start = firstAbove(gaps, stretch.high);
  }
  return stretches;
}

/**
 * The entering members' positions: those in a stretch spread with its stored members, the others
 * in their gap's lower half; undefined when a stretch runs out of positions.
 */
function spreadStretches(
  layout: BlockLayout,
  stretches: readonly Stretch[],
): { positions: number[]; moved: MovedMember[] } | undefined {
  const { stored, gaps, before, at, enteringBetween } = layout;
  const positions: number[] = new Array(gaps.length);
  const moved: MovedMember[] = [];
  const held = new Set(stored.map((member) => member.position));
  let entry = 0;
  /** The members entering gaps before `limit` that no stretch holds: each gap's lower half. */
  const fillGapsBefore = (limit: number) => {
    while (entry < gaps.length && (gaps[entry] ?? 0) < limit) {
      const gap = gaps[entry] ?? 0;
      const end = firstAbove(gaps, gap);
      const count = end - entry;
      const step = Math.floor((at(gap) - before(gap)) / (2 * count));
      for (let index = 0; index < count; index += 1)
        positions[entry + index] = at(gap) - (count - index) * step;
      entry = end;
    }
  };
  for (const stretch of stretches) {
    fillGapsBefore(stretch.low);
    // The stretch: its stored and entering members, in their order, evenly between its ends.
    const start = before(stretch.low);
    const members = stretch.high - stretch.low + enteringBetween(stretch.low, stretch.high);
    const spacing = (at(stretch.high) - start) / (members + 1);
    let previous = start;
    let place = 0;
    const next = () => {
      place += 1;
      let position = Math.max(previous + 1, start + Math.floor(spacing * place));
      while (held.has(position)) position += 1;
      previous = position;
      return position;
    };
    for (let index = stretch.low; index <= stretch.high; index += 1) {
      while (entry < gaps.length && gaps[entry] === index) {
        positions[entry] = next();
        entry += 1;
      }
      const member = stored[index];
      if (index < stretch.high && member) {
        const position = next();
        if (position !== member.position) moved.push({ userId: member.userId, position });
      }
    }
    if (previous >= at(stretch.high)) return undefined;
  }
  fillGapsBefore(Number.POSITIVE_INFINITY);
  return { positions, moved };
}

/** The index of the first value above `value` in the never-decreasing `values` (their length if none). */
function firstAbove(values: readonly number[], value: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((values[middle] ?? 0) <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}
