import { sql } from 'drizzle-orm';
import type { App } from '../../src/app.ts';
import type { Database } from '../../src/db/database.ts';
import { players } from '../../src/db/schema/index.ts';
import { send } from './accounts.ts';

/** Four players with goals all season: a squad the boards' tests give their viewer. */
export const SCORING_SQUAD = ['Haaland', 'Watkins', 'Saka', 'Gibbs-White'];

/** The ids of these players (by their short names), in the same order; '' for a name not found. */
export async function playerIdsByNames(db: Database, names: readonly string[]): Promise<string[]> {
  const rows = await db
    .select({ id: players.id, webName: players.webName })
    .from(players)
    .where(sql`${players.webName} in ${names}`);
  return names.map((name) => rows.find((row) => row.webName === name)?.id ?? '');
}

/** Saves the squad of these players (by their short names) through the API; throws if refused. */
export async function saveSquadByNames(app: App, db: Database, cookie: string, names = SCORING_SQUAD) {
  const playerIds = await playerIdsByNames(db, names);
  const saved = await send(app, 'PUT', '/api/squad', { cookie, body: { playerIds } });
  if (saved.statusCode !== 200) throw new Error(`Team not saved: ${saved.statusCode} ${saved.body}`);
}
