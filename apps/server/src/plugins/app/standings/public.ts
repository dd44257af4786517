/**
 * What the rest of the server uses of the standings; Biome keeps other features and the routes
 * to this file, so the folders behind it can change without touching them.
 */
export { markMemberChanged } from './placing/member-changes-repository.ts';
export { takeMemberOffBoards } from './placing/take-member-off-boards.ts';
export { type BoardCacheOptions, boardCachePlugin } from './reading/board-cache.ts';
export { replyWithBoardPage } from './reading/board-etag.ts';
export { listLeaderboard } from './reading/list-leaderboard.ts';
export { listLeagueStandings } from './reading/list-league-standings.ts';
export { standingsPlugin } from './standings-service.ts';
