import type { Transaction } from '../../../../db/database.ts';
import { holdOffRebuilds, waitToPlace } from '../locks.ts';
import { forgetUnheldNames } from '../names-repository.ts';
import { requestBoardRebuild } from '../standings-inputs-repository.ts';
import {
  clearBoardMoves,
  createPlacingTables,
  listSeasonsHolding,
  removeMembers,
} from './board-rows-repository.ts';
import { forgetMemberChange, markDeletionPlaced } from './member-changes-repository.ts';
import { saveBoardRevision } from './placing-state-repository.ts';
import { applyBlockMoves } from './rank-block-counts-repository.ts';

/**
 * Takes a member off every stored board and league standings now, in the caller's transaction
 * (an account deleted: the person leaves every page at once), with the rank blocks and state
 * row moved in step, and forgets their waiting change: nothing of theirs is kept. A
 * rebuild under way may have read them: then another is asked for, which leaves them out. Their
 * leagues' standings are then current: no change of theirs waits to be placed.
 */
export async function takeMemberOffBoards(tx: Transaction, userId: string): Promise<void> {
  await waitToPlace(tx);
  if (!(await holdOffRebuilds(tx))) await requestBoardRebuild(tx);
  const namesLeft: string[] = [];
  const seasons = await listSeasonsHolding(tx, userId);
  if (seasons.length > 0) await createPlacingTables(tx);
  for (const seasonId of seasons) {
    const { removed, searchNames } = await removeMembers(tx, seasonId, [userId]);
    namesLeft.push(...searchNames);
    await applyBlockMoves(tx, seasonId);
    await clearBoardMoves(tx);
    await saveBoardRevision(tx, seasonId, { memberChange: -removed });
  }
  await forgetUnheldNames(tx, namesLeft);
  await forgetMemberChange(tx, userId);
  await markDeletionPlaced(tx, userId);
}
