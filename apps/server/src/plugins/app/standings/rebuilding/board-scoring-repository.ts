import { RANKING_KEY, SQUAD_SIZE } from '@hit21/core';
import { type SQL, sql } from 'drizzle-orm';
import type { Transaction } from '../../../../db/database.ts';
import { profiles, squads } from '../../../../db/schema/index.ts';
import { textArray } from '../../../../db/sql-values.ts';
import type { ScoringFootballer } from '../model.ts';

/**
 * How a rebuild scores the season's members in SQL (`rankNextBoard`, `mergeLateGoals`): their
 * status, goals and goal-date limbs from their squads, and the ranking's bucket and key.
 */

/** What a rebuild scores the board with (`rankNextBoard` tells how the board is ranked from it). */
export interface BoardScoring {
  seasonId: string;
  footballers: readonly ScoringFootballer[];
  /** How many goal-date limbs each footballer has. */
  limbCount: number;
  isSeasonOver: boolean;
  goalTarget: number;
  groupOrder: Readonly<Record<'safe' | 'going_bust' | 'bust', number>>;
}

/**
 * The ranking's first column, a member's group and goals as one whole number (the first 4 bytes
 * of `rankingKey`): smaller ranks first, and two members with the same one differ only in goal
 * dates, coin toss and id.
 */
export function rankingBucket(
  groupOrder: BoardScoring['groupOrder'],
  status: string,
  totalGoals: string,
): SQL {
  return sql.raw(`((case ${status} when 'safe' then ${groupOrder.safe} when 'going_bust' then ${groupOrder.going_bust}
      else ${groupOrder.bust} end) * ${RANKING_KEY.groupStride}
    + (case when ${status} = 'bust' then ${totalGoals} else -${totalGoals} end) + ${RANKING_KEY.goalsOffset})`);
}

/**
 * The season's members, scored (a subquery): user id, name, country and club, total goals,
 * status, the ranking's `bucket`, `rank_key` (the bucket and the goal-date limbs as one byte
 * string) and `coin_toss`. Every member whose onboarding is complete, with or without a squad;
 * `onlySquadsWith`, when given, keeps only the members whose squad holds one of those footballers.
 */
export function scoredMembers(options: BoardScoring, onlySquadsWith?: readonly string[]): SQL {
  const { seasonId, footballers, groupOrder } = options;
  const idList = textArray(footballers.map((footballer) => footballer.playerId));
  const goalList = `{${footballers.map((footballer) => footballer.goals).join(',')}}`;
  const limbs = Array.from({ length: options.limbCount }, (_, index) => index + 1);
  const limbLists = limbs.map(
    (limb) =>
      sql`${`{${footballers.map((footballer) => footballer.goalDateLimbs[limb - 1] ?? 0n).join(',')}}`}::bigint[]`,
  );
  const incomplete = options.isSeasonOver ? 'bust' : 'going_bust';
  const slots = Array.from({ length: SQUAD_SIZE }, (_, index) => index + 1);
  /** The sum over a squad's footballers of what `term` gives for each slot (one join of the scorers per slot). */
  const overSlots = (term: (slot: number) => string) => sql.raw(slots.map(term).join(' + '));
  /** What `term(limb)` gives for each goal-date limb, most significant first, joined by `separator`. */
  const overLimbs = (term: (limb: number) => string, separator = ', ') =>
    sql.raw(limbs.map(term).join(separator));
  // The scorers as a list in each join rather than one common table expression: a plan that
  // reads one cannot be run in parallel.
  const scorerJoins = sql.join(
    slots.map(
      (
        slot,
      ) => sql`left join (select * from unnest(${idList}::uuid[], ${goalList}::int[], ${sql.join(limbLists, sql`, `)})
          as scorer (player_id, goals, ${overLimbs((limb) => `limb_${limb}`)})) as ${sql.raw(`scorer_${slot}`)}
        on ${sql.raw(`scorer_${slot}.player_id = squad.player_ids[${slot}]`)}`,
    ),
    sql` `,
  );
  const scoredSquads = (filter: SQL) => sql`(
    select squad.user_id,
      ${overSlots((slot) => `coalesce(scorer_${slot}.goals, 0)`)} as total_goals,
      ${overSlots((slot) => `(squad.player_ids[${slot}] is not null and scorer_${slot}.player_id is null)::int`)} as scoreless_picks,
      ${overLimbs((limb) => `${slots.map((slot) => `coalesce(scorer_${slot}.limb_${limb}, 0)`).join(' + ')} as limb_${limb}`)}
    from ${squads} as squad ${scorerJoins}
    where squad.season_id = ${seasonId} ${filter}) as squad`;
  // The profiles and the squads hashed, both read whole: even for only the pickers of some
  // footballers, a tenth of the members, looking each one's profile up was slower.
  const membersFrom = onlySquadsWith
    ? sql`from ${profiles} join ${scoredSquads(sql`and squad.player_ids && ${textArray(onlySquadsWith)}::uuid[]`)}
      on squad.user_id = ${profiles.id}`
    : sql`from ${profiles} left join ${scoredSquads(sql``)} on squad.user_id = ${profiles.id}`;
  const bucket = rankingBucket(groupOrder, 'member.status', 'member.total_goals');
  return sql`(select member.*, ${bucket} as bucket,
      int4send(${bucket})
        || ${overLimbs((limb) => `int8send(${RANKING_KEY.limbCeiling} - member.limb_${limb})`, ' || ')} as rank_key,
      ('x' || left(md5(${seasonId} || ':' || member.user_id), 8))::bit(32)::bigint as coin_toss
    from (
      select ${profiles.id} collate "C" as user_id, ${profiles.fullName} as full_name,
        ${profiles.country} collate "C" as country, ${profiles.favouriteClub} collate "C" as club,
        coalesce(squad.total_goals, 0) as total_goals,
        ${overLimbs((limb) => `coalesce(squad.limb_${limb}, 0) as limb_${limb}`)},
        case when coalesce(squad.total_goals, 0) > ${options.goalTarget}::int then 'bust'
          when squad.user_id is null or squad.scoreless_picks > 0 then ${incomplete}
          else 'safe' end as status
      ${membersFrom}
      where ${profiles.onboardingComplete} and ${profiles.fullName} is not null
        and ${profiles.country} is not null and ${profiles.favouriteClub} is not null
    ) as member)`;
}

/**
 * Session settings for the rebuild's large statements, inside the caller's transaction.
 */
export async function setRankingSettings(tx: Transaction): Promise<void> {
  // Each process sorts its share in runs of this size and merges them, quicker than with more
  // memory, in which two of the three processes sorted their share in memory in one run
  // (figures: docs/benchmarks/standings.md).
  await tx.execute(sql`set local work_mem = '64MB'`);
  // Compiled to machine code (off for the server's other statements, database.ts): worth it for
  // a statement this long.
  await tx.execute(sql`set local jit = on`);
  // The two workers score, join and sort; the leading process only merges their sorted
  // halves, numbers and writes the rows, which it starts sooner than when it also sorted a
  // third.
  await tx.execute(sql`set local parallel_leader_participation = off`);
}
