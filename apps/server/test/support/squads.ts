import { sql } from 'drizzle-orm';
import type { App } from '../../src/app.ts';
import type { Database } from '../../src/db/database.ts';
import { players } from '../../src/db/schema/index.ts';
import { send } from './accounts.ts';

/** Four players with goals all season: a squad the boards' tests give their viewer. */
export const SCORING_SQUAD = ['Haaland', 'Watkins', 'Saka', 'Gibbs-White'];

/** Saves the squad of these players (by their short names) through the API; throws if refused. */
export async function saveSquadByNames(app: App, db: Database, cookie: string, names = SCORING_SQUAD) {
  const squad = await db
    .select({ id: players.id, webName: players.webName })
    .from(players)
    .where(sql`${players.webName} in ${names}`);
  const saved = await send(app, 'PUT', '/api/squad', {
    cookie,
    body: { playerIds: names.map((name) => squad.find((player) => player.webName === name)?.id) },
  });
  if (saved.statusCode !== 200) throw new Error(`Team not saved: ${saved.statusCode} ${saved.body}`);
}
