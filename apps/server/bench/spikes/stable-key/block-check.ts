/**
 * Checks the stored block counts against the members each block's key range holds now
 * (`SPIKE_CHECK_BLOCKS=1` in `measure-paths.ts`). One search over all of a board's starts per
 * member and board: minutes at ten million players, so for a million at most.
 */
import type pg from 'pg';
import { BOARDS } from './blocks.ts';

/** Every block of `blocks` counted again from `table`: how many differ, and the largest block. */
export async function checkBlocks(client: pg.ClientBase, table = 'spike_board', blocks = 'spike_blocks') {
  const members = Object.values(BOARDS)
    .map((board) => `select ${board} as board, row.ord from ${table} as row`)
    .join(' union all ');
  const { rows } = await client.query<{ blocks: string; wrong: string; largest: number; empty: string }>(
    `with starts as materialized (
        select board, array_agg(ord order by ord) as starts from ${blocks} group by board),
      counted as (select member.board, starts.starts[width_bucket(member.ord, starts.starts)] as ord,
          count(*)::int as members
        from (${members}) as member join starts on starts.board = member.board group by 1, 2)
    select count(*) as blocks, count(*) filter (where coalesce(counted.members, 0) <> block.members) as wrong,
      max(block.members) as largest, count(*) filter (where block.members = 0) as empty
    from ${blocks} as block full join counted on counted.board = block.board and counted.ord = block.ord`,
  );
  const row = rows[0];
  return `${row?.blocks} blocks, ${row?.wrong} counted differently, largest ${row?.largest}, ${row?.empty} empty`;
}
