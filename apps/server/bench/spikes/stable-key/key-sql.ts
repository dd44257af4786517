/**
 * The spike's two candidate ranking keys, stated in SQL over a table of the season's scorers
 * (`spike_scorers`, written by `writeScorers`), so that PostgreSQL keys ten million squads.
 * Both keys are byte strings whose ascending byte order is the ranking order within a bucket:
 * - dense: a slot per kick-off holding a goal (append-only, the latest the highest), 5 bits a
 *   digit (the squad's goals at that kick-off), 12 digits to a 64-bit limb; the key is the
 *   squad's top limb inverted (1 byte), then its limbs from the top down to its lowest non-zero
 *   one, each inverted (8 bytes), so a new top slot changes nobody's bytes but its scorers';
 * - sparse: the squad's distinct goal kick-offs, latest first, 3 bytes each: the kick-off's
 *   minute since 1 July inverted (19 bits), then the squad's goals at it inverted (5 bits). No
 *   registry: a goal changes its scorer's pickers' keys and nothing else, in any order.
 */
import type pg from 'pg';

export const DIGIT_BITS = 5;
export const DIGITS_PER_LIMB = 12;
const LIMB_CEILING = (1n << BigInt(DIGIT_BITS * DIGITS_PER_LIMB)) - 1n;
export const MINUTE_BITS = 19;
/**
 * A goal's code in the per-goal key: 999,999 minus its minute, six decimal digits for any minute
 * below 2^19 (a year), which `decode(…, 'hex')` turns into three bytes in the same order.
 */
export const GOAL_CODE_CEILING = 999_999;
/** The groups in ranking order and the goals, as one small number: `bucket`. */
export const BUCKET = { groupStride: 1024, goalsOffset: 512 } as const;

export interface Scorer {
  playerId: string;
  goals: number;
  /** Kick-off minutes since the season's origin holding his goals, latest first, and his goals at each. */
  minutes: number[];
  counts: number[];
  /** Every goal's code (`GOAL_CODE_CEILING` minus its minute), ascending: latest first. */
  codes: number[];
  /** Dense limbs, limb 0 holding slots 0 to 11 (the earliest kick-offs). */
  limbs: bigint[];
}

/** Reads the goals counted at `at` and scores every scorer by both encodings. */
export async function readScorers(
  client: pg.ClientBase,
  at: string,
  /** Footballers whose goals after `at` count too (the live goals of the small path). */
  liveScorers: string[] = [],
): Promise<{ scorers: Scorer[]; limbCount: number; slots: number }> {
  const { rows } = await client.query<{ player_id: string; minute: number; goals: number; slot: number }>(
    `select player_id, minute, sum(goals)::int as goals, slot from (
       select player_id, goals,
         (extract(epoch from kickoff_at - make_timestamptz(2025, 7, 1, 0, 0, 0, 'UTC')) / 60)::int as minute,
         (dense_rank() over (order by kickoff_at) - 1)::int as slot
       from goals where kickoff_at <= $1 or player_id = any($2::uuid[])) as goal
     group by player_id, minute, slot order by player_id, minute desc`,
    [at, liveScorers],
  );
  const slots = Math.max(0, ...rows.map((row) => row.slot + 1));
  const limbCount = Math.max(1, Math.ceil(slots / DIGITS_PER_LIMB));
  const byPlayer = new Map<string, Scorer>();
  for (const row of rows) {
    const scorer = byPlayer.get(row.player_id) ?? {
      playerId: row.player_id,
      goals: 0,
      minutes: [],
      counts: [],
      codes: [],
      limbs: Array.from({ length: limbCount }, () => 0n),
    };
    scorer.goals += row.goals;
    scorer.minutes.push(row.minute);
    scorer.counts.push(row.goals);
    for (let goal = 0; goal < row.goals; goal += 1) scorer.codes.push(GOAL_CODE_CEILING - row.minute);
    const limb = Math.floor(row.slot / DIGITS_PER_LIMB);
    const shift = BigInt(DIGIT_BITS * (row.slot % DIGITS_PER_LIMB));
    scorer.limbs[limb] = (scorer.limbs[limb] ?? 0n) + (BigInt(row.goals) << shift);
    byPlayer.set(row.player_id, scorer);
  }
  return { scorers: [...byPlayer.values()], limbCount, slots };
}

