/**
 * Ranks counted over key ranges: `spike_blocks` holds, per board (the global order, each
 * country's, each club's), the first member of every block as cut (their `ord`) and how
 * many members lie between it and the next block's first. Nothing stores a member's position:
 * a member's rank is the members of the earlier blocks plus those before them in their block.
 */
import type pg from 'pg';
import { bucketOfOrd, memberOfUser } from './member-board.ts';

export const BLOCK_SIZE = 4096;
/** A board's rows: the member's board name as SQL over the board table's row `row`. */
export const BOARDS = {
  global: `'global'`,
  country: `'country:' || row.country`,
  club: `'club:' || row.club`,
} as const;
export type BoardKind = keyof typeof BOARDS;
/**
 * The one order column, `ord` (bucket, key, toss and id as one byte string): a range of a
 * four-column row comparison, `(bucket, key, toss, user_id) >= (…) and … < (…)`, is not where
 * PostgreSQL 15 starts its index scan (it read a whole bucket's pages to count a block).
 */
const ORDER = 'ord';
const tuple = (alias: string) => `${alias}.ord`;

/** Cuts every board of `table` into blocks of `BLOCK_SIZE` (the first build, or a rebuild's). */
export async function cutBlocks(
  client: pg.ClientBase,
  table: string,
  blocks = 'spike_blocks',
): Promise<void> {
  await client.query(`drop table if exists ${blocks}`);
  await client.query(`create table ${blocks} (board text collate "C" not null, ord bytea not null,
    members int not null, primary key (board, ord))`);
  // Each board read in its order index (no sort); `members` holds the first member's place
  // until the board's size is known.
  for (const [kind, board] of Object.entries(BOARDS)) {
    const partition = kind === 'global' ? '' : `partition by row.${kind}`;
    // A board's first block starts at the empty string, below any `ord`: a mover who comes
    // first on the board still falls in a block.
    await client.query(`insert into ${blocks}
      select board, case when place = 0 then ''::bytea else ${ORDER} end, place from (
        select ${board} as board, ${ORDER}, row_number() over (${partition} order by ${ORDER}) - 1 as place
        from ${table} as row) as placed
      where place % ${BLOCK_SIZE} = 0`);
    await client.query(`update ${blocks} as block set members = least(${BLOCK_SIZE}, size.members - block.members)
      from (select ${board} as board, count(*) as members from ${table} as row group by 1) as size
      where block.board = size.board`);
  }
  await client.query(`analyze ${blocks}`);
}

/** The block of `board` holding the member whose order columns are `member` (a row alias), as a lateral subquery. */
export function blockOf(board: string, member: string): string {
  return `lateral (select block.board, ${ORDER.split(', ')
    .map((column) => `block.${column}`)
    .join(', ')} from spike_blocks as block where block.board = ${board}
    and ${tuple('block')} <= ${tuple(member)} order by ${DESCENDING} limit 1)`;
}
const DESCENDING = ['board', ...ORDER.split(', ')].map((column) => `block.${column} desc`).join(', ');

/** Block starts per part of a board, so that a search walks two short arrays, not one long one. */
const PART = 64;

/**
 * Moves the block counts of `blocks` for `moves` (country, club, old_ord and new_ord): each
 * mover leaves the block holding their old place and joins the one holding their new place, on
 * each of the three boards; a mover with no old place (a newcomer) only joins. The block is
 * found by `width_bucket` over the board's sorted block starts (a binary search in C), not by
 * an index probe per mover and board; in two steps, every 64th start then the 64 starts of
 * that part, because over variable-width elements `width_bucket` walks the array from its left
 * end. The unchanged members keep their `ord`, so every block's start stays valid.
 */
export async function moveBlockCounts(
  client: pg.ClientBase,
  moves: string,
  blocks = 'spike_blocks',
): Promise<number> {
  const sides = Object.values(BOARDS).flatMap((board) => [
    `select ${board} as board, old_ord as ord, -1 as change from ${moves} as row where old_ord is not null`,
    `select ${board} as board, new_ord as ord, 1 as change from ${moves} as row`,
  ]);
  // The part is found first (`offset 0` keeps it apart), so that the second search is joined
  // on (board, part) and not tried against every part of the board; the sums are hashed (with
  // sorts "disabled" the plan's cost would turn JIT on, which compiles for a second: off too).
  const { rows: settings } = await client.query<{ jit: string }>(`select current_setting('jit') as jit`);
  await client.query('set enable_sort = off');
  await client.query('set jit = off');
  const result = await client.query(`with numbered as (
      select board, ord, (row_number() over (partition by board order by ord) - 1)::int as n from ${blocks}),
    parts as materialized (select board, array_agg(ord order by ord) as starts
      from numbered where n % ${PART} = 0 group by board),
    part_starts as materialized (select board, n / ${PART} + 1 as part, array_agg(ord order by ord) as starts
      from numbered group by 1, 2),
    placed as (select moved.board, moved.part, width_bucket(moved.ord, part_starts.starts) as slot,
        sum(moved.change)::int as change
      from (select move.board, move.ord, move.change, width_bucket(move.ord, parts.starts) as part
        from (${sides.join(' union all ')}) as move join parts on parts.board = move.board offset 0) as moved
      join part_starts on part_starts.board = moved.board and part_starts.part = moved.part
      group by 1, 2, 3 having sum(moved.change) <> 0)
    update ${blocks} as block set members = block.members + placed.change
    from placed join part_starts on part_starts.board = placed.board and part_starts.part = placed.part
    where block.board = placed.board and block.ord = part_starts.starts[placed.slot]`);
  await client.query('reset enable_sort');
  await client.query(`set jit = ${settings[0]?.jit === 'off' ? 'off' : 'on'}`);
  return result.rowCount ?? 0;
}

