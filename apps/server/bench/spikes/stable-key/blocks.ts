/**
 * Ranks counted over key ranges: `spike_blocks` holds, per board (the global order, each
 * country's, each club's), the first member of every block as cut (their `ord`) and how
 * many members lie between it and the next block's first. Nothing stores a member's position:
 * a member's rank is the members of the earlier blocks plus those before them in their block.
 */
import type pg from 'pg';

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
    await client.query(`insert into ${blocks}
      select board, ${ORDER}, place from (
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

/**
 * Moves the block counts for `movers` (user_id, country, club, old_ord and new_ord): each mover leaves the block holding their old place and joins the one holding their
 * new place, on each of the three boards. A mover with no old place (a newcomer) only joins.
 */
export async function moveBlockCounts(client: pg.ClientBase, movers: string): Promise<number> {
  let moved = 0;
  for (const board of Object.values(BOARDS)) {
    const side = (prefix: string, change: number) => `select place.*, ${change} as change
      from (select ${board} as board, ${prefix}_ord as ord from ${movers} as row where ${prefix}_ord is not null) as member
      cross join ${blockOf('member.board', 'member')} as place`;
    const result = await client.query(`update spike_blocks as block set members = block.members + delta.change
      from (select board, ${ORDER}, sum(change)::int as change
        from (${side('old', -1)} union all ${side('new', 1)}) as moves
        group by board, ${ORDER} having sum(change) <> 0) as delta
      where block.board = delta.board and block.ord = delta.ord`);
    moved += result.rowCount ?? 0;
  }
  return moved;
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
  where me.user_id = $1`;
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
  return `select row.user_id, row.bucket, start.before from (
      select ord, before from (select ord, sum(members) over (order by ord) - members as before
        from spike_blocks where board = ${quote(board)}) as counted
      where before < $1 order by ord desc limit 1) as start
    cross join lateral (select skipped.ord from ${table} as skipped where skipped.ord >= start.ord ${filter('skipped')}
      order by skipped.ord offset $1 - 1 - start.before limit 1) as first
    cross join lateral (select * from ${table} as row where row.ord >= first.ord ${filter('row')}
      order by row.ord limit 25) as row`;
}