/** (Re)writes `spike_scorers`: one row per scorer, his limbs 1-based as SQL arrays are. */
export async function writeScorers(client: pg.ClientBase, scorers: Scorer[]): Promise<void> {
  await client.query('drop table if exists spike_scorers');
  await client.query(
    `create table spike_scorers (player_id uuid primary key, goals int not null,
       minutes int[] not null, counts int[] not null, codes int[] not null, limbs bigint[] not null)`,
  );
  await client.query(
    `insert into spike_scorers
     select * from json_to_recordset($1::json) as s(player_id uuid, goals int, minutes int[], counts int[], codes int[], limbs bigint[])`,
    [
      JSON.stringify(
        scorers.map((s) => ({
          player_id: s.playerId,
          goals: s.goals,
          minutes: `{${s.minutes.join(',')}}`,
          counts: `{${s.counts.join(',')}}`,
          codes: `{${s.codes.join(',')}}`,
          limbs: `{${s.limbs.join(',')}}`,
        })),
      ),
    ],
  );
  await client.query('analyze spike_scorers');
}

const SLOTS = [1, 2, 3, 4];
const joined = (term: (slot: number) => string, separator: string) => SLOTS.map(term).join(separator);

/** The four scorer joins of a squad (`squad.player_ids`), as `scorer_1` to `scorer_4`. */
export const scorerJoins = joined(
  (slot) =>
    `left join spike_scorers as scorer_${slot} on scorer_${slot}.player_id = squad.player_ids[${slot}]`,
  ' ',
);

/** The squad's total goals and its status: the domain's `squadStatus` (season not over). */
export const totalGoalsSql = `(${joined((slot) => `coalesce(scorer_${slot}.goals, 0)`, ' + ')})`;
export const bucketSql = `((case when ${totalGoalsSql} > 21 then 2
    when ${joined((slot) => `scorer_${slot}.player_id is null`, ' or ')} then 1 else 0 end) * ${BUCKET.groupStride}
  + (case when ${totalGoalsSql} > 21 then ${totalGoalsSql} else -${totalGoalsSql} end) + ${BUCKET.goalsOffset})::int2`;

/**
 * The sparse key per goal: every goal's code, ascending (intarray's `sort`), as six decimal
 * digits each read as hex: three bytes a goal, computed by C functions alone; then 0xff, which
 * sorts after any goal (fewer goals, the same before: later), a byte no goal holds.
 */
export const goalsKeySql = `decode(array_to_string(sort(${joined((slot) => `coalesce(scorer_${slot}.codes, '{}')`, ' || ')}), '') || 'ff', 'hex')`;

/** The sparse key: the four scorers' (minute, goals) lists merged, summed per minute, latest first. */
export const sparseKeySql = `coalesce((select string_agg(substr(int4send(
      ((${(1 << MINUTE_BITS) - 1} - pair.minute) << 5) | (31 - pair.goals)), 2), ''::bytea order by pair.minute desc)
    from (select minute, sum(goals)::int as goals
      from unnest(${joined((slot) => `coalesce(scorer_${slot}.minutes, '{}')`, ' || ')},
                  ${joined((slot) => `coalesce(scorer_${slot}.counts, '{}')`, ' || ')}) as goal (minute, goals)
      group by minute) as pair), ''::bytea)`;

/** The squad's dense limbs as columns `limb_0` to `limb_{n-1}` (the sums of its scorers' limbs). */
export function limbColumnsSql(limbCount: number): string {
  return Array.from(
    { length: limbCount },
    (_, k) => `(${joined((slot) => `coalesce(scorer_${slot}.limbs[${k + 1}], 0)`, ' + ')}) as limb_${k}`,
  ).join(', ');
}

/** The dense key over `limb_k` columns: the top limb inverted, then the limbs from the top to the lowest non-zero. */
export function denseKeySql(limbCount: number): string {
  const limbs = Array.from({ length: limbCount }, (_, index) => limbCount - 1 - index);
  const present = (k: number) => `case when limb_${k} <> 0 then ${k} end`;
  const top = `greatest(${limbs.map(present).join(', ')})`;
  const bottom = `least(${limbs.map(present).join(', ')})`;
  const parts = limbs.map(
    (k) =>
      `case when ${k} between bottom and top then int8send(${LIMB_CEILING} - limb_${k}) else ''::bytea end`,
  );
  return `(select case when top is null then ''::bytea
      else substr(int2send((255 - top)::int2), 2) || ${parts.join(' || ')} end
    from (select ${top} as top, ${bottom} as bottom) as range)`;
}

/** The coin toss (`coinTossKey`) as PostgreSQL computes it, 0 to 2^32 - 1. */
export const tossSql = (seasonId: string, userId: string) =>
  `('x' || left(md5('${seasonId}:' || ${userId}), 8))::bit(32)::bigint`;

/** Group, goals, the goal-date key, the toss and the id as one byte string (a single-column order). */
export const ordSql = (bucket: string, key: string, toss: string, userId: string) =>
  `int2send(${bucket}) || ${key} || substr(int8send(${toss}), 5) || textsend(${userId})`;
