/** Builds a whole board of one encoding from profiles, squads and `spike_scorers`. */
import type pg from 'pg';
import {
  bucketSql,
  denseKeySql,
  goalsKeySql,
  limbColumnsSql,
  ordSql,
  scorerJoins,
  sparseKeySql,
  tossSql,
} from './key-sql.ts';
import { SEASON } from './spike-db.ts';

export type Encoding = 'pairs' | 'goals' | 'dense';

/** Every member scored: user id, country, club, bucket, key, toss (`where` filters the squads). */
export function scoredRowsSql(encoding: Encoding, limbCount: number, where = 'true'): string {
  const inner = `select profile.id collate "C" as user_id, profile.country collate "C" as country,
      profile.favourite_club collate "C" as club, ${bucketSql} as bucket,
      ${encoding === 'dense' ? limbColumnsSql(limbCount) : `${encoding === 'pairs' ? sparseKeySql : goalsKeySql} as key`}
    from profiles as profile
    left join squads as squad on squad.user_id = profile.id and squad.season_id = '${SEASON}'
    ${scorerJoins}
    where profile.onboarding_complete and ${where}`;
  const key = encoding === 'dense' ? `${denseKeySql(limbCount)} as key` : 'key';
  return `select user_id, country, club, bucket, ${key}, ${tossSql(SEASON, 'user_id')} as toss
    from (${inner}) as member`;
}

/** The first round's rows: `scoredRowsSql` and `ord` ending with the user id. */
export function scoredMembersSql(encoding: Encoding, limbCount: number, where = 'true'): string {
  return `select *, ${ordSql('bucket', 'key', 'toss', 'user_id')} as ord from (
    ${scoredRowsSql(encoding, limbCount, where)}) as keyed`;
}

/** User ids are ASCII: their bytes as an immutable function, which an index expression needs. */
export const ID_BYTES_FUNCTION = `create or replace function spike_id_bytes(id text) returns bytea
  language sql immutable parallel safe as 'select textsend(id)'`;

/** Creates `table` (logged) holding every member's key, as one statement (parallel where it can). */
export async function createBoard(
  client: pg.ClientBase,
  table: string,
  encoding: Encoding,
  limbCount: number,
): Promise<void> {
  await client.query(`drop table if exists ${table}`);
  await client.query(`create table ${table} as ${scoredMembersSql(encoding, limbCount)}`);
}

/** The board's order indexes: global (columns or one byte string), country, club. */
export const ORDER_INDEXES = {
  global: (table: string) => `create index ${table}_global on ${table} (bucket, key, toss, user_id)`,
  globalOrd: (table: string) => `create index ${table}_ord on ${table} (ord)`,
  country: (table: string) =>
    `create index ${table}_country on ${table} (country, bucket, key, toss, user_id)`,
  club: (table: string) => `create index ${table}_club on ${table} (club, bucket, key, toss, user_id)`,
} as const;
