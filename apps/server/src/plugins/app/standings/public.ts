/** What the rest of the server uses of the standings (Biome keeps other features to this file). */
export { markMemberChanged } from './placing/member-changes-repository.ts';
export { takeMemberOffBoards } from './placing/take-member-off-boards.ts';
export { type BoardCacheOptions, boardCachePlugin } from './reading/board-cache.ts';
export { replyWithBoardPage } from './reading/board-etag.ts';
export { listLeaderboard } from './reading/list-leaderboard.ts';
export { listLeagueStandings } from './reading/list-league-standings.ts';
export { standingsPlugin } from './standings-service.ts';