/**
 * The other way to count (SPIKE_BLOCKS=recount): every block of one kind of board counted again
 * in `table` over its key range, along the board's order index alone (the table vacuumed),
 * the blocks' starts kept as they are.
 */
export async function recountBlocks(client: pg.ClientBase, table: string, blocks: string, kind: BoardKind) {
  const filter = kind === 'global' ? '' : `and row.${kind} = substr(bounds.board, ${kind.length + 2})::int2`;
  await client.query(`update ${blocks} as block set members = (select count(*) from ${table} as row
      where row.ord >= bounds.ord and row.ord < coalesce(bounds.next, '\\xff'::bytea) ${filter})
    from (select board, ord, lead(ord) over (partition by board order by ord) as next from ${blocks}
      where board ${kind === 'global' ? "= 'global'" : `like '${kind}:%'`}) as bounds
    where block.board = bounds.board and block.ord = bounds.ord`);
}

/** How large a block may grow by moved counts before it is cut again (SPIKE_SWOLLEN to test the cut). */
export const SWOLLEN = Number(process.env.SPIKE_SWOLLEN ?? 2 * BLOCK_SIZE);

/**
 * Cuts again only the blocks of `blocks` that grew past `SWOLLEN`, from `table` read along its
 * order indexes: each becomes blocks of `BLOCK_SIZE` (its first keeps its start). Returns how
 * many blocks were cut.
 */
export async function splitSwollenBlocks(client: pg.ClientBase, table: string, blocks: string) {
  const { rows } = await client.query<{ board: string; ord: Buffer; next: Buffer | null }>(
    `select board, ord, next from (select board, ord, members,
        lead(ord) over (partition by board order by ord) as next from ${blocks}) as block
      where members > ${SWOLLEN}`,
  );
  for (const block of rows) {
    const [kind, ...name] = block.board.split(':');
    const filter = kind === 'global' ? '' : `and row.${kind} = $4`;
    const values = [block.board, block.ord, block.next, ...(kind === 'global' ? [] : [name.join(':')])];
    await client.query(`delete from ${blocks} where board = $1 and ord = $2`, values.slice(0, 2));
    await client.query(
      `insert into ${blocks} select $1, case when place = 0 then $2::bytea else ord end,
          least(${BLOCK_SIZE}, total - place) from (
        select ord, row_number() over (order by ord) - 1 as place, count(*) over () as total
        from ${table} as row where row.ord >= $2 and row.ord < coalesce($3::bytea, '\\xff'::bytea) ${filter}) as placed
      where place % ${BLOCK_SIZE} = 0`,
      values,
    );
  }
  return rows.length;
}

const boardOf = (kind: BoardKind, alias: string) => BOARDS[kind].replaceAll('row.', `${alias}.`);

/** A member's rank on a board: the earlier blocks' members, plus those before them in their block, plus one. */
export function rankSql(table: string, kind: BoardKind): string {
  const filter = kind === 'global' ? '' : `and row.${kind} = me.${kind}`;
  return `select (select coalesce(sum(members), 0) from spike_blocks as earlier
      where earlier.board = place.board and ${tuple('earlier')} < ${tuple('place')})
    + (select count(*) from ${table} as row
        where ${tuple('row')} >= ${tuple('place')} and ${tuple('row')} < ${tuple('me')} ${filter})
    + 1 as rank
  from ${table} as me cross join ${blockOf(boardOf(kind, 'me'), 'me')} as place
  where me.member = ${memberOfUser}`;
}

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * Page rows from rank $1 (1-based), 25 rows, of `board` ('global', 'country:…', 'club:…'): the
 * block holding that rank, the page's first member found within it along the order index alone
 * (skipping rows there reads no table pages), then the page's rows from that member on.
 */
export function pageSql(table: string, board: string): string {
  const [kind, ...name] = board.split(':');
  const filter = (alias: string) =>
    kind === 'global' ? '' : `and ${alias}.${kind} = ${quote(name.join(':'))}`;
  return `select row.user_id, ${bucketOfOrd('row.ord')} as bucket, start.before from (
      select ord, before from (select ord, sum(members) over (order by ord) - members as before
        from spike_blocks where board = ${quote(board)}) as counted
      where before < $1 order by ord desc limit 1) as start
    cross join lateral (select skipped.ord from ${table} as skipped where skipped.ord >= start.ord ${filter('skipped')}
      order by skipped.ord offset $1 - 1 - start.before limit 1) as first
    cross join lateral (select * from ${table} as row where row.ord >= first.ord ${filter('row')}
      order by row.ord limit 25) as row`;
}
