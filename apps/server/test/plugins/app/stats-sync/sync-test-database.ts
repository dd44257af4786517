import { sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../../../src/db/database.ts';
import { seasons, statsSyncRuns } from '../../../../src/db/schema/index.ts';
import { readBundledSeasonFacts } from '../../../../src/plugins/app/season/bundled-seasons.ts';
import { loadSeasonFacts } from '../../../../src/plugins/app/season/load-season-facts.ts';
import type { SeasonFacts } from '../../../../src/plugins/app/season/season-facts.schemas.ts';

/** The six players of the recorded FPL API answers, by FPL code. */
export const CODES = {
  semenyo: 437730,
  haaland: 223094,
  kroupi: 560262,
  adli: 489888,
  alleyne: 494307,
  stevens: 658013,
};

let committed: Promise<SeasonFacts> | undefined;
/** The committed 2025/26 facts, imported from the FPL CSV files: an independent record of the same goals. */
export function committedFacts(): Promise<SeasonFacts> {
  committed ??= readBundledSeasonFacts().then((all) => {
    const facts = all.find((season) => season.season.id === '2025-26');
    if (!facts) throw new Error('The committed 2025/26 facts are missing');
    return facts;
  });
  return committed;
}

/** A database at the start of 2025/26: the season and its clubs, no players, no goals, no sync yet. */
export async function resetToSeasonStart(db: Database): Promise<void> {
  await resetTo(db, { ...(await committedFacts()), players: [], goals: [] });
}

/** A database holding exactly `facts` and no sync run. */
export async function resetTo(db: Database, facts: SeasonFacts): Promise<void> {
  await db.delete(seasons);
  await db.execute(sql`delete from clubs`);
  await db.delete(statsSyncRuns);
  await loadSeasonFacts(db, facts);
}

export interface GoalRow {
  fplCode: number;
  fixtureId: number;
  gameweek: number;
  kickoffAt: string;
  goals: number;
  clubCode: string;
}

export async function storedGoals(db: Database): Promise<GoalRow[]> {
  const rows = await selectRows<{
    fpl_code: number;
    fixture_id: number;
    gameweek: number;
    kickoff_at: Date | string;
    goals: number;
    club_code: string;
  }>(
    db,
    sql`select p.fpl_code, g.fixture_id, g.gameweek, g.kickoff_at, g.goals, g.club_code
        from goals g join players p on p.id = g.player_id order by g.gameweek, g.kickoff_at, g.fixture_id, p.fpl_code`,
  );
  return rows.map((row) => ({
    fplCode: row.fpl_code,
    fixtureId: row.fixture_id,
    gameweek: row.gameweek,
    kickoffAt: new Date(row.kickoff_at).toISOString(),
    goals: row.goals,
    clubCode: row.club_code,
  }));
}

/** The committed goals of some players up to a gameweek, in the order of storedGoals. */
export async function committedGoals(codes: number[], lastGameweek: number): Promise<GoalRow[]> {
  return (await committedFacts()).goals
    .filter((goal) => codes.includes(goal.fplCode) && goal.gameweek <= lastGameweek)
    .sort(
      (a, b) =>
        a.gameweek - b.gameweek ||
        a.kickoffAt.localeCompare(b.kickoffAt) ||
        a.fixtureId - b.fixtureId ||
        a.fplCode - b.fplCode,
    );
}

/** Every row the sync may write (goals with their updated_at), to show that a run changed nothing. */
export async function storedState(db: Database) {
  return {
    players: await selectRows(db, sql`select * from players order by fpl_code`),
    spells: await selectRows(db, sql`select * from player_club_spells order by player_id, from_gameweek`),
    goals: await selectRows(db, sql`select * from goals order by player_id, fixture_id`),
    seasons: await selectRows(db, sql`select * from seasons`),
  };
}

export async function playerOf(db: Database, fplCode: number) {
  const [player] = await selectRows<{ id: string; first_gameweek: number; last_season_goals: number }>(
    db,
    sql`select id, first_gameweek, last_season_goals from players where fpl_code = ${fplCode}`,
  );
  const spells = player
    ? await selectRows<{ from_gameweek: number; club_code: string }>(
        db,
        sql`select from_gameweek, club_code from player_club_spells where player_id = ${player.id} order by from_gameweek`,
      )
    : [];
  return player && { ...player, spells: spells.map((spell) => [spell.from_gameweek, spell.club_code]) };
}

export async function syncRuns(db: Database) {
  return db.select().from(statsSyncRuns).orderBy(statsSyncRuns.id);
}
