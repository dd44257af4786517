import { isSeasonOver, type SeasonConfig, type SquadStatus } from '@hit21/core';
import { sql } from 'drizzle-orm';
import { type Database, selectRows, type Transaction } from '../db/database.ts';
import { picks, players, profiles, standingsState } from '../db/schema/index.ts';
import { computeStandings, type RankedStanding, type StandingsMember } from './compute-standings.ts';
import { intArray, textArray } from './sql-arrays.ts';
import { goalsFingerprintSql, inputsVersionSql, listCountedGoals } from './standings-inputs.ts';

/** Advisory lock: one recompute at a time across every instance (2121 migrations, 2122 season data). */
const STANDINGS_LOCK_KEY = 2123;
/** Rows per bulk insert: big enough for few round trips, small enough for modest statements. */
const INSERT_BATCH = 100_000;

/** The countries and clubs on a board, sorted. */
interface BoardLists {
  countries: string[];
  clubs: string[];
}

const SQUAD_STATUSES = ['safe', 'going_bust', 'bust'] as const satisfies readonly SquadStatus[];

export type RecomputePhase = 'read' | 'ranked' | 'loaded' | 'indexed' | 'swapped';

export type RecomputeResult =
  | { status: 'recomputed'; members: number; durationMs: number; computedFor: Date }
  /** Another instance holds the lock; it is recomputing now. */
  | { status: 'busy' };

/**
 * Recomputes a season's boards as they stand at `now`: reads the goals that count, every
 * board member (onboarding complete) and their picks, scores and ranks them with the domain
 * rules in Node, and writes the result into a fresh table that replaces the stored one in
 * the same transaction. Readers see the old board until the commit and the new one after it.
 * One repeatable-read snapshot, so the version stamped matches exactly the inputs read.
 */
