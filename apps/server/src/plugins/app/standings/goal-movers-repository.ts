import type { ScorerChange } from '@hit21/core';
import { type SQL, sql } from 'drizzle-orm';
import { picks, type RankedWith } from '../../../db/schema/index.ts';
import { textArray } from '../../../db/sql-values.ts';
import { keyHeadSql, statusSql, storedTail, TAIL_BYTES } from './member-scoring-repository.ts';

/** Core's `scorerChanges` as rows (player_id, goals, scoreless, added, removed: the codes as int[]). */
function changeList(changes: readonly ScorerChange[]): SQL {
  const ids = textArray(changes.map((change) => change.playerId));
  const numbers = (pick: (change: ScorerChange) => number) => `{${changes.map(pick).join(',')}}`;
  const codes = (pick: (change: ScorerChange) => number[]) =>
    textArray(changes.map((change) => `{${pick(change).join(',')}}`));
  return sql`(select player_id, goals, scoreless, added::int[] as added, removed::int[] as removed
    from unnest(${ids}::uuid[], ${numbers((change) => change.goals)}::int[],
      ${numbers((change) => change.scoreless)}::int[], ${codes((change) => change.added)}::text[],
      ${codes((change) => change.removed)}::text[]) as change (player_id, goals, scoreless, added, removed))`;
}

/**
 * The goal movers: each picker of a changed footballer (user_id), found by the picks' (player,
 * user) index, with the sum of their picks' changes (goals, scoreless, the codes `added` and `removed`).
 */
export function goalMovers(seasonId: string, changes: readonly ScorerChange[]): SQL {
  const codesOf = (column: string) =>
    sql.raw(`('{' || coalesce(string_agg(nullif(array_to_string(change.${column}, ','), ''), ','), '')
      || '}')::int[] as ${column}`);
  return sql`select ${picks.userId} collate "C" as user_id, sum(change.goals)::int as goals,
      sum(change.scoreless)::int as scoreless, ${codesOf('added')}, ${codesOf('removed')}
    from ${picks} join ${changeList(changes)} as change on change.player_id = ${picks.playerId}
    where ${picks.seasonId} = ${seasonId} group by 1`;
}

/**
 * Core's `rekeyedEntry` of a stored row (`stored`, with `mover`, a row of `goalMovers`), from the
 * row alone: status, total_goals, scoreless and `ord`, as SQL expressions. The goal codes are read
 * back from `ord` (after the bucket's 2 bytes, before the terminator); the coin toss and member
 * number kept.
 */
export function rekeyedColumns(
  rankedWith: RankedWith,
): Record<'status' | 'total_goals' | 'scoreless' | 'ord', SQL> {
  const totalGoals = '(stored.total_goals + mover.goals)';
  const scoreless = '(stored.scoreless + mover.scoreless)';
  const status = statusSql(totalGoals, scoreless, rankedWith);
  const hex = `encode(substr(stored.ord, 3, length(stored.ord) - ${TAIL_BYTES + 3}), 'hex')`;
  const kept = `string_to_array(rtrim(regexp_replace(${hex}, '(.{6})', '\\1,', 'g'), ','), ',')::int[] || mover.added`;
  // A code taken away is taken once: codes repeat where picks scored at one kick-off.
  const codes = `sort(case when cardinality(mover.removed) = 0 then ${kept}
    else array(select unnest(${kept}) except all select unnest(mover.removed)) end)`;
  return {
    status: sql.raw(status),
    total_goals: sql.raw(totalGoals),
    scoreless: sql.raw(`${scoreless}::int2`),
    ord: sql.raw(`${keyHeadSql(`(${status})`, totalGoals, codes)} || ${storedTail('stored.ord')}`),
  };
}
