import { sql } from 'drizzle-orm';
import { selectRows, type Transaction } from '../../../../db/database.ts';
import { type RankedWith, standingsState } from '../../../../db/schema/index.ts';
import { textArray } from '../../../../db/sql-values.ts';
import { isBoardLostSql } from '../rank-blocks-repository.ts';

/** The state row as a placement reads it, and the new board version it leaves there. */

export interface PlacingState {
  rankedWith: RankedWith;
  countries: string[];
  clubs: string[];
  /** A crash of the database emptied the board's tables (`isBoardLostSql`): nothing to place on. */
  isBoardLost: boolean;
}

/** What the stored board of the season was ranked with; undefined before its first computation. */
export async function readPlacingState(tx: Transaction, seasonId: string): Promise<PlacingState | undefined> {
  const [row] = await selectRows<{
    ranked_with: RankedWith;
    countries: string[];
    clubs: string[];
    is_board_lost: boolean;
  }>(
    tx,
    sql`select ${standingsState.rankedWith} as ranked_with, ${standingsState.countries} as countries,
        ${standingsState.clubs} as clubs, ${isBoardLostSql(seasonId)} as is_board_lost
      from ${standingsState} where ${standingsState.seasonId} = ${seasonId}`,
  );
  return row
    ? {
        rankedWith: row.ranked_with,
        countries: row.countries,
        clubs: row.clubs,
        isBoardLost: row.is_board_lost === true,
      }
    : undefined;
}

/** The goals a placement has scored the board with instead of those it counted (place-member-changes.ts). */
export interface GoalsPlaced {
  computedFor: Date;
  goalsFingerprint: string;
  rankedWith: RankedWith;
}

/**
 * Marks the board as revised by a placement (a new version for the caches: decision 016), with
 * its member count moved by `memberChange`, the countries and clubs a search matches, when the
 * placement started (its transaction's start) and how long it took, and the goals it now stands
 * for when the placement moved the pickers of changed scorers.
 */
export async function saveBoardRevision(
  tx: Transaction,
  seasonId: string,
  revision: {
    memberChange: number;
    countries?: string[];
    clubs?: string[];
    placeMs?: number;
    goals?: GoalsPlaced;
  },
): Promise<void> {
  const lists =
    revision.countries && revision.clubs
      ? sql`, countries = ${textArray(revision.countries)}::text[], clubs = ${textArray(revision.clubs)}::text[]`
      : sql``;
  const timing =
    revision.placeMs === undefined ? sql`` : sql`, placed_at = now(), place_ms = ${revision.placeMs}::int`;
  const goals = revision.goals
    ? sql`, computed_for = ${revision.goals.computedFor.toISOString()}::timestamptz,
        goals_fingerprint = ${revision.goals.goalsFingerprint},
        ranked_with = ${JSON.stringify(revision.goals.rankedWith)}::jsonb`
    : sql``;
  await tx.execute(sql`update ${standingsState} set members = members + ${revision.memberChange}::int,
      revision = revision + 1 ${lists} ${timing} ${goals}
    where ${standingsState.seasonId} = ${seasonId}`);
}