export async function recomputeStandings(options: {
  db: Database;
  season: SeasonConfig;
  now: Date;
  /** Called as each phase ends, with the milliseconds since the start (the benchmark prints them). */
  onPhase?: (phase: RecomputePhase, elapsedMs: number) => void;
}): Promise<RecomputeResult> {
  const { db, season, now } = options;
  const started = performance.now();
  const phaseDone = (phase: RecomputePhase) => options.onPhase?.(phase, performance.now() - started);
  const result = await db.transaction(
    async (tx): Promise<RecomputeResult> => {
      const [lock] = await selectRows<{ locked: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(${STANDINGS_LOCK_KEY}) as locked`,
      );
      if (!lock?.locked) return { status: 'busy' };
      // Sorting and hashing a million rows in memory rather than on disk; index builds likewise.
      await tx.execute(sql`set local work_mem = '128MB'`);
      await tx.execute(sql`set local maintenance_work_mem = '1GB'`);

      const [versions] = await selectRows<{ inputs_version: string | number; goals_fingerprint: string }>(
        tx,
        sql`select ${inputsVersionSql()} as inputs_version, ${goalsFingerprintSql(season.id, now)} as goals_fingerprint`,
      );
      const goalTimesByPlayer = new Map<number, number[]>();
      for (const goal of await listCountedGoals(tx, season.id, now)) {
        const times = goalTimesByPlayer.get(goal.playerCode) ?? [];
        for (let index = 0; index < goal.goals; index += 1) times.push(goal.kickoffAt.getTime());
        goalTimesByPlayer.set(goal.playerCode, times);
      }
      for (const times of goalTimesByPlayer.values()) times.sort((a, b) => b - a);

      const members = await listBoardMembers(tx, season.id);
      phaseDone('read');
      const ranked = computeStandings({
        seasonId: season.id,
        members,
        goalTimesByPlayer,
        isSeasonOver: isSeasonOver(season.gameweeks, now),
      });
      phaseDone('ranked');
      const lists = {
        countries: [...new Set(ranked.map((row) => row.member.country))].sort(),
        clubs: [...new Set(ranked.map((row) => row.member.club))].sort(),
      };
      await replaceSeasonStandings(tx, season.id, ranked, lists, phaseDone);

      const durationMs = Math.round(performance.now() - started);
      const state = {
        computedFor: now,
        inputsVersion: Number(versions?.inputs_version ?? 0),
        goalsFingerprint: versions?.goals_fingerprint ?? '',
        members: ranked.length,
        ...lists,
        computedAt: new Date(),
        durationMs,
      };
      await tx
        .insert(standingsState)
        .values({ seasonId: season.id, ...state })
        .onConflictDoUpdate({ target: standingsState.seasonId, set: state });
      return { status: 'recomputed', members: ranked.length, durationMs, computedFor: now };
    },
    { isolationLevel: 'repeatable read' },
  );
  if (result.status === 'recomputed') phaseDone('swapped');
  return result;
}

/** Everybody on the boards: onboarding complete (name, country and club known), with or without a team. */
async function listBoardMembers(tx: Transaction, seasonId: string): Promise<StandingsMember[]> {
  const rows = await selectRows<{
    user_id: string;
    full_name: string;
    country: string;
    club: string;
    picks: number[] | null;
  }>(
    tx,
    sql`select ${profiles.id} as user_id, ${profiles.fullName} as full_name, ${profiles.country} as country,
        ${profiles.favouriteTeam} as club, team.picks
      from ${profiles}
      left join (
        select ${picks.userId} as user_id, array_agg(${players.fplCode}) as picks
        from ${picks} join ${players} on ${players.id} = ${picks.playerId}
        where ${picks.seasonId} = ${seasonId}
        group by ${picks.userId}
      ) team on team.user_id = ${profiles.id}
      where ${profiles.onboardingComplete} and ${profiles.fullName} is not null
        and ${profiles.country} is not null and ${profiles.favouriteTeam} is not null`,
  );
  return rows.map((row) => ({
    userId: row.user_id,
    fullName: row.full_name,
    country: row.country,
    club: row.club,
    picks: row.picks ?? [],
  }));
}

/**
 * Builds the season's new board in `standings_next` (the other seasons' rows copied as they
 * are), in rank order, indexes it with the stored table's own index definitions, then drops
 * the old table and renames the new one into its place. Loading before indexing is several
 * times faster than maintaining five indexes (one of them a trigram index) row by row.
 */
async function replaceSeasonStandings(
  tx: Transaction,
  seasonId: string,
  ranked: RankedStanding[],
  lists: BoardLists,
  phaseDone: (phase: RecomputePhase) => void,
) {
  const indexes = await selectRows<{ indexname: string; indexdef: string }>(
    tx,
    sql`select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = 'standings'`,
  );
  await tx.execute(
    sql`create table standings_next (like standings including defaults including constraints)`,
  );
  await tx.execute(sql`insert into standings_next select * from standings where season_id <> ${seasonId}`);

  // Countries, clubs and statuses travel as positions in these short lists, ranks as offsets.
  const countryIndex = new Map(lists.countries.map((name, index) => [name, index + 1]));
  const clubIndex = new Map(lists.clubs.map((name, index) => [name, index + 1]));
  const statusIndex = new Map(SQUAD_STATUSES.map((status, index) => [status, index + 1]));
  for (let start = 0; start < ranked.length; start += INSERT_BATCH) {
    const batch = ranked.slice(start, start + INSERT_BATCH);
    await tx.execute(sql`
      insert into standings_next (season_id, user_id, status, total_goals, global_rank, country_rank, club_rank,
        full_name, country, club)
      select ${seasonId}, member.user_id, lists.statuses[member.status], member.total_goals,
        ${start} + member.position, member.country_rank, member.club_rank, member.full_name,
        lists.countries[member.country], lists.clubs[member.club]
      from unnest(
        ${textArray(batch.map((row) => row.member.userId))}::text[],
        ${intArray(batch.map((row) => statusIndex.get(row.status) ?? 0))}::int[],
        ${intArray(batch.map((row) => row.totalGoals))}::int[],
        ${intArray(batch.map((row) => row.countryRank))}::int[],
        ${intArray(batch.map((row) => row.clubRank))}::int[],
        ${textArray(batch.map((row) => row.member.fullName))}::text[],
        ${intArray(batch.map((row) => countryIndex.get(row.member.country) ?? 0))}::int[],
        ${intArray(batch.map((row) => clubIndex.get(row.member.club) ?? 0))}::int[]
      ) with ordinality as member(user_id, status, total_goals, country_rank, club_rank, full_name, country, club, position),
      (select ${textArray(SQUAD_STATUSES)}::text[] as statuses, ${textArray(lists.countries)}::text[] as countries,
        ${textArray(lists.clubs)}::text[] as clubs) as lists`);
  }
  phaseDone('loaded');
  for (const index of indexes) {
    await tx.execute(
      sql.raw(
        index.indexdef
          .replace(` INDEX ${index.indexname} ON `, ` INDEX ${index.indexname}_next ON `)
          .replace(/ ON (\S+\.)?standings USING /, ' ON $1standings_next USING '),
      ),
    );
  }
  await tx.execute(sql`analyze standings_next`);
  phaseDone('indexed');
  await tx.execute(sql`drop table standings`);
  await tx.execute(sql`alter table standings_next rename to standings`);
  for (const index of indexes) {
    await tx.execute(sql.raw(`alter index ${index.indexname}_next rename to ${index.indexname}`));
  }
}
