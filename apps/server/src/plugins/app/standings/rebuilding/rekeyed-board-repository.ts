import { eq, sql } from 'drizzle-orm';
import { type Database, setLocal } from '../../../../db/database.ts';
import {
  leagueStandings,
  standings,
  standingsRankBlocks,
  standingsState,
} from '../../../../db/schema/index.ts';
import { textArray } from '../../../../db/sql-values.ts';
import { type BoardScoring, scoredSquads, storedTail } from '../member-scoring-repository.ts';
import { PAST_EVERY_ORD } from '../rank-blocks-repository.ts';
import { loadNextBoard } from './next-board-repository.ts';

/** A mover's new `ord`, on a stored row of theirs (`stored`), the member number kept. */
const newOrd = sql.raw(`mover.head || ${storedTail('stored.ord')}`);

/**
 * The stored board copied with only `scorers`' pickers scored again (`standings_movers`). Answers
 * its members, countries and clubs from the same snapshot: the movers change none of them.
 */
export async function rekeyNextBoard(db: Database, scoring: BoardScoring, scorers: string[]) {
  return loadNextBoard(db, scoring.seasonId, async (tx) => {
    // The movers' hash in memory: a million and more at ten million players.
    await setLocal(tx, { work_mem: '256MB', jit: 'on' });
    // No member's own change is read here: every change waiting is placed on the new board.
    await tx.execute(sql`create table standings_changes_covered (user_id text, seq bigint)`);
    await tx.execute(sql`create unlogged table standings_movers as
      select * from ${scoredSquads(scoring, scorers)} as mover`);
    // Its statistics make the copy below hash the movers, not the whole board.
    await tx.execute(sql`analyze standings_movers`);
    await tx.execute(sql`create unlogged table standings_next as
      select stored.season_id, stored.user_id, coalesce(mover.status, stored.status) as status,
        coalesce(mover.total_goals, stored.total_goals) as total_goals, stored.full_name, stored.country,
        stored.club, stored.search_name, coalesce(${newOrd}, stored.ord) as ord,
        coalesce(mover.scoreless, stored.scoreless) as scoreless
      from ${standings} as stored left join standings_movers as mover on mover.user_id = stored.user_id
      where stored.season_id = ${scoring.seasonId}`);
    const { members, countries, clubs } = standingsState;
    const [state] = await tx
      .select({ members, countries, clubs })
      .from(standingsState)
      .where(eq(standingsState.seasonId, scoring.seasonId));
    if (!state) throw new Error(`No stored board of ${scoring.seasonId} to re-key`);
    return state;
  });
}

/** The stored leagues' rows (the movers' with their new `ord`) and blocks, copied. */
export async function copyNextLeaguesAndBlocks(db: Database, seasonId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await setLocal(tx, { work_mem: '256MB' });
    await tx.execute(sql`insert into league_standings_next (season_id, league_id, user_id, search_name, ord)
      select stored.season_id, stored.league_id, stored.user_id, stored.search_name, coalesce(${newOrd}, stored.ord)
      from ${leagueStandings} as stored left join standings_movers as mover on mover.user_id = stored.user_id
      where stored.season_id = ${seasonId}
      order by stored.league_id, reverse(stored.search_name) collate "C"`);
    await tx.execute(sql`insert into standings_rank_blocks_next (season_id, board, name, members, start)
      select season_id, board, name, members, start from ${standingsRankBlocks}
      where ${standingsRankBlocks.seasonId} = ${seasonId}`);
    await tx.execute(sql`drop table standings_movers`);
  });
}

/** The copied blocks counted again, as tasks side by side: each walks one (vacuumed) order index alone. */
export const recountNextBlocks = [['global', 'league'], ['country'], ['club']].map(
  (boards) => async (db: Database) => {
    const inRange = sql`row.ord >= bounds.start and row.ord < coalesce(bounds.next, ${PAST_EVERY_ORD})`;
    await db.execute(sql`with bounds as (select board, name, start,
        lead(start) over (partition by board, name order by start) as next
      from standings_rank_blocks_next where board = any(${textArray(boards)}::text[]))
    update standings_rank_blocks_next as block set members = case bounds.board
        when 'global' then (select count(*) from standings_next as row where ${inRange})
        when 'country' then (select count(*) from standings_next as row where row.country = bounds.name and ${inRange})
        when 'club' then (select count(*) from standings_next as row where row.club = bounds.name and ${inRange})
        else (select count(*) from league_standings_next as row
          where row.league_id = bounds.name::uuid and ${inRange}) end
    from bounds
    where block.board = bounds.board and block.name = bounds.name and block.start = bounds.start`);
  },
);
