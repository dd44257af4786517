import type { CatalogPlayer, listPlayersQuerySchema } from '@hit21/core';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Executor, selectRows } from '../../../db/database.ts';
import { foldText } from '../../../db/name-folding.ts';

type Query = z.output<typeof listPlayersQuerySchema>;

/** A name as it sorts: accents and case ignored (the stored folded column), the same order on every database. */
const nameSortKey = sql`p.folded_name collate "C"`;

const SORT_COLUMNS: Record<NonNullable<Query['sort']>, SQL> = {
  name: nameSortKey,
  team: sql`clubs.name`,
  position: sql`p.position`,
  total_goals: sql`p.last_season_goals`,
};

/** LIKE wildcards in what a person typed are matched literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * One page of the pickable players: outfield, in the game by the current gameweek, with their
 * club at that gameweek and their goals up to `now`; filtered, sorted and paged in SQL.
 * Goals are summed only for the page's rows (the filters never need them, except "0 goals
 * only", which is an indexed NOT EXISTS), so the cost stays flat as the season fills up.
 */
export async function listCatalogPlayers(
  db: Executor,
  options: { seasonId: string; now: Date; gameweek: number; query: Query; isUnscoredOnly: boolean },
): Promise<{ players: CatalogPlayer[]; total: number }> {
  const { seasonId, now, gameweek, query, isUnscoredOnly } = options;
  const nowIso = now.toISOString();
  const filters: SQL[] = [
    sql`p.season_id = ${seasonId}`,
    sql`p.position <> 'goalkeeper'`,
    sql`p.first_gameweek <= ${gameweek}`,
  ];
  if (query.search) {
    // Accents and case are ignored, so "Gundogan" finds Gündoğan.
    const pattern = `%${escapeLike(foldText(query.search))}%`;
    filters.push(
      sql`(p.folded_name like ${pattern} or p.folded_web_name like ${pattern} or clubs.folded_name like ${pattern})`,
    );
  }
  if (query.club) filters.push(sql`current_club.club_code = ${query.club}`);
  if (query.position) filters.push(sql`p.position = ${query.position}`);
  if (query.minGoals !== undefined) filters.push(sql`p.last_season_goals >= ${query.minGoals}`);
  if (query.maxGoals !== undefined) filters.push(sql`p.last_season_goals <= ${query.maxGoals}`);
  if (isUnscoredOnly) {
    filters.push(
      sql`not exists (select 1 from goals g where g.player_id = p.id and g.kickoff_at <= ${nowIso})`,
    );
  }

  const direction = query.order === 'desc' ? sql`desc` : sql`asc`;
  const orderBy = query.sort
    ? sql`${SORT_COLUMNS[query.sort]} ${direction}, ${nameSortKey} asc, p.id`
    : sql`${nameSortKey} asc, p.id`;

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
    sql`with current_club as (
          select distinct on (s.player_id) s.player_id, s.club_code
          from player_club_spells s join players sp on sp.id = s.player_id
          where sp.season_id = ${seasonId} and s.from_gameweek <= ${gameweek}
          order by s.player_id, s.from_gameweek desc
        ),
        page as (
          select p.id, p.name, p.web_name, p.position, p.last_season_goals,
            current_club.club_code, clubs.name as club_name,
            count(*) over () as total,
            row_number() over (order by ${orderBy}) as ordinal
          from players p
          join current_club on current_club.player_id = p.id
          join clubs on clubs.code = current_club.club_code
          where ${sql.join(filters, sql` and `)}
          order by ordinal
          limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}
        )
        select page.*,
          coalesce((select sum(g.goals) from goals g
            where g.player_id = page.id and g.kickoff_at <= ${nowIso}), 0)::int as goals
        from page
        order by page.ordinal`,
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
