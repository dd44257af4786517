/** Measure 4: rank lookups and deep pages over key-range blocks, one connection, p50 and p95. */
import type pg from 'pg';
import { pageSql, rankSql } from './blocks.ts';
import { boardNamed } from './member-board.ts';
import { load } from './spike-db.ts';

function percentiles(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
  return `p50 ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, max ${at(1).toFixed(2)} ms`;
}

async function timeEach(client: pg.ClientBase, text: string, values: unknown[][]): Promise<number[]> {
  const times: number[] = [];
  for (const value of values) {
    const started = performance.now();
    await client.query({ name: text.length.toString(36) + text.slice(-40), text, values: value });
    times.push(performance.now() - started);
  }
  return times;
}

/** Times rank lookups of random members and random pages of the global, the largest country's and a club's board. */
export async function measureReads(client: pg.ClientBase, moment: string): Promise<void> {
  const { rows: members } = await client.query<{ user_id: string }>(
    'select user_id from spike_board tablesample system (1) order by random() limit 200',
  );
  const sizes = await client.query<{ board: string; members: string }>(
    `select board, sum(members) as members from spike_blocks
     where board in ('global', ${boardNamed('country', 'United Kingdom')}, ${boardNamed('club', 'Arsenal')})
     group by board order by board`,
  );
  for (const kind of ['global', 'country', 'club'] as const) {
    const times = await timeEach(
      client,
      rankSql('spike_board', kind),
      members.map((member) => [member.user_id]),
    );
    console.log(
      `reads ${moment}: rank lookup, ${kind} board, 200 members: ${percentiles(times)} (load ${load()})`,
    );
  }
  for (const { board, members: size } of sizes.rows) {
    const ranks = Array.from({ length: 300 }, () => [1 + Math.floor(Math.random() * (Number(size) - 25))]);
    const times = await timeEach(client, pageSql('spike_board', board), ranks);
    console.log(
      `reads ${moment}: 300 random pages of ${board} (${size}): ${percentiles(times)} (load ${load()})`,
    );
  }
}
