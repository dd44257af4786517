import { isSeasonOver, type SeasonConfig } from '@hit21/core';
import type { Database, DatabaseConnection, DatabaseHandle } from '../../../db/database.ts';
import {
  analyzeNextBoard,
  buildNextBoardIndex,
  createNextBoard,
  createNextLeagueStandings,
  createRankingKeys,
  dropRankingKeys,
  type IndexDefinition,
  listBoardMembersAfter,
  listStandingsIndexes,
  RANKING_KEY_COLUMNS,
  rankNextBoard,
  releaseRecomputeLock,
  replaceGroups,
  saveStandingsState,
  swapInNextBoard,
  tryRecomputeLock,
} from './board-rebuild-repository.ts';
import { type GoalTimesByPlayer, type ScoredMember, scoreMember } from './compute-standings.ts';
import { listCountedGoals, readInputStamps } from './standings-inputs-repository.ts';

/**
 * The databases this process is recomputing on. The advisory lock keeps other instances out,
 * but the embedded database has one session, in which the lock is re-entrant.
 */
const recomputing = new WeakSet<DatabaseHandle>();
/**
 * Members read, scored and copied at a time: big enough for few round trips, small enough that
 * the server's memory does not grow with the number of players.
 */
const MEMBERS_PER_PAGE = 20_000;
/** Characters that make a CSV field need quotes (an empty field unquoted would be NULL). */
const CSV_SPECIAL = /[",\r\n]/;

export type RecomputePhase = 'read' | 'ranked' | 'loaded' | 'leagues' | 'indexed' | 'swapped';

export type RecomputeResult =
  | { status: 'recomputed'; members: number; durationMs: number; computedFor: Date }
  /** Another instance holds the lock; it is recomputing now. */
  | { status: 'busy' };

/** The goals the board is scored from, read in one snapshot, with the version stamps of that snapshot. */
interface RankingInputs {
  inputsVersion: number;
  goalsFingerprint: string;
  goalTimesByPlayer: Map<number, number[]>;
}

/**
 * Recomputes a season's boards as they stand at `now`: reads the goals that count and the
 * version stamps in one snapshot; reads the board's members a page at a time, scores each with
 * the domain rules in Node and copies them, with their key in the domain's ranking order
 * (`rankingSortKey`), into `standings_keys`; has the database rank them (global, country, club)
 * into a fresh table (`standings_next`) and every league of the season's approved members in
 * that order into `league_standings_next`; builds both tables' indexes side by side on several
 * connections, then swaps them in for the stored tables with the state row in one short
 * transaction. Readers see the old board until that commit and the new one after it. The
 * server's memory holds one page of members at a time, whatever the number of players. A
 * member who changes while the pages are read may be read before or after the change: the
 * change also moves the version stamp, so the next check recomputes anyway. A session-level
 * advisory lock keeps it to one recompute at a time across instances; a table left by a
 * recompute cut off halfway is dropped by the next one.
 */
export async function recomputeStandings(options: {
  database: DatabaseHandle;
  season: SeasonConfig;
  now: Date;
  /** Called as each phase ends, with the milliseconds since the start (the benchmark prints them). */
  onPhase?: (phase: RecomputePhase, elapsedMs: number) => void;
  /** Members read and scored at a time (tests page through a few thousand). */
  membersPerPage?: number;
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
        const board = await scoreBoardMembers(connection, options.membersPerPage ?? MEMBERS_PER_PAGE, {
          seasonId: season.id,
          goalTimesByPlayer: inputs.goalTimesByPlayer,
          isSeasonOver: isSeasonOver(season.gameweeks, now),
        });
        phaseDone('ranked');
        const indexes = await listStandingsIndexes(connection.db);
        await createNextBoard(connection.db, season.id);
        await rankNextBoard(connection.db, season.id);
        await dropRankingKeys(connection.db);
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
          members: board.members,
          countries: [...board.countries].sort(),
          clubs: [...board.clubs].sort(),
          durationMs,
        };
        await connection.db.transaction(async (tx) => {
          await replaceGroups(tx, season.id);
          await swapInNextBoard(tx, indexes);
          await saveStandingsState(tx, season.id, state);
        });
        return { status: 'recomputed', members: board.members, durationMs, computedFor: now };
      } finally {
        // Should the unlock fail, it throws: `withConnection` then closes the connection, which frees the lock.
        await releaseRecomputeLock(connection.db);
      }
    })
    .finally(() => recomputing.delete(database));
  if (result.status === 'recomputed') phaseDone('swapped');
  return result;
}

/** The version stamps and the goals that count at `now`, from one snapshot. */
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
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Every board member, a page at a time, scored and copied into a fresh `standings_keys`.
 * Returns how many there are and their countries and clubs (a few hundred names at most).
 */
async function scoreBoardMembers(
  connection: DatabaseConnection,
  membersPerPage: number,
  options: { seasonId: string; goalTimesByPlayer: GoalTimesByPlayer; isSeasonOver: boolean },
): Promise<{ members: number; countries: Set<string>; clubs: Set<string> }> {
  await createRankingKeys(connection.db);
  const board = { members: 0, countries: new Set<string>(), clubs: new Set<string>() };
  let afterUserId: string | null = null;
  for (;;) {
    const page = await listBoardMembersAfter(connection.db, options.seasonId, afterUserId, membersPerPage);
    if (page.length === 0) return board;
    const scored = page.map((member) => scoreMember(member, options));
    await connection.copyCsv('standings_keys', RANKING_KEY_COLUMNS, [rankingKeysCsv(scored)]);
    for (const { member } of scored) {
      board.countries.add(member.country);
      board.clubs.add(member.club);
    }
    board.members += page.length;
    afterUserId = page.at(-1)?.userId ?? null;
    if (page.length < membersPerPage) return board;
  }
}

/** Scored members as CSV lines for `standings_keys` (RANKING_KEY_COLUMNS). */
function rankingKeysCsv(scored: readonly ScoredMember[]): string {
  // Quoting only where needed (commas in country names, quotes in names): a third of the time.
  const text = (value: string) =>
    value === '' || CSV_SPECIAL.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  let csv = '';
  for (const { member, status, totalGoals, sortKey } of scored) {
    // bytea in its hex form: \x then two digits a byte.
    csv += `${text(member.userId)},\\x${Buffer.from(sortKey).toString('hex')},${status},${totalGoals},${text(member.fullName)},${text(member.fullName.toLowerCase())},${text(member.country)},${text(member.club)}\n`;
  }
  return csv;
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
