import { autoPickGoalBounds, type CatalogPlayer, type PlayerListParams } from '@hit21/core';
import { listPlayers } from './list-players.ts';

/** The endpoint's largest page: the ~750 outfield players take about 8 requests at most. */
const CANDIDATE_PAGE_SIZE = 100;

/**
 * Every player auto pick may choose from: the screen's filters narrowed to 1-10 goals last
 * season, in the list's order, read page by page from the server.
 */
export async function listAutoPickCandidates(filters: PlayerListParams): Promise<CatalogPlayer[]> {
  const bounds = autoPickGoalBounds(filters);
  if (!bounds) return [];
  const candidates: CatalogPlayer[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await listPlayers({ ...filters, ...bounds, page, pageSize: CANDIDATE_PAGE_SIZE });
    candidates.push(...answer.players);
    if (answer.players.length < CANDIDATE_PAGE_SIZE || candidates.length >= answer.total) return candidates;
  }
}
