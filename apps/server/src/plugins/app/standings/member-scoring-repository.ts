import {
  GOAL_TARGET,
  goalCodes,
  RANKING_GROUP_ORDER,
  SQUAD_SIZE,
  STABLE_KEY,
  seasonOrigin,
} from '@hit21/core';
import { type SQL, sql } from 'drizzle-orm';
import { profiles, type RankedWith, squads } from '../../../db/schema/index.ts';
import { textArray } from '../../../db/sql-values.ts';

/** The goals a board is scored with, and its season. */
export interface BoardScoring {
  seasonId: string;
  rankedWith: RankedWith;
}

const SLOTS = Array.from({ length: SQUAD_SIZE }, (_, index) => index + 1);
const overSlots = (term: (slot: number) => string, separator: string) => SLOTS.map(term).join(separator);

/** The scorers (player_id, goals, codes), joined per slot: a parallel plan cannot read a CTE. */
function scorerList({ seasonId, rankedWith }: BoardScoring): SQL {
  const origin = seasonOrigin(seasonId);
  const ids = textArray(rankedWith.scorers.map(([playerId]) => playerId));
  const goals = `{${rankedWith.scorers.map(([, times]) => times.length).join(',')}}`;
  const codes = textArray(rankedWith.scorers.map(([, times]) => `{${goalCodes(times, origin).join(',')}}`));
  return sql`(select player_id, goals, codes::int[] as codes
    from unnest(${ids}::uuid[], ${goals}::int[], ${codes}::text[]) as scorer (player_id, goals, codes))`;
}

/** The bucket and goal dates of `ord` (README: the key) from a status, goals and `codes` ascending (SQL). */
export function keyHeadSql(status: string, totalGoals: string, codes: string): string {
  const goalsKey = `case when ${status} = 'bust' then ${totalGoals} else -(${totalGoals}) end`;
  const group = `case ${status} when 'safe' then ${RANKING_GROUP_ORDER.safe}
    when 'going_bust' then ${RANKING_GROUP_ORDER.going_bust} else ${RANKING_GROUP_ORDER.bust} end`;
  const bucket = `(${group}) * ${STABLE_KEY.groupStride} + ${goalsKey} + ${STABLE_KEY.goalsOffset}`;
  const terminator = STABLE_KEY.terminator.toString(16);
  return `int2send((${bucket})::int2) || decode(array_to_string(${codes}, '') || '${terminator}', 'hex')`;
}

/** Core's `entryStatus` of goals and picks without a goal; `isSeasonOver` as the board's. */
export function statusSql(totalGoals: string, scoreless: string, { isSeasonOver }: RankedWith): string {
  return `case when ${totalGoals} > ${GOAL_TARGET}::int then 'bust'
    when ${scoreless} > 0 then '${isSeasonOver ? 'bust' : 'going_bust'}' else 'safe' end`;
}

/** What `squad` (in the caller's query) scores, as core's `squadStatus`: joins and columns. */
function squadScore(scoring: BoardScoring) {
  const scorers = scorerList(scoring);
  const onSlot = (slot: number) =>
    sql.raw(`scorer_${slot} on scorer_${slot}.player_id = squad.player_ids[${slot}]`);
  const joinSlot = (slot: number) => sql`left join ${scorers} as ${onSlot(slot)}`;
  const joins = sql.join(SLOTS.map(joinSlot), sql` `);
  const goals = overSlots((slot) => `coalesce(scorer_${slot}.goals, 0)`, ' + ');
  const scoredSlots = overSlots(
    (slot) => `(squad.player_ids[${slot}] is not null and scorer_${slot}.player_id is null)::int`,
    ' + ',
  );
  const scoreless = `case when squad.user_id is null then ${SQUAD_SIZE} else ${scoredSlots} end`;
  const columns = sql.raw(`${goals} as total_goals, ${scoreless} as scoreless,
    ${overSlots((slot) => `coalesce(scorer_${slot}.codes, '{}')`, ' || ')} as codes,
    ${statusSql(`(${goals})`, `(${scoreless})`, scoring.rankedWith)} as status`);
  return { joins, columns };
}

/** The season's board members scored, in the stored table's column order; only `onlyUsers`' if given. */
export function scoredMembers(scoring: BoardScoring, onlyUsers?: SQL): SQL {
  const { seasonId } = scoring;
  const { joins, columns } = squadScore(scoring);
  // Each profile found by id in the profiles' collation, which their index is in; `offset 0` keeps
  // the planner from a scan of every profile (costed near 66,000 probes, it took 5 s at ten million).
  const members = onlyUsers
    ? sql`(${onlyUsers}) as only_user cross join lateral (select * from ${profiles}
        where ${profiles.id} = only_user.user_id collate "default" offset 0) as ${profiles}`
    : sql`${profiles}`;
  const coinToss = sql`decode(left(md5(${seasonId} || ':' || member.user_id), 8), 'hex')`;
  return sql`(select member.user_id, member.status, member.total_goals, member.full_name, member.country,
      member.club, member.search_name,
      ${memberHead} || ${coinToss} || int4send(member.member_number) as ord, member.scoreless::int2 as scoreless
    from (select ${profiles.id} collate "C" as user_id, ${profiles.memberNumber} as member_number,
        ${profiles.fullName} as full_name, ${profiles.searchName} as search_name,
        ${profiles.country} collate "C" as country, ${profiles.favouriteClub} collate "C" as club, ${columns}
      from ${members}
      left join ${squads} as squad on squad.user_id = ${profiles.id} and squad.season_id = ${seasonId}
      ${joins}
      where ${profiles.onboardingComplete} and ${profiles.fullName} is not null
        and ${profiles.country} is not null and ${profiles.favouriteClub} is not null) as member)`;
}

/** The coin toss and member number that end every `ord`: a re-keyed member keeps them. */
export const TAIL_BYTES = 8;

/** The coin toss and member number a stored `ord` (SQL) ends with. */
export function storedTail(ord: string): string {
  return `substr(${ord}, length(${ord}) - ${TAIL_BYTES - 1})`;
}

/** A scored `member`'s bucket and goal dates: the head of its `ord`. */
const memberHead = sql.raw(keyHeadSql('member.status', 'member.total_goals', 'sort(member.codes)'));

/**
 * The squads picking one of `playerIds` scored (user_id, status, total_goals, scoreless and the
 * `head` of their new `ord`) in one parallel scan, no profile read: a gameweek's movers, a million
 * and more.
 */
export function scoredSquads(scoring: BoardScoring, playerIds: readonly string[]): SQL {
  const { joins, columns } = squadScore(scoring);
  return sql`(select member.user_id, member.status, member.total_goals, member.scoreless::int2 as scoreless,
      ${memberHead} as head
    from (select squad.user_id collate "C" as user_id, ${columns}
      from (select * from ${squads} where ${squads.seasonId} = ${scoring.seasonId}
        and ${squads.playerIds} && ${textArray(playerIds)}::uuid[]) as squad ${joins}) as member)`;
}
