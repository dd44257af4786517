import type { CatalogPlayer, listPlayersQuerySchema } from '@hit21/core';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Executor, selectRows } from '../../../db/database.ts';

type Query = z.output<typeof listPlayersQuerySchema>;

const SORT_COLUMNS: Record<NonNullable<Query['sort']>, SQL> = {
  name: sql`catalog.name`,
  team: sql`clubs.name`,
  position: sql`catalog.position`,
  total_goals: sql`catalog.last_season_goals`,
};

/** LIKE wildcards in what a person typed are matched literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * One page of the pickable players: outfield, in the game by the current gameweek, with their
 * club at that gameweek and their goals up to `now`; filtered, sorted and paged in SQL.
 */
export async function listCatalogPlayers(
  db: Executor,
  options: { seasonId: string; now: Date; gameweek: number; query: Query; isUnscoredOnly: boolean },
): Promise<{ players: CatalogPlayer[]; total: number }> {
  const { seasonId, now, gameweek, query, isUnscoredOnly } = options;
  const filters: SQL[] = [sql`true`];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    filters.push(
      sql`(catalog.name ilike ${pattern} or catalog.web_name ilike ${pattern} or clubs.name ilike ${pattern})`,
    );
  }
  if (query.club) filters.push(sql`catalog.club_code = ${query.club}`);
  if (query.position) filters.push(sql`catalog.position = ${query.position}`);
  if (query.minGoals !== undefined) filters.push(sql`catalog.last_season_goals >= ${query.minGoals}`);
  if (query.maxGoals !== undefined) filters.push(sql`catalog.last_season_goals <= ${query.maxGoals}`);
  if (isUnscoredOnly) filters.push(sql`catalog.goals = 0`);

  const direction = query.order === 'desc' ? sql`desc` : sql`asc`;
  const orderBy = query.sort
    ? sql`${SORT_COLUMNS[query.sort]} ${direction}, catalog.name asc, catalog.id`
    : sql`catalog.name asc, catalog.id`;

  const rows = await selectRows<{
    id: string;
    name: string;
    web_name: string;
    position: CatalogPlayer['position'];
    club_code: string;
    club_name: string;
    goals: number;
    last_season_goals: number;
    total: string | number;
  }>(
    db,
    sql`with catalog as (
          select p.id, p.name, p.web_name, p.position, p.last_season_goals,
            (select s.club_code from player_club_spells s
              where s.player_id = p.id and s.from_gameweek <= ${gameweek}
              order by s.from_gameweek desc limit 1) as club_code,
            coalesce((select sum(g.goals) from goals g
              where g.player_id = p.id and g.kickoff_at <= ${now.toISOString()}), 0)::int as goals
          from players p
          where p.season_id = ${seasonId} and p.position <> 'goalkeeper' and p.first_gameweek <= ${gameweek}
        )
        select catalog.*, clubs.name as club_name, count(*) over () as total
        from catalog join clubs on clubs.code = catalog.club_code
        where ${sql.join(filters, sql` and `)}
        order by ${orderBy}
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    players: rows.map((row) => ({
      id: row.id,
      name: row.name,
      webName: row.web_name,
      position: row.position,
      clubCode: row.club_code,
      clubName: row.club_name,
      goals: Number(row.goals),
      lastSeasonGoals: Number(row.last_season_goals),
    })),
  };
}
