import { BLOCK_SPAN } from '../../../../db/schema/index.ts';
import type { BlockChange } from './rank-block-counts-repository.ts';

/**
 * The members each rank block gains or loses, summed as members are
 * taken off and placed: one row per block, however many members the batches move.
 */
export class BoardShifts {
  readonly #blocks = new Map<string, BlockChange>();

  /** A member on the global board, and on their country's and club's. */
  member(row: { position: number; country: string; club: string }, change: 1 | -1): void {
    this.#block({ board: 'global', name: '', position: row.position, change });
    this.#block({ board: 'country', name: row.country, position: row.position, change });
    this.#block({ board: 'club', name: row.club, position: row.position, change });
  }

  league(row: { leagueId: string; position: number }, change: 1 | -1): void {
    this.#block({ board: 'league', name: row.leagueId, position: row.position, change });
  }

  blockChanges(): BlockChange[] {
    return [...this.#blocks.values()];
  }

  #block(change: BlockChange): void {
    const key = `${change.board}\u0000${change.name}\u0000${Math.floor((change.position - 1) / BLOCK_SPAN)}`;
    const known = this.#blocks.get(key);
    if (known) known.change += change.change;
    else this.#blocks.set(key, { ...change });
  }
}
