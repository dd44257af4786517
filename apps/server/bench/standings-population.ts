import { sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../src/db/database.ts';
import { textArray } from '../src/db/sql-values.ts';

const FIRST_NAMES = [
  'Alex',
  'Sam',
  'Jordan',
  'Chris',
  'Jamie',
  'Taylor',
  'Morgan',
  'Charlie',
  'Harry',
  'Oliver',
  'Jack',
  'George',
  'Noah',
  'Leo',
  'Oscar',
  'Amelia',
  'Olivia',
  'Isla',
  'Ava',
  'Mia',
  'Ivy',
  'Lily',
  'Grace',
  'Sophia',
  'Freya',
  'Mohammed',
  'Aisha',
  'Ravi',
  'Priya',
  'Kwame',
  'Chidi',
  'Zoe',
  'Ella',
  'Ruby',
  'Theo',
  'Arthur',
  'Finley',
  'Sienna',
  'Hannah',
  'Erin',
  'Niamh',
  'Sean',
  'Connor',
  'Callum',
  'Ewan',
  'Rhys',
  'Dylan',
  'Megan',
  'Lucas',
];
const LAST_NAMES = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Clarke',
  'Patel',
  'Khan',
  'Lewis',
  'James',
  'Phillips',
  'Mason',
  'Mitchell',
  'Rose',
  'Davis',
  'Rodriguez',
  'Cox',
  'Alexander',
  'Morgan',
  'Moore',
  'Baker',
  'Harris',
  'Cooper',
  'King',
  'Lee',
  'Martin',
  'Clark',
  'Turner',
  'Hill',
  'Scott',
  'Ward',
  'Morris',
  'Young',
  'Hughes',
  'Edwards',
  'Watson',
  'Murphy',
  "O'Brien",
  'Kelly',
  'Walsh',
  'Byrne',
  'Okafor',
  'Mensah',
  'Nguyen',
  'Kowalski',
  'Silva',
  'Santos',
  'Müller',
  'Schmidt',
  'Rossi',
  'Dubois',
  'García',
];
/** ISO 3166 English names, as onboarding stores them; the United Kingdom weighted, so its board is the big one. */
const COUNTRIES = [
  ...Array.from({ length: 12 }, () => 'United Kingdom'),
  'Ireland',
  'United States of America',
  'Nigeria',
  'Ghana',
  'India',
  'Norway',
  'Sweden',
  'Denmark',
  'Netherlands',
  'Germany',
  'France',
  'Spain',
  'Portugal',
  'Brazil',
  'Argentina',
  'Australia',
  'Canada',
  'Kenya',
  'Egypt',
  'Japan',
  'South Africa',
  'Poland',
  "Cote d'Ivoire",
  'Türkiye',
];

export interface PopulationOptions {
  seasonId: string;
  /** How many players to add. */
  size: number;
  /** Prefix of the generated user ids, so several populations can live side by side. */
  idPrefix?: string;
  /** Seeds the choices: the same seed builds the same population. */
  seed?: number;
  /** Every n-th player has no squad (going bust with 0 goals); 0 for none. */
  noSquadEvery?: number;
  /** Every n-th player copies the squad of the player before them (a coin-toss tie); 0 for none. */
  twinEvery?: number;
}

/**
 * Adds `size` onboarded players with random names, countries (the United Kingdom weighted), favourite
 * clubs of the season and random valid squads (4 distinct outfield players in the game from
 * gameweek 1), in a few set-based statements. The foreign keys of profiles and picks are
 * dropped for the load and added back after it, validated in one pass each (PostgreSQL's
 * advice for bulk loads: per-row checks would take minutes at a million players). Choices
 * are hashes of the player's number and the seed: the same options build the same players.
 */
