import { isSeasonOver, type SeasonConfig } from '@hit21/core';
import type { Database, DatabaseConnection, DatabaseHandle } from '../../../db/database.ts';
import {
  analyzeNextBoard,
  buildNextBoardIndex,
  createNextBoard,
  createNextLeagueStandings,
  type IndexDefinition,
  listBoardMembers,
  listStandingsIndexes,
  releaseRecomputeLock,
  replaceGroups,
  saveStandingsState,
  swapInNextBoard,
  tryRecomputeLock,
} from './board-rebuild-repository.ts';
import { computeStandings, type RankedStanding, type StandingsMember } from './compute-standings.ts';
import { listCountedGoals, readInputStamps } from './standings-inputs-repository.ts';

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

export type RecomputePhase = 'read' | 'ranked' | 'loaded' | 'leagues' | 'indexed' | 'swapped';

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

/**
 * Recomputes a season's boards as they stand at `now`: reads the goals that count, every
 * board member (onboarding complete) and their picks in one repeatable-read snapshot, scores
 * and ranks them with the domain rules in Node, loads the result into a fresh table
 * (`standings_next`), ranks every league of the season's approved members in that order into
 * `league_standings_next`, builds both tables' indexes side by side on several connections, then
 * swaps them in for the stored tables with the state row in one short transaction. Readers see the old
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
      if (!(await tryRecomputeLock(connection.db))) return { status: 'busy' };
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
        await createNextLeagueStandings(connection.db, season.id);
        phaseDone('leagues');
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
          durationMs,
        };
        await connection.db.transaction(async (tx) => {
          await replaceGroups(tx, season.id);
          await swapInNextBoard(tx, indexes);
          await saveStandingsState(tx, season.id, state);
        });
        return { status: 'recomputed', members: ranked.length, durationMs, computedFor: now };
      } finally {
        // Should the unlock fail, it throws: `withConnection` then closes the connection, which frees the lock.
        await releaseRecomputeLock(connection.db);
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
      const stamps = await readInputStamps(tx, seasonId, now);
      const goalTimesByPlayer = new Map<number, number[]>();
      for (const goal of await listCountedGoals(tx, seasonId, now)) {
        const times = goalTimesByPlayer.get(goal.playerCode) ?? [];
        for (let index = 0; index < goal.goals; index += 1) times.push(goal.kickoffAt.getTime());
        goalTimesByPlayer.set(goal.playerCode, times);
      }
      for (const times of goalTimesByPlayer.values()) times.sort((a, b) => b - a);
      return {
        inputsVersion: stamps.inputsVersion,
        goalsFingerprint: stamps.goalsFingerprint,
        goalTimesByPlayer,
        members: await listBoardMembers(tx, seasonId),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
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
  const indexes = await listStandingsIndexes(connection.db);
  await createNextBoard(connection.db, seasonId);
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
 * Builds the stored tables' indexes on `standings_next` and `league_standings_next` (named
 * `…_next` until the swap), side by side on as many connections as the database usefully runs:
 * the trigram index first, as it alone takes about as long as the b-trees together.
 */
async function indexNextBoard(database: DatabaseHandle, indexes: readonly IndexDefinition[]) {
  const queue = [...indexes]
    .sort((a, b) => Number(isGinIndex(b)) - Number(isGinIndex(a)))
    .map((index) =>
      index.indexdef
        .replace(` INDEX ${index.indexname} ON `, ` INDEX ${index.indexname}_next ON `)
        .replace(
          new RegExp(` ON (\\S+\\.)?${index.tablename} USING `),
          ` ON $1${index.tablename}_next USING `,
        ),
    );
  const builders = Array.from({ length: Math.min(database.parallelConnections, queue.length) }, () =>
    database.withConnection(async (connection) => {
      for (let statement = queue.shift(); statement !== undefined; statement = queue.shift()) {
        await connection.db
          .transaction((tx) => buildNextBoardIndex(tx, statement))
          .catch((error: unknown) => {
            queue.length = 0;
            throw error;
          });
      }
    }),
  );
  await Promise.all(builders);
  await analyzeNextBoard(database.db);
}

function isGinIndex(index: IndexDefinition): boolean {
  return / USING gin /i.test(index.indexdef);
}
