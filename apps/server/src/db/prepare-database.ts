import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { readBundledSeasonFacts } from '../plugins/app/season/bundled-seasons.ts';
import { loadSeasonFacts } from '../plugins/app/season/load-season-facts.ts';
import type { DatabaseHandle } from './database.ts';

/**
 * Brings a database up to date on start: applies migrations, then loads each committed
 * season whose facts changed since the last load (a first start loads them all).
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  log?: Pick<FastifyBaseLogger, 'info'>,
): Promise<void> {
  await handle.migrate();
  for (const facts of await readBundledSeasonFacts()) {
    const result = await loadSeasonFacts(handle.db, facts);
    if (result.changed) {
      log?.info(
        result,
        `Loaded season ${result.seasonId}: ${result.players} players, ${result.goals} goal rows`,
      );
    }
  }
  // Planner statistics for the catalogue: without them the embedded database (which has no
  // autovacuum) estimates every table at a couple of rows and joins the player list in
  // quadratic time. The tables are season-sized, so this takes milliseconds.
  await handle.db.execute(sql`analyze players, player_club_spells, goals, clubs`);
}
