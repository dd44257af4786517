/**
 * Measure 1 of the spike: each encoding's key bytes after gameweeks 37 and 38, the time to key
 * every squad, the order indexes' size and build time, and the order checked on a sample.
 * `SPIKE_DB=spike_1m node --import tsx apps/server/bench/spikes/stable-key/measure-keys.ts [goals|dense|pairs]`
 */
import { createBoard, type Encoding, ID_BYTES_FUNCTION, ORDER_INDEXES } from './board-sql.ts';
import { readScorers, writeScorers } from './key-sql.ts';
import { checkOrder } from './order-check.ts';
import { AFTER_GAMEWEEK_37, AFTER_GAMEWEEK_38, connect, one, relationMiB, timed } from './spike-db.ts';

const encodings = (process.argv[2] ? [process.argv[2]] : ['goals', 'dense', 'pairs']) as Encoding[];
const client = await connect();
await client.query('create extension if not exists intarray');
await client.query(ID_BYTES_FUNCTION);
await client.query('set jit = on');

for (const encoding of encodings) {
  for (const [label, at] of [
    ['gameweek 37', AFTER_GAMEWEEK_37],
    ['gameweek 38', AFTER_GAMEWEEK_38],
  ] as const) {
    const { scorers, limbCount, slots } = await readScorers(client, at);
    await writeScorers(client, scorers);
    const table = `spike_board_${encoding}`;
    await timed(`${encoding} after ${label}: every member keyed (create table as, ${slots} slots)`, () =>
      createBoard(client, table, encoding, limbCount),
    );
    const bytes = await one<{ members: string; average: string; largest: number; empty: string }>(
      client,
      `select count(*) as members, round(avg(octet_length(key)) filter (where octet_length(key) > 1), 1) as average,
         max(octet_length(key)) as largest, count(*) filter (where octet_length(key) <= 1) as empty from ${table}`,
    );
    console.log(
      `${encoding} after ${label}: key bytes ${JSON.stringify(bytes)}, table ${await relationMiB(client, table)}`,
    );
  }
  const table = `spike_board_${encoding}`;
  await client.query(`vacuum analyze ${table}`);
  await client.query(`set maintenance_work_mem = '64MB'`);
  for (const [name, statement] of Object.entries(ORDER_INDEXES)) {
    await timed(`${encoding}: index ${name} built`, () => client.query(statement(table)));
    const index = `${table}_${{ globalOrd: 'ord', countryOrd: 'country_ord' }[name] ?? name}`;
    console.log(`${encoding}: index ${name} ${await relationMiB(client, index)}`);
  }
  console.log(`${encoding}: order check ${await checkOrder(client, table, AFTER_GAMEWEEK_38, 5000)}`);
}
await client.end();
