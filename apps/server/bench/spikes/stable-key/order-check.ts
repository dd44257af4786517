/** Checks "key order = compareRankingEntries" on a random sample of a spike board (the member board). */
import { coinTossKey, compareRankingEntries, type RankingEntry, squadStatus } from '@hit21/core';
import type pg from 'pg';
import { goalDatesKey, seasonOrigin } from '../../../../../packages/core/src/ranking/stable-key.ts';
import { bucketOfOrd, keyOfOrd, tossOfOrd } from './member-board.ts';
import { SEASON } from './spike-db.ts';

interface Row {
  user_id: string;
  bucket: number;
  key: Buffer;
  toss: string;
  ord: Buffer;
  player_ids: string[] | null;
}

/** Samples `size` members of `table`, ranks them by the rules and by their stored key, and says where they differ. */
export async function checkOrder(
  client: pg.ClientBase,
  table: string,
  at: string,
  size: number,
): Promise<string> {
  const goals = await client.query<{ player_id: string; kickoff: Date; goals: number }>(
    'select player_id, kickoff_at as kickoff, goals from goals where kickoff_at <= $1',
    [at],
  );
  const times = new Map<string, number[]>();
  for (const goal of goals.rows) {
    const list = times.get(goal.player_id) ?? [];
    for (let index = 0; index < goal.goals; index += 1) list.push(goal.kickoff.getTime());
    times.set(goal.player_id, list);
  }
  const { rows } = await client.query<Row>(
    `select board.user_id, ${bucketOfOrd('board.ord')} as bucket, ${keyOfOrd('board.ord')} as key,
       ${tossOfOrd('board.ord')} as toss, board.ord, squad.player_ids::text[] as player_ids
     from ${table} as board tablesample bernoulli (1)
     left join squads as squad on squad.user_id = board.user_id and squad.season_id = '${SEASON}'
     order by random() limit ${size}`,
  );
  const entries = rows.map((row): RankingEntry & { row: Row } => {
    const picks = row.player_ids ?? [];
    const pickGoals = picks.map((id) => times.get(id)?.length ?? 0);
    return {
      row,
      userId: row.user_id,
      status: squadStatus(pickGoals, { isSeasonOver: false }),
      totalGoals: pickGoals.reduce((sum, goals) => sum + goals, 0),
      goalTimesDescending: picks.flatMap((id) => times.get(id) ?? []).sort((a, b) => b - a),
      coinToss: Number(row.toss),
    };
  });
  const tossWrong = entries.filter((entry) => entry.coinToss !== coinTossKey(SEASON, entry.userId)).length;
  const byRules = [...entries].sort((a, b) => compareRankingEntries(a, b, SEASON));
  // The stored order itself: the member number, not the user id, breaks a tie of the toss.
  const byKey = [...entries].sort((a, b) => Buffer.compare(a.row.ord, b.row.ord));
  const differing = byRules.filter((entry, index) => entry.userId !== byKey[index]?.userId).length;
  const origin = seasonOrigin(SEASON);
  const bytesWrong = entries.filter(
    (entry) => !Buffer.from(goalDatesKey(entry.goalTimesDescending, origin)).equals(entry.row.key),
  ).length;
  return `${entries.length} sampled, ${differing} placed differently, ${tossWrong} tosses differ, ${bytesWrong} keys differ from the core's goalDatesKey`;
}