export async function addPopulation(
  db: Executor,
  options: PopulationOptions,
): Promise<{ userIds: string[] }> {
  const { seasonId, size } = options;
  const prefix = options.idPrefix ?? 'bench';
  const seed = options.seed ?? 21;
  const noSquadEvery = options.noSquadEvery ?? 0;
  const twinEvery = options.twinEvery ?? 0;
  const clubNames = (
    await selectRows<{ name: string }>(
      db,
      sql`select clubs.name from season_clubs join clubs on clubs.code = season_clubs.club_code
        where season_clubs.season_id = ${seasonId} order by clubs.name`,
    )
  ).map((row) => row.name);
  const outfield = (
    await selectRows<{ id: string }>(
      db,
      sql`select id from players where season_id = ${seasonId} and position <> 'goalkeeper' and first_gameweek = 1
        order by fpl_code`,
    )
  ).map((row) => row.id);
  if (clubNames.length === 0 || outfield.length < 8) throw new Error(`Season ${seasonId} is not loaded`);
  const foreignKeys = await selectRows<{ table_name: string; name: string; definition: string }>(
    db,
    sql`select conrelid::regclass::text as table_name, conname as name, pg_get_constraintdef(oid) as definition
      from pg_constraint where contype = 'f' and conrelid in ('profiles'::regclass, 'picks'::regclass)`,
  );
  for (const key of foreignKeys) {
    await db.execute(sql.raw(`alter table ${key.table_name} drop constraint ${key.name}`));
  }
  // The picks' indexes too (its key and the scorers' index), built once after the load by a sort:
  // kept up row by row they take most of the load at ten million players (40 million picks
  // inserted in an order that is not the index's).
  const pickKey = await selectRows<{ name: string; definition: string }>(
    db,
    sql`select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
      where contype = 'p' and conrelid = 'picks'::regclass`,
  );
  const pickIndexes = await selectRows<{ indexname: string; indexdef: string }>(
    db,
    sql`select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = 'picks'
      and indexname not in (select conname from pg_constraint where conrelid = 'picks'::regclass)`,
  );
  for (const key of pickKey) await db.execute(sql.raw(`alter table picks drop constraint ${key.name}`));
  for (const index of pickIndexes) await db.execute(sql.raw(`drop index ${index.indexname}`));
  // The squads rows too (migration 0018's triggers keep them per statement): written once after
  // the load by one grouping, rather than by the trigger joining millions of new picks.
  await db.execute(sql`alter table picks disable trigger picks_refresh_squads_on_insert`);

  // A non-negative pseudo-random number per (player number, purpose).
  const random = (purpose: number, of = 'n') =>
    sql.raw(`abs(hashint4(${of} * 131 + ${purpose * 7919 + seed}))`);
  await db.execute(sql`
    insert into users (id, name, email, email_verified)
    select ${prefix} || '-' || n, '', ${prefix} || '-' || n || '@example.com', false
    from generate_series(1, ${size}::int) as n`);
  await db.execute(sql`
    insert into profiles (id, email, full_name, country, favourite_club, onboarding_complete, player_selection_complete)
    select ${prefix} || '-' || n, ${prefix} || '-' || n || '@example.com',
      first_names[1 + ${random(1)} % cardinality(first_names)] || ' ' || last_names[1 + ${random(2)} % cardinality(last_names)],
      countries[1 + ${random(3)} % cardinality(countries)],
      clubs[1 + ${random(4)} % cardinality(clubs)],
      true, ${noSquadEvery} = 0 or n % ${noSquadEvery} <> 0
    from generate_series(1, ${size}::int) as n,
      (select ${textArray(FIRST_NAMES)}::text[] as first_names, ${textArray(LAST_NAMES)}::text[] as last_names,
        ${textArray(COUNTRIES)}::text[] as countries, ${textArray(clubNames)}::text[] as clubs) as lists`);
  // Four distinct players: a random first one, then three random gaps of less than a third
  // of the list each, so the fourth never wraps round to the first.
  const count = outfield.length;
  const gap = Math.floor((count - 1) / 3);
  await db.execute(sql`
    insert into picks (user_id, season_id, player_id, slot)
    select ${prefix} || '-' || n, ${seasonId}, ids[1 + (first + offsets[slot]) % ${count}::int], slot
    from (
      select n, case when ${twinEvery} > 0 and n % ${twinEvery} = 0 then n - 1 else n end as team_of
      from generate_series(1, ${size}::int) as n
      where ${noSquadEvery} = 0 or n % ${noSquadEvery} <> 0
    ) as members
    cross join lateral (
      select ${random(5, 'team_of')} % ${count}::int as first,
        array[0, 1 + ${random(6, 'team_of')} % ${gap}::int,
          2 + ${random(6, 'team_of')} % ${gap}::int + ${random(7, 'team_of')} % ${gap}::int,
          3 + ${random(6, 'team_of')} % ${gap}::int + ${random(7, 'team_of')} % ${gap}::int
            + ${random(8, 'team_of')} % ${gap}::int] as offsets
    ) as choice
    cross join generate_series(1, 4) as slot,
    (select ${textArray(outfield)}::uuid[] as ids) as list`);

  for (const key of pickKey) {
    await db.execute(sql.raw(`alter table picks add constraint ${key.name} ${key.definition}`));
  }
  await db.execute(sql`
    insert into squads (season_id, user_id, player_ids)
    select season_id, user_id, array_agg(player_id order by slot, player_id) from picks
    where season_id = ${seasonId} and user_id like ${`${prefix}-%`}
    group by season_id, user_id
    on conflict (season_id, user_id) do nothing`);
  await db.execute(sql`alter table picks enable trigger picks_refresh_squads_on_insert`);
  for (const index of pickIndexes) await db.execute(sql.raw(index.indexdef));
  for (const key of foreignKeys) {
    await db.execute(sql.raw(`alter table ${key.table_name} add constraint ${key.name} ${key.definition}`));
  }
  await db.execute(sql`analyze users, profiles, picks, squads`);
  return { userIds: Array.from({ length: size }, (_, index) => `${prefix}-${index + 1}`) };
}
