/**
 * The second round's board (decision 019): `ord` = bucket ‖ key ‖ coin toss ‖ member number,
 * the member number a stable 4-byte number per member and season (`spike_members`, assigned
 * once from a sequence when a member first joins), so every order index is narrower than with
 * the user id, and the board stores only what `ord` does not hold: (user id, member, country
 * code, club code, ord). Bucket, key and toss are read back from `ord`.
 */
import type pg from 'pg';
import { scoredRowsSql } from './board-sql.ts';

/** The bytes after the key: the toss (4) and the member number (4), fixed for the season. */
export const ORD_TAIL_BYTES = 8;

/** A member's `ord` from its parts. */
export const memberOrdSql = (bucket: string, key: string, toss: string, member: string) =>
  `int2send(${bucket}) || ${key} || substr(int8send(${toss}), 5) || int4send(${member})`;

/** A mover's new `ord`: the new bucket and key, then the member's own toss and number, which never change. */
export const rekeyedOrdSql = (bucket: string, key: string, oldOrd: string) =>
  `int2send(${bucket}) || ${key} || substr(${oldOrd}, octet_length(${oldOrd}) - ${ORD_TAIL_BYTES - 1})`;

/** The parts read back from `ord` (the bucket is never negative). */
export const bucketOfOrd = (ord: string) => `((get_byte(${ord}, 0) << 8) | get_byte(${ord}, 1))`;
export const keyOfOrd = (ord: string) => `substr(${ord}, 3, octet_length(${ord}) - ${2 + ORD_TAIL_BYTES})`;
export const tossOfOrd = (ord: string) =>
  `('x' || encode(substr(${ord}, octet_length(${ord}) - ${ORD_TAIL_BYTES - 1}, 4), 'hex'))::bit(32)::bigint`;

/**
 * Numbers every onboarded member not numbered yet, in no particular order: a newcomer's number
 * is the next of the sequence, and a number never changes for the season. The user's number is
 * read from the primary key alone (`include (member)`, the table vacuumed): no write path
 * rebuilds this table.
 */
export async function assignMembers(client: pg.ClientBase): Promise<number> {
  await client.query('create sequence if not exists spike_member_numbers');
  const { rows } = await client.query<{ known: boolean }>(
    `select to_regclass('spike_members') is not null as known`,
  );
  const onboarded = `select profile.id collate "C" as user_id, nextval('spike_member_numbers')::int as member
    from profiles as profile where profile.onboarding_complete`;
  let numbered = 0;
  if (rows[0]?.known) {
    const result = await client.query(`insert into spike_members select * from (${onboarded}
      and not exists (select from spike_members as known where known.user_id = profile.id collate "C")) as newcomer`);
    numbered = result.rowCount ?? 0;
  } else {
    const result = await client.query(`create table spike_members as ${onboarded}`);
    await client.query('alter table spike_members add primary key (user_id) include (member)');
    numbered = result.rowCount ?? 0;
  }
  await client.query('vacuum analyze spike_members');
  return numbered;
}

/**
 * Countries and clubs as 2-byte codes (`spike_countries`, `spike_clubs`, code and name): the
 * board and its two partitioned order indexes hold the code, not the name. A board is named
 * `country:<code>` or `club:<code>`.
 */
export async function codeCountriesAndClubs(client: pg.ClientBase): Promise<void> {
  for (const [table, column] of [
    ['spike_countries', 'country'],
    ['spike_clubs', 'favourite_club'],
  ] as const) {
    await client.query(
      `create table if not exists ${table} (code int2 primary key, name text collate "C" unique)`,
    );
    await client.query(`insert into ${table}
      select coalesce((select max(code) from ${table}), 0) + row_number() over (order by name), name
      from (select distinct ${column} collate "C" as name from profiles where onboarding_complete) as named
      where not exists (select from ${table} as known where known.name = named.name)`);
  }
}

/** Creates `table` (logged) holding every member's `ord`, as one statement. */
export async function createMemberBoard(client: pg.ClientBase, table: string): Promise<void> {
  await client.query(`drop table if exists ${table}`);
  await client.query(`create table ${table} as
    select keyed.user_id, numbered.member, country.code as country, club.code as club,
      ${memberOrdSql('keyed.bucket', 'keyed.key', 'keyed.toss', 'numbered.member')} as ord
    from (${scoredRowsSql('goals', 1)}) as keyed
    join spike_members as numbered on numbered.user_id = keyed.user_id
    join spike_countries as country on country.name = keyed.country
    join spike_clubs as club on club.name = keyed.club`);
}

/** A country's or a club's board by its name, as SQL. */
export const boardNamed = (kind: 'country' | 'club', name: string) =>
  `(select '${kind}:' || code from ${kind === 'country' ? 'spike_countries' : 'spike_clubs'} where name = '${name.replaceAll("'", "''")}')`;

/** The board's indexes: the three orders and the member's row; the longest first. */
export const BOARD_INDEXES = (table: string) => [
  `create index ${table}_country on ${table} (country, ord)`,
  `create index ${table}_club on ${table} (club, ord)`,
  `create unique index ${table}_global on ${table} (ord)`,
  `create unique index ${table}_member on ${table} (member)`,
];
export const BOARD_INDEX_NAMES = ['country', 'club', 'global', 'member'] as const;

/** The board's row of user `$1`, by its member number (the board has no index on the user id). */
export const memberOfUser = '(select member from spike_members where user_id = $1)';
