import type { Transaction } from '../../../../db/database.ts';
import { holdOffRebuilds, waitToPlace } from '../locks.ts';
import { forgetUnheldNames } from '../names-repository.ts';
import { requestBoardRebuild } from '../standings-inputs-repository.ts';
import { listSeasonsHolding } from './board-members-repository.ts';
import { removeMembers } from './board-rows-repository.ts';
import { BoardShifts } from './board-shifts.ts';
import { forgetMemberChange, markDeletionPlaced } from './member-changes-repository.ts';
import { saveBoardRevision } from './placing-state-repository.ts';
import { shiftRankBlocks } from './rank-block-counts-repository.ts';

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
  for (const seasonId of await listSeasonsHolding(tx, userId)) {
    const removed = await removeMembers(tx, seasonId, [userId]);
    namesLeft.push(...removed.board.map((row) => row.fullName));
    const shifts = new BoardShifts();
    for (const row of removed.board) shifts.member(row, -1);
    for (const row of removed.leagues) shifts.league(row, -1);
    await shiftRankBlocks(tx, seasonId, shifts.blockChanges());
    await saveBoardRevision(tx, seasonId, { memberChange: -removed.board.length });
  }
  await forgetUnheldNames(tx, namesLeft);
  await forgetMemberChange(tx, userId);
  await markDeletionPlaced(tx, userId);
}
