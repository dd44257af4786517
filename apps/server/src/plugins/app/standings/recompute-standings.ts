import { isSeasonOver, type SeasonConfig } from '@hit21/core';
import { eq, sql } from 'drizzle-orm';
import { ADVISORY_LOCK_KEYS } from '../../../db/advisory-locks.ts';
import {
  type Database,
  type DatabaseConnection,
  type DatabaseHandle,
  selectRows,
  type Transaction,
} from '../../../db/database.ts';
import { picks, players, profiles, standingsGroups, standingsState } from '../../../db/schema/index.ts';
import { computeStandings, type RankedStanding, type StandingsMember } from './compute-standings.ts';
import { goalsFingerprintSql, inputsVersionSql, listCountedGoals } from './standings-inputs-repository.ts';

/**
 * The databases this process is recomputing on. The advisory lock keeps other instances out,
 * but the embedded database has one session, in which the lock is re-entrant.
 */
const recomputing = new WeakSet<DatabaseHandle>();
/** Rows per COPY chunk: big enough for few writes, small enough to stream. */
const COPY_CHUNK_ROWS = 10_000;
/** Characters that make a CSV field need quotes (an empty field unquoted would be NULL). */
const CSV_SPECIAL = /[",\r\n]/;
const STANDINGS_COLUMNS = [
  'season_id',
  'user_id',
  'status',
  'total_goals',
  'global_rank',
  'country_rank',
  'club_rank',
  'full_name',
  'search_name',
  'country',
  'club',
] as const;

export type RecomputePhase = 'read' | 'ranked' | 'loaded' | 'indexed' | 'swapped';

export type RecomputeResult =
  | { status: 'recomputed'; members: number; durationMs: number; computedFor: Date }
  /** Another instance holds the lock; it is recomputing now. */
  | { status: 'busy' };

/** What the board is computed from, read in one snapshot, with the version stamps of that snapshot. */
interface RankingInputs {
  inputsVersion: number;
  goalsFingerprint: string;
  goalTimesByPlayer: Map<number, number[]>;
  members: StandingsMember[];
}

interface IndexDefinition {
  indexname: string;
  indexdef: string;
}

/**
 * Recomputes a season's boards as they stand at `now`: reads the goals that count, every
 * board member (onboarding complete) and their picks in one repeatable-read snapshot, scores
 * and ranks them with the domain rules in Node, loads the result into a fresh table
 * (`standings_next`), builds its indexes side by side on several connections, then swaps it
 * in for the stored table with its state row in one short transaction. Readers see the old
 * board until that commit and the new one after it. A session-level advisory lock keeps it
 * to one recompute at a time across instances; a table left by a recompute cut off halfway is
 * dropped by the next one.
 */
export async function recomputeStandings(options: {
  database: DatabaseHandle;
  season: SeasonConfig;
  now: Date;
  /** Called as each phase ends, with the milliseconds since the start (the benchmark prints them). */
  onPhase?: (phase: RecomputePhase, elapsedMs: number) => void;
}): Promise<RecomputeResult> {
  const { database, season, now } = options;
  const started = performance.now();
  const phaseDone = (phase: RecomputePhase) => options.onPhase?.(phase, performance.now() - started);
  if (recomputing.has(database)) return { status: 'busy' };
  recomputing.add(database);
  const result = await database
    .withConnection(async (connection): Promise<RecomputeResult> => {
      const [lock] = await selectRows<{ locked: boolean }>(
        connection.db,
        sql`select pg_try_advisory_lock(${ADVISORY_LOCK_KEYS.standingsRecompute}) as locked`,
      );
      if (!lock?.locked) return { status: 'busy' };
      try {
        const inputs = await readRankingInputs(connection.db, season.id, now);
        phaseDone('read');
        const ranked = computeStandings({
          seasonId: season.id,
          members: inputs.members,
          goalTimesByPlayer: inputs.goalTimesByPlayer,
          isSeasonOver: isSeasonOver(season.gameweeks, now),
        });
        phaseDone('ranked');
        const indexes = await loadNextBoard(connection, season.id, ranked);
        phaseDone('loaded');
        await indexNextBoard(database, indexes);
        phaseDone('indexed');

        const durationMs = Math.round(performance.now() - started);
        const state = {
          computedFor: now,
          inputsVersion: inputs.inputsVersion,
          goalsFingerprint: inputs.goalsFingerprint,
          members: ranked.length,
          countries: [...new Set(ranked.map((row) => row.member.country))].sort(),
          clubs: [...new Set(ranked.map((row) => row.member.club))].sort(),
          computedAt: new Date(),
          durationMs,
        };
        await connection.db.transaction(async (tx) => {
          await replaceGroups(tx, season.id);
          await swapInNextBoard(tx, indexes);
          await tx
            .insert(standingsState)
            .values({ seasonId: season.id, ...state })
            .onConflictDoUpdate({ target: standingsState.seasonId, set: state });
        });
        return { status: 'recomputed', members: ranked.length, durationMs, computedFor: now };
      } finally {
        // Should the unlock fail, it throws: `withConnection` then closes the connection, which frees the lock.
        await connection.db.execute(sql`select pg_advisory_unlock(${ADVISORY_LOCK_KEYS.standingsRecompute})`);
      }
    })
    .finally(() => recomputing.delete(database));
  if (result.status === 'recomputed') phaseDone('swapped');
  return result;
}

/** The version stamps, the goals that count at `now` and the members, from one snapshot. */
async function readRankingInputs(db: Database, seasonId: string, now: Date): Promise<RankingInputs> {
  return db.transaction(
    async (tx) => {
      const [versions] = await selectRows<{ inputs_version: string | number; goals_fingerprint: string }>(
        tx,
        sql`select ${inputsVersionSql()} as inputs_version, ${goalsFingerprintSql(seasonId, now)} as goals_fingerprint`,
      );
      const goalTimesByPlayer = new Map<number, number[]>();
      for (const goal of await listCountedGoals(tx, seasonId, now)) {
        const times = goalTimesByPlayer.get(goal.playerCode) ?? [];
        for (let index = 0; index < goal.goals; index += 1) times.push(goal.kickoffAt.getTime());
        goalTimesByPlayer.set(goal.playerCode, times);
      }
      for (const times of goalTimesByPlayer.values()) times.sort((a, b) => b - a);
      return {
        inputsVersion: Number(versions?.inputs_version ?? 0),
        goalsFingerprint: versions?.goals_fingerprint ?? '',
        goalTimesByPlayer,
        members: await listBoardMembers(tx, seasonId),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
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
 * Creates `standings_next` with the other seasons' rows as they are and this season's new
 * board in rank order, loaded with COPY and not yet indexed (loading first, then indexing, is
 * several times faster than maintaining five indexes row by row). Returns the stored table's
 * index definitions, which the new table gets too.
 */
async function loadNextBoard(
  connection: DatabaseConnection,
  seasonId: string,
  ranked: readonly RankedStanding[],
): Promise<IndexDefinition[]> {
  const { db } = connection;
  const indexes = await selectRows<IndexDefinition>(
    db,
    sql`select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = 'standings'`,
  );
  await db.execute(sql`drop table if exists standings_next`);
  await db.execute(
    sql`create table standings_next (like standings including defaults including constraints)`,
  );
  await db.execute(sql`insert into standings_next select * from standings where season_id <> ${seasonId}`);
  await connection.copyCsv('standings_next', STANDINGS_COLUMNS, standingsCsv(seasonId, ranked));
  return indexes;
}

/** The new board's rows as CSV, in chunks of whole lines. */
function* standingsCsv(seasonId: string, ranked: readonly RankedStanding[]): Generator<string> {
  // Quoting only where needed (commas in country names, quotes in names): a third of the time.
  const text = (value: string) =>
    value === '' || CSV_SPECIAL.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  const season = text(seasonId);
  const lines: string[] = [];
  for (const row of ranked) {
    const { member } = row;
    lines.push(
      `${season},${text(member.userId)},${row.status},${row.totalGoals},${row.globalRank},${row.countryRank},${row.clubRank},${text(member.fullName)},${text(member.fullName.toLowerCase())},${text(member.country)},${text(member.club)}`,
    );
    if (lines.length === COPY_CHUNK_ROWS) {
      yield `${lines.join('\n')}\n`;
      lines.length = 0;
    }
  }
  if (lines.length > 0) yield `${lines.join('\n')}\n`;
}

/**
 * Builds the stored table's indexes on `standings_next` (named `…_next` until the swap),
 * side by side on as many connections as the database usefully runs: the trigram index
 * first, as it alone takes about as long as the b-trees together.
 */
async function indexNextBoard(database: DatabaseHandle, indexes: readonly IndexDefinition[]) {
  const queue = [...indexes]
    .sort((a, b) => Number(isGinIndex(b)) - Number(isGinIndex(a)))
    .map((index) =>
      index.indexdef
        .replace(` INDEX ${index.indexname} ON `, ` INDEX ${index.indexname}_next ON `)
        .replace(/ ON (\S+\.)?standings USING /, ' ON $1standings_next USING '),
    );
  const builders = Array.from({ length: Math.min(database.parallelConnections, queue.length) }, () =>
    database.withConnection(async (connection) => {
      for (let statement = queue.shift(); statement !== undefined; statement = queue.shift()) {
        await connection.db
          .transaction(async (tx) => {
            // Sorting a million keys in memory rather than on disk; the builds side by side
            // already keep the cores busy, so no extra workers per build.
            await tx.execute(sql`set local maintenance_work_mem = '1GB'`);
            await tx.execute(sql`set local max_parallel_maintenance_workers = 0`);
            await tx.execute(sql.raw(statement));
          })
          .catch((error: unknown) => {
            queue.length = 0;
            throw error;
          });
      }
    }),
  );
  await Promise.all(builders);
  await database.db.execute(sql`analyze standings_next`);
}

function isGinIndex(index: IndexDefinition): boolean {
  return / USING gin /i.test(index.indexdef);
}

/**
 * The new board's member counts per country and club (see `standingsGroups`), counted from
 * `standings_next` before the swap locks the stored board: readers wait only for the renames.
 */
async function replaceGroups(tx: Transaction, seasonId: string) {
  await tx.delete(standingsGroups).where(eq(standingsGroups.seasonId, seasonId));
  await tx.execute(sql`insert into ${standingsGroups} (season_id, country, club, members)
    select season_id, country, club, count(*) from standings_next where season_id = ${seasonId}
    group by season_id, country, club`);
}

/** Drops the stored table and renames the new one, and its indexes, into its place. */
async function swapInNextBoard(tx: Transaction, indexes: readonly IndexDefinition[]) {
  await tx.execute(sql`drop table standings`);
  await tx.execute(sql`alter table standings_next rename to standings`);
  for (const index of indexes) {
    await tx.execute(sql.raw(`alter index ${index.indexname}_next rename to ${index.indexname}`));
  }
}
