import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, selectRows } from '../../../../src/db/database.ts';
import { BLOCK_SPAN, RANK_CHUNK_BLOCKS, rebuiltPosition } from '../../../../src/db/schema/index.ts';
import { removeMembers } from '../../../../src/plugins/app/standings/placing/board-rows-repository.ts';
import {
  type BlockChange,
  shiftRankBlocks,
} from '../../../../src/plugins/app/standings/placing/rank-block-counts-repository.ts';
import {
  type Board,
  readLeaderboardPage,
} from '../../../../src/plugins/app/standings/reading/leaderboard-repository.ts';
import {
  countNextBoard,
  prepareNextTables,
} from '../../../../src/plugins/app/standings/rebuilding/next-board-counts-repository.ts';
import { createTestDatabase, engines } from '../../../support/test-database.ts';
import { readWholeBoard } from '../../../support/whole-board.ts';

const ENGINES = engines('both', 'standings SQL and COPY');

/*
 * Boards spread over several chunks of rank blocks (standingsRankChunks): a board of 1,500 members
 * scattered over 200 blocks, so every board crosses chunk edges, counted as a rebuild counts it,
 * read page by page and member by member against its order, then changed as placements change it
 * (members taken off, put on, whole blocks and a whole chunk emptied) and counted again.
 */

const SEASON = '2025-26';
const COUNTRIES = ['France', 'Ireland', 'Japan'];
const CLUBS = ['Arsenal', 'Chelsea', 'Everton', 'Fulham'];

interface Member {
  userId: string;
  position: number;
  country: string;
  club: string;
}

