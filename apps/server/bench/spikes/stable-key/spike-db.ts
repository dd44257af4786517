/** The spike's connection, timing and load helpers. */
import { execSync } from 'node:child_process';
import pg from 'pg';

export const SEASON = '2025-26';
/** The bench's moments: after gameweek 37 (its held goals come later) and after gameweek 38. */
export const AFTER_GAMEWEEK_37 = '2026-05-18T12:00:00Z';
export const AFTER_GAMEWEEK_38 = '2026-05-24T23:00:00Z';

export async function connect(): Promise<pg.Client> {
  const name = process.env.SPIKE_DB ?? 'spike_1m';
  if (!/^spike_\w+$/.test(name)) throw new Error('SPIKE_DB must start with spike_');
  const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${name}` });
  await client.connect();
  await client.query(`set work_mem = '64MB'`);
  return client;
}

export function load(): string {
  return execSync('uptime')
    .toString()
    .replace(/.*load average: /, '')
    .trim();
}

/** Runs `work`, prints and returns its seconds with the load average at its end. */
export async function timed<T>(
  label: string,
  work: () => Promise<T>,
): Promise<{ result: T; seconds: number }> {
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  console.log(`${label}: ${seconds.toFixed(2)} s (load ${load()})`);
  return { result, seconds };
}

export async function one<T>(client: pg.ClientBase, text: string, values?: unknown[]): Promise<T> {
  const { rows } = await client.query(text, values);
  return rows[0] as T;
}

export async function relationMiB(client: pg.ClientBase, name: string): Promise<string> {
  const row = await one<{ size: string }>(client, 'select pg_relation_size($1::regclass) as size', [name]);
  return `${(Number(row.size) / 1024 ** 2).toFixed(0)} MiB`;
}
