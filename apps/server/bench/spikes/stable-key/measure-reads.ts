/**
 * Measure 4 alone, on the board as `measure-paths.ts` left it:
 * `SPIKE_DB=spike_10m node --import tsx apps/server/bench/spikes/stable-key/measure-reads.ts`
 */
import { measureReads } from './reads.ts';
import { connect } from './spike-db.ts';

const client = await connect();
await measureReads(client, process.argv[2] ?? 'at rest');
await client.end();
