/**
 * Builds the bench population (players, squads, the real season's goals) in a database of the
 * spike's own that is kept after the run, so that every measurement can reuse it:
 * `SPIKE_DB=spike_1m SPIKE_PLAYERS=1000000 node --import tsx apps/server/bench/spikes/stable-key/build-population.ts`
 */
import pg from 'pg';
import { openDatabase } from '../../../src/db/database.ts';
import { prepareDatabase } from '../../../src/db/prepare-database.ts';
import { findActiveSeason } from '../../../src/plugins/app/season/season-repository.ts';
import { addPopulation } from '../../standings-population.ts';

const server = process.env.SPIKE_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = process.env.SPIKE_DB ?? 'spike_1m';
const players = Number(process.env.SPIKE_PLAYERS ?? 1_000_000);
if (!/^spike_\w+$/.test(name)) throw new Error('SPIKE_DB must start with spike_');

const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.query(`create database ${name}`);
await admin.end();

const url = new URL(server);
url.pathname = `/${name}`;
const database = await openDatabase({ engine: 'postgres', url: url.toString() });
const started = performance.now();
await prepareDatabase(database);
const season = await findActiveSeason(database.db);
await addPopulation(database.db, { seasonId: season.id, size: players });
console.log(
  `${name}: ${players} players of season ${season.id} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
await database.close();
