import type { Transaction } from '../../../../db/database.ts';
import { holdOffRebuilds, waitToPlace } from '../locks.ts';
import { forgetUnheldNames } from '../names-repository.ts';
import { requestBoardRebuild } from '../standings-inputs-repository.ts';
import {
  applyBlockMoves,
  createPlacingTables,
  listSeasonsHolding,
  removeMembers,
} from './board-rows-repository.ts';
import { forgetMemberChange, markDeletionPlaced, saveBoardRevision } from './member-changes-repository.ts';

/**
 * Takes a deleted account's member off every board and league now, in the caller's transaction.
 * A rebuild under way may have read them, so another is asked for.
 */
export async function takeMemberOffBoards(tx: Transaction, userId: string): Promise<void> {
  await waitToPlace(tx);
  if (!(await holdOffRebuilds(tx))) await requestBoardRebuild(tx);
  const namesLeft: string[] = [];
  for (const seasonId of await listSeasonsHolding(tx, userId)) {
    await createPlacingTables(tx);
    const { removed, searchNames } = await removeMembers(tx, seasonId, [userId]);
    namesLeft.push(...searchNames);
    await applyBlockMoves(tx, seasonId);
    await saveBoardRevision(tx, seasonId, { memberChange: -removed });
  }
  await forgetUnheldNames(tx, namesLeft);
  await forgetMemberChange(tx, userId);
  await markDeletionPlaced(tx, userId);
}