describe.each(ENGINES)('boards over several chunks of rank blocks on %s', (engine) => {
  let database: DatabaseHandle;
  let members: Member[];
  let random = 7;
  /** A small seeded generator: the same board on every run. */
  const next = (below: number) => {
    random = (random * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor((random / 2_147_483_648) * below);
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    // Ranks 1 to 200,000 of a rebuilt order (200 blocks, four chunks), 1,500 of them taken.
    const ranks = new Set<number>();
    while (ranks.size < 1_500) ranks.add(1 + next(200_000));
    members = [...ranks].map((rank, index) => ({
      userId: `m${index}`,
      position: rebuiltPosition(rank),
      country: COUNTRIES[next(COUNTRIES.length)] ?? '',
      club: CLUBS[next(CLUBS.length)] ?? '',
    }));
    await insertRows(members);
    await countAsRebuild();
    await database.db.execute(sql`delete from standings_rank_blocks`);
    await database.db.execute(sql`delete from standings_rank_chunks`);
    await database.db.execute(
      sql`insert into standings_rank_blocks select * from standings_rank_blocks_next`,
    );
    await database.db.execute(
      sql`insert into standings_rank_chunks select * from standings_rank_chunks_next`,
    );
  });
  afterAll(async () => {
    await database.close();
  });

  async function insertRows(rows: readonly Member[]) {
    await database.db.execute(sql`insert into standings
        (season_id, user_id, status, total_goals, position, full_name, search_name, country, club)
      select ${SEASON}, user_id, 'safe', 10, position, user_id, user_id, country, club
      from unnest(${`{${rows.map((row) => row.userId).join(',')}}`}::text[],
        ${`{${rows.map((row) => row.position).join(',')}}`}::bigint[],
        ${`{${rows.map((row) => row.country).join(',')}}`}::text[],
        ${`{${rows.map((row) => row.club).join(',')}}`}::text[]) as row (user_id, position, country, club)`);
  }

  /** The stored board's blocks and chunks as a rebuild counts them, into the `_next` tables. */
  async function countAsRebuild() {
    await database.db.execute(sql`drop table if exists standings_next`);
    await database.db.execute(sql`create table standings_next as select * from standings`);
    await prepareNextTables(database.db, SEASON);
    await countNextBoard(database.db, SEASON);
    await database.db.execute(sql`drop table standings_next`);
  }

  /** Each board, read page by page, is its members in position order, numbered from 1. */
  async function expectBoardsRead() {
    const boards: [Board, (member: Member) => boolean][] = [
      [{ kind: 'global' }, () => true],
      ...COUNTRIES.map((country): [Board, (member: Member) => boolean] => [
        { kind: 'country', country },
        (member) => member.country === country,
      ]),
      ...CLUBS.map((club): [Board, (member: Member) => boolean] => [
        { kind: 'club', club },
        (member) => member.club === club,
      ]),
    ];
    const ordered = [...members].sort((a, b) => a.position - b.position);
    for (const [board, holds] of boards) {
      const expected = ordered
        .filter(holds)
        .map((member, index) => ({ rank: index + 1, userId: member.userId }));
      expect(await readWholeBoard(database.db, { seasonId: SEASON, board, pageSize: 37 })).toEqual(expected);
      // One member's own row (its rank from its block's chunk and the chunk's earlier blocks).
      expect(expected.length).toBeGreaterThan(0);
      for (const { rank, userId } of [0, Math.floor(expected.length / 2), expected.length - 1].flatMap(
        (index) => expected[index] ?? [],
      )) {
        const own = await readLeaderboardPage(database.db, {
          seasonId: SEASON,
          board,
          page: 1,
          pageSize: 25,
          onlyUserId: userId,
        });
        expect(own.rows.map((row) => [row.userId, row.rank])).toEqual([[userId, rank]]);
      }
    }
  }

  /** The blocks and chunks kept by placements are those a rebuild would count. */
  async function expectCountedAsRebuild() {
    await countAsRebuild();
    for (const table of ['standings_rank_blocks', 'standings_rank_chunks']) {
      const read = (name: string) =>
        selectRows(database.db, sql.raw(`select * from ${name} order by board, name, 4`));
      expect(await read(table)).toEqual(await read(`${table}_next`));
    }
  }

  function blockChanges(
    rows: readonly { position: number; country: string; club: string }[],
    change: 1 | -1,
  ) {
    return rows.flatMap((row): BlockChange[] => [
      { board: 'global', name: '', position: row.position, change },
      { board: 'country', name: row.country, position: row.position, change },
      { board: 'club', name: row.club, position: row.position, change },
    ]);
  }

  /** Takes `leaving` off and puts `joining` on, as one placement does. */
  async function place(leaving: readonly Member[], joining: readonly Member[]) {
    await database.db.transaction(async (tx) => {
      const removed = await removeMembers(
        tx,
        SEASON,
        leaving.map((member) => member.userId),
      );
      expect(removed.board).toHaveLength(leaving.length);
      await shiftRankBlocks(tx, SEASON, [...blockChanges(removed.board, -1), ...blockChanges(joining, 1)]);
    });
    if (joining.length > 0) await insertRows(joining);
    const gone = new Set(leaving.map((member) => member.userId));
    members = [...members.filter((member) => !gone.has(member.userId)), ...joining];
  }

  it('reads every board across its chunks as a rebuild counts them', async () => {
    const chunks = await selectRows<{ chunks: number }>(
      database.db,
      sql`select count(*)::int as chunks from standings_rank_chunks where board = 'global'`,
    );
    expect(chunks[0]?.chunks).toBe(Math.ceil(200 / RANK_CHUNK_BLOCKS));
    await expectBoardsRead();
  });

  it('keeps the blocks and chunks as a rebuild counts them while members move, and whole blocks and chunks empty', async () => {
    // Members moved to free places anywhere (some in the gaps between two rebuilt places).
    const taken = new Set(members.map((member) => member.position));
    const moved = members.filter((_, index) => index % 5 === 0);
    const movedTo = moved.map((member) => {
      let position: number;
      do position = rebuiltPosition(1 + next(200_000)) - (next(2) === 0 ? 0 : 1_000);
      while (taken.has(position));
      taken.add(position);
      return { ...member, position };
    });
    await place(moved, movedTo);
    await expectCountedAsRebuild();
    await expectBoardsRead();

    // Everyone in the second chunk leaves (its blocks and the chunk go), and a new member comes
    // after the last.
    const secondChunk = members.filter((member) => chunkOfPosition(member.position) === 1);
    expect(secondChunk.length).toBeGreaterThan(0);
    await place(secondChunk, [
      { userId: 'last', position: rebuiltPosition(250_000), country: 'Japan', club: 'Fulham' },
    ]);
    await expectCountedAsRebuild();
    await expectBoardsRead();
  });
});

/** The chunk of rank blocks holding a position of the global order. */
function chunkOfPosition(position: number): number {
  return Math.floor(Math.floor((position - 1) / BLOCK_SPAN) / RANK_CHUNK_BLOCKS);
}
